import type { MediaInfo, MediaSource } from "@/lib/media";
import { embedUrl, httpUrl, isUploadPath, isVideoFile, isVideoService } from "@/lib/media-url";

/**
 * How a portfolio item's video address opens (SPEC.md section 4, "Work section"):
 * - /uploads/… plays at once in the modal, streamed through /api/video-proxy;
 * - YouTube (youtube.com, youtu.be) and Vimeo addresses play embedded in the modal;
 * - addresses ending .mp4, .webm or .ogg play in a native player in the modal;
 * - any other http(s) address opens in a new tab; anything else (javascript:, garbage) does nothing.
 * An upload that processing has made ready (`videoMedia`) plays its renditions in the
 * modal, with the poster, whatever its address says.
 */
export type VideoTarget =
  | { kind: "processed"; src: string; poster: string; sources: MediaSource[] }
  | { kind: "upload"; src: string }
  | { kind: "embed"; src: string }
  | { kind: "file"; src: string }
  | { kind: "external"; href: string }
  | { kind: "none" };

export function videoTarget(
  address: string | null | undefined,
  media?: MediaInfo | null,
): VideoTarget {
  const sources = media?.status === "ready" ? media.sources : [];
  const largest = sources.at(-1);
  if (media && largest) {
    return { kind: "processed", src: largest.url, poster: media.posterUrl, sources };
  }
  const trimmed = (address ?? "").trim();
  if (trimmed === "") return { kind: "none" };
  if (isUploadPath(trimmed)) {
    return { kind: "upload", src: trimmed }; // the uploads player streams it through the proxy
  }
  const url = httpUrl(trimmed);
  if (!url) return { kind: "none" };
  // SPEC.md section 4: every address on the two services opens the modal; one that names no
  // video (a channel page) is framed as it is, and the service decides what it shows.
  if (isVideoService(url)) return { kind: "embed", src: embedUrl(url) ?? url.toString() };
  if (isVideoFile(url)) return { kind: "file", src: url.toString() };
  return { kind: "external", href: url.toString() };
}

/** Whether the address plays in the modal (as opposed to a new tab or nothing). */
export function opensInModal(target: VideoTarget): target is Extract<VideoTarget, { src: string }> {
  return (
    target.kind === "processed" ||
    target.kind === "upload" ||
    target.kind === "embed" ||
    target.kind === "file"
  );
}

/** Phones (and narrow windows) get the small rendition; anything wider the large one. */
export const narrowScreen = "(max-width: 768px)";

/** The rendition to play: the smallest on a narrow screen, the largest otherwise. */
export function pickSource(sources: MediaSource[], narrow: boolean): MediaSource | undefined {
  return narrow ? sources[0] : sources.at(-1);
}

/**
 * How a portfolio item's video address opens (SPEC.md section 4, "Work section"):
 * - /uploads/… plays at once in the modal, streamed through /api/video-proxy;
 * - YouTube (youtube.com, youtu.be) and Vimeo addresses play embedded in the modal;
 * - addresses ending .mp4, .webm or .ogg play in a native player in the modal;
 * - any other http(s) address opens in a new tab; anything else (javascript:, garbage) does nothing.
 */
export type VideoTarget =
  | { kind: "upload"; src: string }
  | { kind: "embed"; src: string }
  | { kind: "file"; src: string }
  | { kind: "external"; href: string }
  | { kind: "none" };

const fileEndings = [".mp4", ".webm", ".ogg"];

function parseHttpUrl(address: string): URL | null {
  try {
    const url = new URL(address);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

const isHost = (url: URL, domain: string) =>
  url.hostname === domain || url.hostname.endsWith(`.${domain}`);

/** A YouTube watch (or short) address as an embed address: the watch query becomes /embed/ID. */
export function youtubeEmbedUrl(url: URL): string {
  if (isHost(url, "youtu.be")) {
    const id = url.pathname.split("/").filter(Boolean)[0] ?? "";
    return `https://www.youtube.com/embed/${encodeURIComponent(id)}`;
  }
  if (url.pathname.startsWith("/embed/")) return url.toString();
  const id = url.searchParams.get("v");
  if (url.pathname === "/watch" && id) {
    return `https://www.youtube.com/embed/${encodeURIComponent(id)}`;
  }
  // Shorts and other forms: the last path segment is the video id.
  const last = url.pathname.split("/").filter(Boolean).pop() ?? "";
  return `https://www.youtube.com/embed/${encodeURIComponent(last)}`;
}

/** A Vimeo address as the player address, using the last path segment as the id. */
export function vimeoEmbedUrl(url: URL): string {
  const last = url.pathname.split("/").filter(Boolean).pop() ?? "";
  return `https://player.vimeo.com/video/${encodeURIComponent(last)}`;
}

export function videoTarget(address: string | null | undefined): VideoTarget {
  const trimmed = (address ?? "").trim();
  if (trimmed === "") return { kind: "none" };
  if (trimmed.startsWith("/uploads/")) {
    return { kind: "upload", src: trimmed }; // the uploads player streams it through the proxy
  }
  const url = parseHttpUrl(trimmed);
  if (!url) return { kind: "none" };
  if (isHost(url, "youtube.com") || isHost(url, "youtu.be")) {
    return { kind: "embed", src: youtubeEmbedUrl(url) };
  }
  if (isHost(url, "vimeo.com")) {
    return { kind: "embed", src: vimeoEmbedUrl(url) };
  }
  const path = url.pathname.toLowerCase();
  if (fileEndings.some((ending) => path.endsWith(ending))) {
    return { kind: "file", src: url.toString() };
  }
  return { kind: "external", href: url.toString() };
}

/** Whether the address plays in the modal (as opposed to a new tab or nothing). */
export function opensInModal(target: VideoTarget): target is Extract<VideoTarget, { src: string }> {
  return target.kind === "upload" || target.kind === "embed" || target.kind === "file";
}

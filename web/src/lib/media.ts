import { ApiError, errorMessage } from "./api";
import { type UploadOptions, uploadVideo } from "./upload";

/** The states of an upload's processing, as the server names them (testdata/rules.json). */
export const mediaStatuses = ["processing", "ready", "failed"] as const;
export type MediaStatus = (typeof mediaStatuses)[number];

/**
 * What background processing made of an uploaded video or image (DESIGN.md section 6: media is
 * processed, never served raw), as the portfolio and testimonial answers carry it in `videoMedia`
 * and `imageMedia`. Visitors get it only once it is ready (else null), and the item's
 * `videoUrl`/`imageUrl` then already points at a processed file; an admin gets every state.
 */
export interface MediaInfo {
  status: MediaStatus;
  /** Why processing failed, for the admin only. */
  error?: string;
  width: number;
  height: number;
  durationMs: number;
  /** A video's still frame ("" for an image). */
  posterUrl: string;
  /** The renditions (video) or variants (image), smallest width first. */
  sources: MediaSource[];
  /**
   * A photo's crops in the work card's 9:16 shape (WebP, smallest first): what the card shows of
   * it, so a landscape photo does not send the pixels the card cuts off. Absent for a video.
   */
  cardSources?: MediaSource[];
  /**
   * The admin's status only (GET /api/admin/media/{name}): how far the processing has come, in
   * percent, while it runs; null or absent when the job has not said.
   */
  progress?: number | null;
}

export interface MediaSource {
  url: string;
  width: number;
  height: number;
  type: string;
  bytes: number;
}

// --- Photos: upload, processing state, responsive sources ---

/** The largest photo accepted (the server's images.MaxBytes). */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** What the uploader says of a larger photo: the server's words (images.ErrTooLarge). */
export const msgImageTooLarge = "Bildet er for stort: grensen er 25 MB.";

const imageTypesByExtension: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  heif: "image/heif",
};

/** The type to declare for a photo; browsers leave HEIC's empty, so guess by extension. */
export function imageType(file: File): string {
  if (file.type.startsWith("image/")) return file.type;
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return imageTypesByExtension[extension] ?? "image/unknown";
}

/**
 * Sends a photo through the chunked upload API as an image; resolves to its "/uploads/…" address.
 * The server words its photo refusals in Norwegian, so its message is the error shown.
 */
export async function uploadImage(
  file: File,
  options: Omit<UploadOptions, "fileType"> = {},
): Promise<string> {
  try {
    return await uploadVideo(file, { ...options, fileType: imageType(file) });
  } catch (failure) {
    const cause = failure instanceof Error ? failure.cause : undefined;
    if (cause instanceof ApiError) throw new Error(errorMessage(cause, String(failure)));
    throw failure;
  }
}

/** The smallest variant of a type at least `width` pixels wide, else the largest one. */
export function sourceFor(media: MediaInfo, type: string, width: number): MediaSource | undefined {
  const list = media.sources.filter((s) => s.type === type);
  return list.find((s) => s.width >= width) ?? list[list.length - 1];
}

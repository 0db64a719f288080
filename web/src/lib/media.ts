/**
 * What background processing made of an uploaded video or image (DESIGN.md section 6: media is
 * processed, never served raw), as the portfolio and testimonial answers carry it in `videoMedia`
 * and `imageMedia`. Visitors get it only once it is ready (else null), and the item's
 * `videoUrl`/`imageUrl` then already points at a processed file; an admin gets every state.
 */
export interface MediaInfo {
  status: "processing" | "ready" | "failed";
  /** Why processing failed, for the admin only. */
  error?: string;
  width: number;
  height: number;
  durationMs: number;
  /** A video's still frame ("" for an image). */
  posterUrl: string;
  /** The renditions (video) or variants (image), smallest width first. */
  sources: MediaSource[];
}

export interface MediaSource {
  url: string;
  width: number;
  height: number;
  type: string;
  bytes: number;
}

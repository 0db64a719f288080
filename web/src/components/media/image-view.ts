import type { MediaInfo } from "@/lib/media";

/**
 * What shows an item's photo, decided in one place for the visitor's card and every admin
 * thumbnail and preview. An upload's original is private once processed, so a processed
 * photo is always shown from its variants, never from the address the item stores:
 * - "picture": processing is done; show the variants, `src` being the largest JPEG (every browser
 *   shows JPEG; for a visitor the server already put that address in the item);
 * - "processing" / "failed": the admin's states while the job runs or after it failed (a visitor
 *   never gets these: the server leaves the media out until it is ready);
 * - "address": an image that is no processed upload (an external http(s) address, an upload from
 *   before processing), shown from the address itself;
 * - "none": nothing to show.
 */
export type ImageView =
  | { kind: "picture"; media: MediaInfo; src: string }
  | { kind: "processing" }
  | { kind: "failed"; reason: string }
  | { kind: "address"; src: string }
  | { kind: "none" };

export function imageView(address: string, media: MediaInfo | null | undefined): ImageView {
  if (media?.status === "processing") return { kind: "processing" };
  if (media?.status === "failed") return { kind: "failed", reason: media.error ?? "" };
  if (media?.status === "ready") {
    const jpeg = media.sources.filter((s) => s.type === "image/jpeg");
    const largest = (jpeg.length > 0 ? jpeg : media.sources).at(-1);
    return largest ? { kind: "picture", media, src: largest.url } : { kind: "none" };
  }
  const src = address.trim();
  return src === "" ? { kind: "none" } : { kind: "address", src };
}

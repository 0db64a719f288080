import type { ImgHTMLAttributes } from "react";
import type { MediaInfo, MediaSource } from "@/lib/media";

/** The `srcset` of the sources of one type ("" when there are none). */
export function srcSetOf(sources: MediaSource[], type: string): string {
  return sources
    .filter((s) => s.type === type)
    .map((s) => `${s.url} ${s.width}w`)
    .join(", ");
}

/**
 * A processed photo as a `<picture>`: WebP variants for the browsers that take them, the
 * JPEG variants for the rest, each a `srcset` by width so the browser loads the smallest one that
 * fills `sizes` on its screen, and width/height from the photo so the page does not shift.
 * `img` carries the rest (class, alt, loading…). With `crop`, the WebP source is a crop of the
 * photo in the shape it is shown in (the work card's 9:16), with its own `sizes`.
 */
export function ResponsivePicture({
  media,
  sizes,
  crop,
  fallback,
  alt,
  ...img
}: {
  media: MediaInfo;
  sizes: string;
  crop?: { sources: MediaSource[]; sizes: string };
  /** The JPEG address the item's imageUrl already holds, for the `src`. */
  fallback: string;
  /** "" for a picture that only decorates. */
  alt: string;
} & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes" | "width" | "height" | "alt"
>) {
  const webp = srcSetOf(crop?.sources ?? media.sources, "image/webp");
  const jpeg = srcSetOf(media.sources, "image/jpeg");
  return (
    <picture>
      {webp ? <source type="image/webp" srcSet={webp} sizes={crop?.sizes ?? sizes} /> : null}
      <img
        {...img}
        alt={alt}
        src={fallback}
        srcSet={jpeg || undefined}
        sizes={jpeg ? sizes : undefined}
        width={media.width}
        height={media.height}
      />
    </picture>
  );
}

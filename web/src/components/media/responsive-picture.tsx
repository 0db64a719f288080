import type { ImgHTMLAttributes } from "react";
import type { MediaInfo } from "@/lib/media";

/** The `srcset` of a processed image's variants of one type ("" when it has none). */
export function srcSetOf(media: MediaInfo, type: string): string {
  return media.sources
    .filter((s) => s.type === type)
    .map((s) => `${s.url} ${s.width}w`)
    .join(", ");
}

/**
 * A processed photo (issue 13) as a `<picture>`: WebP variants for the browsers that take them, the
 * JPEG variants for the rest, each a `srcset` by width so the browser loads the smallest one that
 * fills `sizes` on its screen, and width/height from the photo so the page does not shift.
 * `img` carries the rest (class, alt, loading…).
 */
export function ResponsivePicture({
  media,
  sizes,
  fallback,
  alt,
  ...img
}: {
  media: MediaInfo;
  sizes: string;
  /** The JPEG address the item's imageUrl already holds, for the `src`. */
  fallback: string;
  /** "" for a picture that only decorates. */
  alt: string;
} & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes" | "width" | "height" | "alt"
>) {
  const webp = srcSetOf(media, "image/webp");
  const jpeg = srcSetOf(media, "image/jpeg");
  return (
    <picture>
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
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

import { useState } from "react";
import type { PortfolioItem } from "@/api/portfolio";
import { imageView } from "@/components/media/image-view";
import { ResponsivePicture } from "@/components/media/responsive-picture";
import { ImageOff, Play } from "@/components/ui/icons";
import { useLanguage } from "@/lib/i18n";

/**
 * The picture of a work card: the item's image; without one (or when it fails to load: moved,
 * deleted) the poster of its processed video, else a placeholder that says what the card holds, an upload to play, a linked video, or
 * nothing to show.
 */
export function WorkThumbnail({ item }: { item: PortfolioItem }) {
  const { t } = useLanguage();
  const [broken, setBroken] = useState(false);
  const view = imageView(item.imageUrl, item.imageMedia);
  if (view.kind === "picture" && !broken) {
    const media = view.media;
    const crops = media.cardSources ?? [];
    return (
      <ResponsivePicture
        media={media}
        sizes={cardSizes(media.width / media.height)}
        crop={crops.length > 0 ? { sources: crops, sizes: cardSizes(9 / 16) } : undefined}
        fallback={view.src}
        onError={() => setBroken(true)}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
      />
    );
  }
  if (view.kind === "address" && !broken) {
    return (
      <img
        src={view.src}
        onError={() => setBroken(true)}
        alt=""
        width={720}
        height={1280}
        loading="lazy"
        decoding="async"
        className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
      />
    );
  }
  // A processed upload's poster stands where the dark placeholder was.
  const poster = item.videoMedia?.status === "ready" ? item.videoMedia.posterUrl : "";
  if (poster !== "") {
    return (
      <img
        src={poster}
        alt=""
        width={item.videoMedia?.width}
        height={item.videoMedia?.height}
        loading="lazy"
        decoding="async"
        data-testid="work-poster"
        className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
      />
    );
  }
  if (item.videoUrl.startsWith("/uploads/")) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-3 bg-stone-900 text-stone-100">
        <span className="grid size-14 place-items-center rounded-full bg-white/15">
          <Play aria-hidden="true" className="ml-1 size-7 fill-current" />
        </span>
        <span className="text-sm font-medium">{t.work.clickToPlay}</span>
      </div>
    );
  }
  if (item.videoUrl.trim() !== "") {
    return (
      <div className="grid size-full place-items-center bg-stone-300 text-stone-700">
        <Play aria-hidden="true" className="size-10" />
      </div>
    );
  }
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 bg-stone-200 text-stone-600">
      <ImageOff aria-hidden="true" className="size-8" />
      <span className="text-sm font-medium">{t.work.noImage}</span>
    </div>
  );
}

/**
 * The `sizes` of a card's photo: the card's width at each breakpoint of the work section's row
 * (72% of the phone's width less its 20 px margins, then 44%, 31% and 23% of the 1280 px-wide
 * content), times how much wider than the 9:16 card a photo of this aspect (width/height) is
 * drawn, as object-cover fills the card's height.
 */
export function cardSizes(aspect: number): string {
  const wider = Math.max(1, aspect * (16 / 9));
  const f = (n: number) => Number((n * wider).toFixed(3));
  return [
    `(min-width: 1280px) ${Math.round((1280 - 64) * 0.23 * wider)}px`,
    `(min-width: 1024px) calc((100vw - 64px) * ${f(0.23)})`,
    `(min-width: 768px) calc((100vw - 64px) * ${f(0.31)})`,
    `(min-width: 640px) calc((100vw - 64px) * ${f(0.44)})`,
    `calc((100vw - 40px) * ${f(0.72)})`,
  ].join(", ");
}

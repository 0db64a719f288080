import { categoryLabel, type PortfolioItem } from "@/api/portfolio";
import { ExternalLink, Play } from "@/components/ui/icons";
import { format, useLanguage } from "@/lib/i18n";
import { opensInModal, type VideoTarget, videoTarget } from "./video-links";
import { WorkThumbnail } from "./work-thumbnail";

/**
 * One card of the work carousel (SPEC.md section 4): the picture with its category, the title and
 * the description clamped to 3 lines. A card with a video is a button over the picture that plays
 * it (or opens its page in a new tab).
 */
export function WorkCard({
  item,
  onPlay,
}: {
  item: PortfolioItem;
  onPlay: (item: PortfolioItem, target: VideoTarget) => void;
}) {
  const { t } = useLanguage();
  const target = videoTarget(item.videoUrl, item.videoMedia);
  const playable = target.kind !== "none";
  return (
    <article className="group flex h-full flex-col">
      <div className="relative aspect-[9/16] overflow-hidden rounded-3xl bg-stone-200 shadow-sm ring-1 ring-stone-900/5">
        <WorkThumbnail item={item} />
        {playable && (
          <button
            type="button"
            onClick={() => onPlay(item, target)}
            aria-label={format(opensInModal(target) ? t.work.play : t.work.open, {
              title: item.title,
            })}
            // Without hover (phones), the play badge always shows: nothing else says the card plays.
            className="absolute inset-0 grid place-items-center bg-stone-950/0 opacity-0 transition-all duration-300 hover:bg-stone-950/35 hover:opacity-100 focus-visible:bg-stone-950/35 focus-visible:opacity-100 focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-amber-300 group-hover:bg-stone-950/35 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
          >
            <span className="grid size-16 place-items-center rounded-full bg-white text-stone-950 shadow-xl">
              {opensInModal(target) ? (
                <Play aria-hidden="true" className="ml-1 size-7 fill-current" />
              ) : (
                <ExternalLink aria-hidden="true" className="size-6" />
              )}
            </span>
          </button>
        )}
        <span className="pointer-events-none absolute left-3 top-3 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-stone-900 shadow-sm backdrop-blur">
          {categoryLabel(item.category, t.work.categories)}
        </span>
      </div>
      <h3 className="mt-4 text-lg font-bold leading-snug text-stone-950">{item.title}</h3>
      <p className="mt-1.5 line-clamp-3 text-sm leading-relaxed text-stone-600">
        {item.description}
      </p>
    </article>
  );
}

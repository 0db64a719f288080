import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  type PortfolioCategory,
  type PortfolioItem,
  portfolioCategories,
  usePortfolio,
} from "@/api/portfolio";
import { cn } from "@/components/ui/cn";
import { useLanguage } from "@/lib/i18n";
import { SectionHeading } from "../sections/section-heading";
import { onPlayFirst } from "./play-first";
import { ScrollButton, scrollCarousel } from "./scroll-button";
import { opensInModal, type VideoTarget, videoTarget } from "./video-links";
import { WorkCard } from "./work-card";

// The player opens on a click only: its code (and the uploads player) loads then, not with the page.
const VideoModal = lazy(() => import("./video-modal").then((m) => ({ default: m.VideoModal })));

/** The public filter (SPEC.md sections 3 and 9): the categories but "other" (shown under all). */
const workFilters = [
  "all",
  ...portfolioCategories.filter((c): c is Exclude<PortfolioCategory, "other"> => c !== "other"),
] as const;
type WorkFilter = (typeof workFilters)[number];

/** Work (#work): filter pills, a snap carousel of cards, and the video modal. */
export function WorkSection() {
  const { t, language } = useLanguage();
  const [filter, setFilter] = useState<WorkFilter>("all");
  const [playing, setPlaying] = useState<{
    itemId: number;
    title: string;
    target: Extract<VideoTarget, { src: string }>;
  } | null>(null);
  const scroller = useRef<HTMLElement>(null);
  const { data, isPending } = usePortfolio(language);

  // An admin's list also holds hidden items (for the back office); the page shows active ones.
  const items = (data ?? []).filter(
    (item) => item.isActive && (filter === "all" || item.category === filter),
  );

  // The hero's play button plays the first video shown (all filters); without one, it shows the work.
  const first = data?.find(
    (item) => item.isActive && opensInModal(videoTarget(item.videoUrl, item.videoMedia)),
  );
  useEffect(
    () =>
      onPlayFirst(() => {
        const target = first && videoTarget(first.videoUrl, first.videoMedia);
        if (first && target && opensInModal(target)) {
          setPlaying({ itemId: first.id, title: first.title, target });
        } else document.getElementById("work")?.scrollIntoView();
      }),
    [first],
  );

  const play = (item: PortfolioItem, target: VideoTarget) => {
    if (opensInModal(target)) {
      setPlaying({ itemId: item.id, title: item.title, target });
    } else if (target.kind === "external") {
      window.open(target.href, "_blank", "noopener,noreferrer");
    }
  };

  return (
    <section
      id="work"
      data-section="work"
      aria-labelledby="work-title"
      className="scroll-mt-20 bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <div className="flex flex-col gap-8 lg:flex-row lg:items-end lg:justify-between">
          <SectionHeading
            id="work-title"
            eyebrow={t.work.eyebrow}
            title={t.work.title}
            description={t.work.description}
            align="left"
          />
          <div className="hidden gap-2 md:flex">
            <ScrollButton
              direction={-1}
              label={t.work.scrollLeft}
              onClick={() => scrollCarousel(scroller.current, -1)}
            />
            <ScrollButton
              direction={1}
              label={t.work.scrollRight}
              onClick={() => scrollCarousel(scroller.current, 1)}
            />
          </div>
        </div>

        <fieldset className="mt-10">
          <legend className="sr-only">{t.work.filterLabel}</legend>
          <div className="-mx-5 flex gap-2 overflow-x-auto px-5 pb-2 sm:mx-0 sm:flex-wrap sm:px-0">
            {workFilters.map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={filter === key}
                onClick={() => setFilter(key)}
                className={cn(
                  "h-10 shrink-0 rounded-full px-5 text-sm font-semibold transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  filter === key
                    ? "bg-stone-900 text-white"
                    : "border border-stone-200 bg-stone-50 text-stone-700 hover:border-stone-400",
                )}
              >
                {key === "all" ? t.work.allFilter : t.work.categories[key]}
              </button>
            ))}
          </div>
        </fieldset>

        {isPending ? (
          <div role="status" className="mt-8 flex gap-5 overflow-hidden">
            <span className="sr-only">{t.work.loading}</span>
            {[0, 1, 2, 3].map((n) => (
              <div
                key={n}
                aria-hidden="true"
                className="aspect-[9/16] w-[72%] shrink-0 animate-pulse rounded-3xl bg-stone-200 sm:w-[44%] md:w-[31%] lg:w-[23%]"
              />
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="mt-8 rounded-3xl border border-dashed border-stone-300 bg-stone-50 px-6 py-16 text-center text-stone-600">
            {t.work.empty}
          </p>
        ) : (
          // The scroller is a focusable region so keyboard users can scroll it even when no card
          // holds a button (items with images only).
          <section
            ref={scroller}
            aria-label={t.work.carouselLabel}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable.
            tabIndex={0}
            className="-mx-5 mt-8 snap-x snap-mandatory scroll-px-5 overflow-x-auto scroll-smooth px-5 pb-4 sm:scroll-px-0 [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring sm:mx-0 sm:px-0"
          >
            <ul className="flex gap-5">
              {items.map((item) => (
                <li
                  key={item.id}
                  data-testid="work-card"
                  className="w-[72%] shrink-0 snap-start sm:w-[44%] md:w-[31%] lg:w-[23%]"
                >
                  <WorkCard item={item} onPlay={play} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {playing && (
        <Suspense fallback={null}>
          <VideoModal
            target={playing.target}
            itemId={playing.itemId}
            title={playing.title}
            closeLabel={t.work.close}
            onClose={() => setPlaying(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, ExternalLink, ImageOff, Play } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { format, useLanguage } from "@/lib/i18n";
import { type PortfolioItem, portfolioQueryKey } from "@/lib/portfolio";
import { SectionHeading } from "../sections/section-heading";
import { opensInModal, type VideoTarget, videoTarget } from "./video-links";

// The player opens on a click only: its code (and the uploads player) loads then, not with the page.
const VideoModal = lazy(() => import("./video-modal").then((m) => ({ default: m.VideoModal })));

/** The public filter (SPEC.md section 3): only these; "other" items show under all. */
export const workFilters = ["all", "product", "lifestyle", "brand", "social"] as const;
export type WorkFilter = (typeof workFilters)[number];

/** SPEC.md section 9: each scroll button moves the carousel by 80 % of its width. */
export const carouselStep = 0.8;

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function Thumbnail({ item }: { item: PortfolioItem }) {
  const { t } = useLanguage();
  // An image that fails to load (moved, deleted) falls back to the placeholders below.
  const [broken, setBroken] = useState(false);
  if (item.imageUrl.trim() !== "" && !broken) {
    return (
      <img
        src={item.imageUrl}
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

function WorkCard({
  item,
  onPlay,
}: {
  item: PortfolioItem;
  onPlay: (item: PortfolioItem, target: VideoTarget) => void;
}) {
  const { t } = useLanguage();
  const target = videoTarget(item.videoUrl);
  const playable = target.kind !== "none";
  const categoryLabel =
    item.category in t.work.categories
      ? t.work.categories[item.category as keyof typeof t.work.categories]
      : capitalise(item.category);
  return (
    <article className="group flex h-full flex-col">
      <div className="relative aspect-[9/16] overflow-hidden rounded-3xl bg-stone-200 shadow-sm ring-1 ring-stone-900/5">
        <Thumbnail item={item} />
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
          {categoryLabel}
        </span>
      </div>
      <h3 className="mt-4 text-lg font-bold leading-snug text-stone-950">{item.title}</h3>
      <p className="mt-1.5 line-clamp-3 text-sm leading-relaxed text-stone-600">
        {item.description}
      </p>
    </article>
  );
}

/** Work (#work): filter pills, a snap carousel of cards, and the video modal. */
export function WorkSection() {
  const { t, language } = useLanguage();
  const [filter, setFilter] = useState<WorkFilter>("all");
  const [playing, setPlaying] = useState<{
    title: string;
    target: Extract<VideoTarget, { src: string }>;
  } | null>(null);
  const scroller = useRef<HTMLElement>(null);
  const { data, isPending } = useQuery<PortfolioItem[]>({
    queryKey: portfolioQueryKey(language),
  });

  // An admin's list also holds hidden items (for the back office); the page shows active ones.
  const items = (data ?? []).filter(
    (item) => item.isActive && (filter === "all" || item.category === filter),
  );

  const play = (item: PortfolioItem, target: VideoTarget) => {
    if (opensInModal(target)) {
      setPlaying({ title: item.title, target });
    } else if (target.kind === "external") {
      window.open(target.href, "_blank", "noopener,noreferrer");
    }
  };

  const scrollBy = (direction: 1 | -1) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * carouselStep, behavior: "smooth" });
  };

  return (
    <section
      id="work"
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
            <button
              type="button"
              onClick={() => scrollBy(-1)}
              aria-label={t.work.scrollLeft}
              className="grid size-12 place-items-center rounded-full border border-stone-300 bg-white transition-colors hover:border-stone-900 hover:bg-stone-900 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => scrollBy(1)}
              aria-label={t.work.scrollRight}
              className="grid size-12 place-items-center rounded-full border border-stone-300 bg-white transition-colors hover:border-stone-900 hover:bg-stone-900 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
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
                {t.work.filters[key]}
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
            title={playing.title}
            closeLabel={t.work.close}
            onClose={() => setPlaying(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

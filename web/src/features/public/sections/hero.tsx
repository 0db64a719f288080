import { useContent, withDefaults } from "@/api/content";
import { ArrowRight, Eye, Play, Star } from "@/components/ui/icons";
import { useLanguage } from "@/lib/i18n";
import { playFirst } from "../work/play-first";
import { AnchorButton } from "./section-heading";

/** Three vertical "video" frames, drawn in CSS: the hero's picture, decorative. */
function HeroVisual() {
  const { t } = useLanguage();
  return (
    <div className="relative mx-auto h-[420px] w-full max-w-[440px] sm:h-[520px]">
      <div aria-hidden="true" className="absolute inset-0">
        <div className="absolute left-0 top-12 aspect-[9/16] w-[44%] -rotate-6 overflow-hidden rounded-[28px] bg-gradient-to-br from-rose-200 via-rose-300 to-rose-500 shadow-xl ring-1 ring-black/5">
          <div className="absolute inset-x-4 bottom-5 space-y-2">
            <div className="h-2 w-3/4 rounded-full bg-white/80" />
            <div className="h-2 w-1/2 rounded-full bg-white/60" />
          </div>
        </div>
        <div className="absolute right-0 top-16 aspect-[9/16] w-[44%] rotate-6 overflow-hidden rounded-[28px] bg-gradient-to-br from-emerald-100 via-teal-200 to-emerald-500 shadow-xl ring-1 ring-black/5">
          <div className="absolute inset-x-4 bottom-5 space-y-2">
            <div className="h-2 w-2/3 rounded-full bg-white/80" />
            <div className="h-2 w-2/5 rounded-full bg-white/60" />
          </div>
        </div>
        <div className="absolute left-1/2 top-0 aspect-[9/16] w-[52%] -translate-x-1/2 overflow-hidden rounded-[32px] border-[6px] border-stone-900 bg-gradient-to-br from-amber-100 via-amber-300 to-orange-500 shadow-2xl">
          <div className="absolute left-1/2 top-2 h-4 w-16 -translate-x-1/2 rounded-full bg-stone-900" />
          <div className="absolute inset-x-4 bottom-6 space-y-2">
            <div className="h-2.5 w-4/5 rounded-full bg-white/90" />
            <div className="h-2.5 w-3/5 rounded-full bg-white/70" />
          </div>
        </div>
        <div className="absolute -left-2 bottom-10 flex items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-lg ring-1 ring-stone-900/5 sm:left-2">
          <span className="grid size-9 place-items-center rounded-full bg-amber-100 text-amber-800">
            <Eye className="size-5" />
          </span>
          <span className="text-sm font-bold text-stone-900">{t.hero.badgeViews}</span>
        </div>
        <div className="absolute -right-2 bottom-24 flex items-center gap-2 rounded-2xl bg-stone-900 px-4 py-3 text-white shadow-lg sm:right-0">
          <Star className="size-4 fill-amber-300 text-amber-300" />
          <span className="text-sm font-bold">{t.hero.badgeBrands}</span>
        </div>
      </div>
      {/* Over the middle frame, outside the picture: the play button plays (work/play-first.ts). */}
      <div className="absolute left-1/2 top-0 grid aspect-[9/16] w-[52%] -translate-x-1/2 place-items-center">
        <button
          type="button"
          onClick={playFirst}
          aria-label={t.hero.play}
          data-track="hero-play"
          className="grid size-16 place-items-center rounded-full bg-white/90 shadow-lg transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <Play aria-hidden="true" className="ml-1 size-7 fill-stone-900 text-stone-900" />
        </button>
      </div>
    </div>
  );
}

/** The hero: who, what, and the two calls to action (#contact, #work). */
export function Hero() {
  const { t, language } = useLanguage();
  const hero = withDefaults(useContent("hero", language).data, t.defaults.hero);
  return (
    <section
      id="about"
      data-section="hero"
      aria-labelledby="hero-title"
      className="relative scroll-mt-20"
    >
      <div className="relative mx-auto grid max-w-7xl items-center gap-14 px-5 pb-20 pt-10 sm:px-8 lg:grid-cols-[1.1fr_1fr] lg:pb-28 lg:pt-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-stone-200 bg-white/70 px-4 py-1.5 text-sm font-medium text-stone-700 shadow-sm">
            <span className="relative flex size-2.5">
              <span className="absolute inline-flex size-full rounded-full bg-emerald-400/40 ring-4 ring-emerald-400/25" />
              <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
            </span>
            {t.hero.availability}
          </p>
          <p className="mt-6 text-sm font-semibold uppercase tracking-[0.2em] text-amber-800">
            {hero.tagline}
          </p>
          <h1
            id="hero-title"
            className="mt-3 text-balance text-4xl font-extrabold leading-[1.05] tracking-tight text-stone-950 sm:text-6xl lg:text-7xl"
          >
            {hero.greeting}
          </h1>
          <p className="mt-6 max-w-xl text-pretty text-xl font-medium leading-relaxed text-stone-800">
            {hero.intro}
          </p>
          <p className="mt-4 max-w-xl text-pretty leading-relaxed text-stone-600">
            {hero.description}
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <AnchorButton href="#contact" track="hero-cta">
              {t.hero.workWithMe}
              <ArrowRight aria-hidden="true" className="size-5" />
            </AnchorButton>
            <AnchorButton href="#work" variant="outline" track="hero-portfolio">
              <Play aria-hidden="true" className="size-4" />
              {t.hero.viewPortfolio}
            </AnchorButton>
          </div>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}

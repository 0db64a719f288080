import { useContent, withDefaults } from "@/api/content";
import { ArrowRight } from "@/components/ui/icons";
import { useLanguage } from "@/lib/i18n";
import { AnchorButton, SectionHeading } from "./section-heading";

/** UGC about (#ugc): what UGC is, three statistic cards (79%, 2.4x, 73%), a call to action. */
export function About() {
  const { t, language } = useLanguage();
  const about = withDefaults(useContent("about", language).data, t.defaults.about);
  const stats = [about.stat1, about.stat2, about.stat3];
  return (
    <section
      id="ugc"
      data-section="about"
      aria-labelledby="ugc-title"
      className="scroll-mt-20 bg-white py-20 sm:py-28"
    >
      {/* SPEC.md order: text, the three cards, then the call to action; on wide screens the cards
          sit in the right column beside the text and the call to action. */}
      <div className="mx-auto grid max-w-7xl gap-x-14 gap-y-10 px-5 sm:px-8 lg:grid-cols-2">
        <div className="lg:self-end">
          <SectionHeading
            id="ugc-title"
            eyebrow={t.about.eyebrow}
            title={about.title}
            align="left"
          />
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-stone-600">
            <p>{about.description1}</p>
            <p>{about.description2}</p>
          </div>
        </div>
        <ul
          aria-label={t.about.statsLabel}
          className="grid gap-4 sm:grid-cols-3 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:grid-cols-1 lg:self-center"
        >
          {stats.map((stat, index) => (
            <li
              key={stat.number}
              className={
                index === 1
                  ? "rounded-3xl bg-stone-900 p-7 text-white shadow-lg lg:ml-12"
                  : "rounded-3xl border border-stone-200 bg-stone-50 p-7"
              }
            >
              <p
                className={
                  index === 1
                    ? "text-5xl font-extrabold tracking-tight text-amber-300"
                    : "text-5xl font-extrabold tracking-tight text-stone-950"
                }
              >
                {stat.number}
              </p>
              <p className={index === 1 ? "mt-3 text-stone-200" : "mt-3 text-stone-600"}>
                {stat.text}
              </p>
            </li>
          ))}
        </ul>
        <div className="lg:col-start-1 lg:row-start-2">
          <AnchorButton href="#contact">
            {t.about.cta}
            <ArrowRight aria-hidden="true" className="size-5" />
          </AnchorButton>
        </div>
      </div>
    </section>
  );
}

import { ArrowRight } from "lucide-react";
import { useContent, withDefaults } from "@/lib/content";
import { useLanguage } from "@/lib/i18n";
import { AnchorButton, SectionHeading } from "./section-heading";

/** UGC about (#ugc): what UGC is, three statistic cards (79%, 2.4x, 73%), a call to action. */
export function About() {
  const { t, language } = useLanguage();
  const about = withDefaults(useContent("about", language).data, t.defaults.about);
  const stats = [about.stat1, about.stat2, about.stat3];
  return (
    <section id="ugc" aria-labelledby="ugc-title" className="scroll-mt-20 bg-white py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-14 px-5 sm:px-8 lg:grid-cols-2 lg:items-center">
        <div>
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
          <AnchorButton href="#contact" className="mt-8">
            {t.about.cta}
            <ArrowRight aria-hidden="true" className="size-5" />
          </AnchorButton>
        </div>
        <ul aria-label={t.about.statsLabel} className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
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
      </div>
    </section>
  );
}

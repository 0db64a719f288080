import type { ComponentType, SVGProps } from "react";
import { useContent, withDefaults } from "@/api/content";
import { Camera, Check, Clapperboard, Sparkles, Video } from "@/components/ui/icons";
import { useLanguage } from "@/lib/i18n";
import { SectionHeading } from "./section-heading";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

function ServiceColumn({
  title,
  items,
  Icon,
  tint,
}: {
  title: string;
  items: string[];
  Icon: Icon;
  tint: string;
}) {
  return (
    <li className="flex flex-col rounded-3xl border border-stone-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md">
      <span className={`grid size-12 place-items-center rounded-2xl ${tint}`}>
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-5 text-xl font-bold text-stone-950">{title}</h3>
      <ul className="mt-5 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-3 text-stone-700">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            {item}
          </li>
        ))}
      </ul>
    </li>
  );
}

// Decorative "photos" of the results block: gradient tiles (no external images, nothing to load).
const photoStyles = [
  "bg-gradient-to-br from-rose-200 via-rose-300 to-rose-500",
  "bg-gradient-to-br from-amber-100 via-amber-300 to-orange-500",
  "bg-gradient-to-br from-sky-100 via-teal-200 to-emerald-500",
];
const photoIcons: Icon[] = [Camera, Clapperboard, Sparkles];

/** Services (#services): three columns of the exact items, then the results block. */
export function Services() {
  const { t, language } = useLanguage();
  const services = withDefaults(useContent("services", language).data, t.defaults.services);
  return (
    <section
      id="services"
      data-section="services"
      aria-labelledby="services-title"
      className="scroll-mt-20 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <SectionHeading
          id="services-title"
          eyebrow={t.services.eyebrow}
          title={services.title}
          description={services.description}
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          <ServiceColumn
            title={services.creativeTitle}
            items={t.services.creativeItems}
            Icon={Sparkles}
            tint="bg-rose-100 text-rose-700"
          />
          <ServiceColumn
            title={services.visualTitle}
            items={t.services.visualItems}
            Icon={Camera}
            tint="bg-amber-100 text-amber-800"
          />
          <ServiceColumn
            title={services.videoTitle}
            items={t.services.videoItems}
            Icon={Video}
            tint="bg-emerald-100 text-emerald-800"
          />
        </ul>

        <div className="mt-8 grid gap-10 overflow-hidden rounded-[2rem] bg-stone-900 p-8 text-white sm:p-12 lg:grid-cols-[1fr_1.1fr] lg:items-center">
          <div>
            <h3 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              {services.resultsTitle}
            </h3>
            <ul className="mt-8 space-y-5">
              {t.services.results.map((statement) => (
                <li key={statement} className="flex items-center gap-4 text-lg text-stone-100">
                  <span className="grid size-9 shrink-0 place-items-center rounded-full bg-amber-300 text-stone-900">
                    <Check aria-hidden="true" className="size-5" />
                  </span>
                  {statement}
                </li>
              ))}
            </ul>
          </div>
          <div aria-hidden="true" className="grid grid-cols-3 gap-3 sm:gap-4">
            {photoStyles.map((style, index) => {
              const PhotoIcon = photoIcons[index] ?? Camera;
              return (
                <div
                  key={style}
                  className={`relative aspect-[3/4] overflow-hidden rounded-2xl ${style} ${index === 1 ? "translate-y-6" : ""}`}
                >
                  <PhotoIcon className="absolute left-3 top-3 size-5 text-white/90" />
                  <span className="absolute inset-x-3 bottom-3 hidden truncate rounded-full bg-black/35 px-2.5 py-1 text-xs font-semibold text-white sm:block">
                    {t.services.photoLabels[index]}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}

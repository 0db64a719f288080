import { cn } from "@/components/ui/cn";
import { Check, Sparkles } from "@/components/ui/icons";
import { useLanguage } from "@/lib/i18n";
import { chooseService, serviceOptions } from "../contact/chosen-service";
import { AnchorButton, SectionHeading } from "./section-heading";

/**
 * Pricing (#pricing): the three fixed packages of SPEC.md section 9, the middle one emphasised.
 * "Choose package" selects the package in the contact form's Service field as it scrolls there.
 */
export function Pricing() {
  const { t } = useLanguage();
  return (
    <section
      id="pricing"
      data-section="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow={t.pricing.eyebrow}
          title={t.pricing.title}
          description={t.pricing.description}
        />
        <ul className="mt-14 grid items-stretch gap-6 lg:grid-cols-3">
          {t.pricing.packages.map((pack, index) => {
            const popular = index === 1;
            return (
              <li
                key={pack.name}
                data-testid="pricing-package"
                data-popular={popular ? "true" : undefined}
                className={cn(
                  "relative flex flex-col rounded-3xl p-8",
                  popular
                    ? "bg-stone-900 text-white shadow-2xl ring-4 ring-amber-300 lg:-my-4 lg:py-12"
                    : "border border-stone-200 bg-stone-50",
                )}
              >
                {popular && (
                  <p className="absolute -top-4 left-1/2 -translate-x-1/2 rounded-full bg-amber-300 px-4 py-1.5 text-xs font-bold tracking-widest text-stone-950 shadow">
                    {t.pricing.popular}
                  </p>
                )}
                <h3
                  className={cn("text-lg font-bold", popular ? "text-amber-300" : "text-stone-900")}
                >
                  {pack.name}
                </h3>
                <p className="mt-4 flex items-baseline gap-2">
                  <span className="text-4xl font-extrabold tracking-tight">{pack.price}</span>
                  <span className={cn("text-sm", popular ? "text-stone-300" : "text-stone-600")}>
                    {t.pricing.currencyNote}
                  </span>
                </p>
                <ul className="mt-8 flex-1 space-y-3">
                  {pack.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-3">
                      <Check
                        aria-hidden="true"
                        className={cn(
                          "mt-0.5 size-5 shrink-0",
                          popular ? "text-amber-300" : "text-emerald-600",
                        )}
                      />
                      <span className={popular ? "text-stone-100" : "text-stone-700"}>
                        {feature}
                      </span>
                    </li>
                  ))}
                </ul>
                <AnchorButton
                  href="#contact"
                  track={`package-${index + 1}`}
                  onClick={() => chooseService(serviceOptions[index] ?? "")}
                  variant={popular ? "accent" : "dark"}
                  className="mt-10 w-full"
                >
                  {t.pricing.choose}
                </AnchorButton>
              </li>
            );
          })}
        </ul>
        <div className="mt-14 flex flex-col items-center gap-6 rounded-3xl bg-gradient-to-br from-amber-100 via-amber-50 to-rose-100 p-8 text-center sm:p-12 lg:flex-row lg:text-left">
          <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-white text-amber-800 shadow-sm">
            <Sparkles aria-hidden="true" className="size-7" />
          </span>
          <div className="flex-1">
            <h3 className="text-2xl font-bold text-stone-950">{t.pricing.customTitle}</h3>
            <p className="mt-2 text-stone-700">{t.pricing.customText}</p>
          </div>
          <AnchorButton
            href="#contact"
            track="package-custom"
            onClick={() => chooseService(serviceOptions[3])}
          >
            {t.pricing.customCta}
          </AnchorButton>
        </div>
      </div>
    </section>
  );
}

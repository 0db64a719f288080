import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useContent, withDefaults } from "@/api/content";
import { Clock, Mail, MapPin } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { useLanguage } from "@/lib/i18n";
import { privacyPathOf } from "@/lib/paths";
import { SectionHeading } from "../sections/section-heading";

// The form (react-hook-form, zod, its resolver) is the page's largest piece of code and sits at
// the bottom: it loads when the section comes within reach, keeping the first load small.
const loadContactForm = () => import("./contact-form");
const ContactForm = lazy(() => loadContactForm().then((m) => ({ default: m.ContactForm })));

function useNearViewport<T extends Element>(margin = "800px") {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === "undefined" || window.location.hash === "#contact") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin, near]);
  return [ref, near] as const;
}

/** Contact (#contact): the texts, e-mail, location and working hours, and the form. */
export function ContactSection() {
  const { t, language } = useLanguage();
  const contact = withDefaults(useContent("contact", language).data, t.defaults.contact);
  const [formSlot, near] = useNearViewport<HTMLDivElement>();
  const details = [
    {
      Icon: Mail,
      label: t.contact.emailLabel,
      value: contact.email,
      href: `mailto:${contact.email}`,
    },
    { Icon: MapPin, label: t.contact.locationLabel, value: contact.location },
    { Icon: Clock, label: t.contact.hoursLabel, value: contact.hours },
  ];
  return (
    <section
      id="contact"
      data-section="contact"
      aria-labelledby="contact-title"
      className="scroll-mt-20 py-20 sm:py-28"
    >
      <div className="mx-auto grid max-w-7xl gap-12 px-5 sm:px-8 lg:grid-cols-[1fr_1.4fr]">
        <div>
          <SectionHeading
            id="contact-title"
            eyebrow={t.contact.eyebrow}
            title={contact.title}
            description={contact.description}
            align="left"
          />
          <ul className="mt-10 space-y-4">
            {details.map(({ Icon, label, value, href }) => (
              <li
                key={label}
                className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4"
              >
                <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-amber-100 text-amber-800">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="text-sm text-stone-600">{label}</p>
                  {href ? (
                    <a
                      href={href}
                      data-track="contact-email"
                      className="break-all font-semibold text-stone-950 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {value}
                    </a>
                  ) : (
                    <p className="font-semibold text-stone-950">{value}</p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div
          ref={formSlot}
          className="relative min-h-[560px] rounded-[2rem] border border-stone-200 bg-white p-6 shadow-xl shadow-stone-900/5 sm:min-h-[470px] sm:p-10"
        >
          <h3 className="mb-6 text-2xl font-bold text-stone-950">{t.contact.formTitle}</h3>
          {near ? (
            <Suspense fallback={<Spinner label={t.contact.loadingForm} />}>
              <ContactForm />
            </Suspense>
          ) : (
            <Spinner label={t.contact.loadingForm} />
          )}
          <p className="mt-6 text-sm text-stone-600">
            {t.contact.privacyNote}{" "}
            <a
              href={privacyPathOf[language]}
              className="font-medium text-stone-900 underline underline-offset-2"
            >
              {t.contact.privacyLink}
            </a>
            .
          </p>
        </div>
      </div>
    </section>
  );
}

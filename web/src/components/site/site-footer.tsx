import { useLocation } from "wouter";
import { useContent, withDefaults } from "@/api/content";
import { Mail, MapPin } from "@/components/ui/icons";
import { homePathOf, useLanguage } from "@/lib/i18n";
import { privacyPathOf } from "@/lib/paths";
import { InstagramIcon, LinkedInIcon, TikTokIcon } from "./brand-icons";

const quickLinks = ["about", "services", "work", "testimonials", "pricing", "contact"] as const;

/** The site footer (SPEC.md "Navigation and footer"): blurb, social links, quick links, contact. */
export function SiteFooter() {
  const { t, language } = useLanguage();
  const footer = withDefaults(useContent("footer", language).data, t.defaults.footer);
  const contact = withDefaults(useContent("contact", language).data, t.defaults.contact);
  // Off the home page (the privacy page) the quick links lead to the home page's sections.
  const [location] = useLocation();
  const onHome = location === homePathOf.no || location === homePathOf.en;
  const sectionHref = (anchor: string) =>
    onHome ? `#${anchor}` : `${homePathOf[language]}#${anchor}`;

  const social = [
    {
      href: "https://www.instagram.com/",
      label: t.footer.instagram,
      Icon: InstagramIcon,
      track: "social-instagram",
    },
    {
      href: "https://www.tiktok.com/",
      label: t.footer.tiktok,
      Icon: TikTokIcon,
      track: "social-tiktok",
    },
    {
      href: "https://www.linkedin.com/",
      label: t.footer.linkedin,
      Icon: LinkedInIcon,
      track: "social-linkedin",
    },
  ];
  const iconLink =
    "grid size-10 place-items-center rounded-full bg-white/10 text-stone-100 transition-colors hover:bg-amber-300 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300";
  const textLink =
    "rounded text-stone-300 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300";

  return (
    <footer className="bg-stone-950 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:px-8 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1.3fr]">
        <div className="max-w-sm">
          <p className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-white">
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-xl bg-amber-300 text-sm text-stone-900"
            >
              u
            </span>
            {t.nav.brand}
          </p>
          <p className="mt-4 leading-relaxed text-stone-400">{footer.companyDescription}</p>
          <ul aria-label={t.footer.followLabel} className="mt-6 flex gap-3">
            {social.map(({ href, label, Icon, track }) => (
              <li key={label}>
                <a
                  href={href}
                  data-track={track}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className={iconLink}
                >
                  <Icon className="size-[18px]" />
                </a>
              </li>
            ))}
            <li>
              <a
                href={`mailto:${contact.email}`}
                data-track="social-email"
                aria-label={t.footer.mail}
                className={iconLink}
              >
                <Mail aria-hidden="true" className="size-[18px]" />
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-widest text-white">
            {t.footer.quickLinks}
          </h2>
          <ul className="mt-4 space-y-3">
            {quickLinks.map((anchor) => (
              <li key={anchor}>
                <a href={sectionHref(anchor)} className={textLink}>
                  {t.nav[anchor]}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-widest text-white">
            {t.footer.contactTitle}
          </h2>
          <ul className="mt-4 space-y-3">
            <li className="flex items-start gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
              <a
                href={`mailto:${contact.email}`}
                data-track="footer-email"
                className={`${textLink} break-all`}
              >
                {contact.email}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
              <span>{contact.location}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-5 py-6 text-sm text-stone-400 sm:flex-row sm:items-center sm:justify-between sm:px-8">
          {/* "{year}" is this year's: the line is never a year behind. */}
          <p>{footer.copyright.replace("{year}", String(new Date().getFullYear()))}</p>
          {/* No terms link while there are no terms: it led to the top of the page. */}
          <a href={privacyPathOf[language]} className={textLink}>
            {t.footer.privacy}
          </a>
        </div>
      </div>
    </footer>
  );
}

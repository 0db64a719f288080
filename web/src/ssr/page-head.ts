import { withDefaults } from "@/api/content";
import type { PageData } from "@/api/page-data";
import type { Language } from "@/lib/i18n";
import { catalogues } from "@/lib/i18n/catalogues";
import { privacyDefaults, privacyDescriptions } from "@/lib/i18n/privacy-defaults";
import { privacyPathOf } from "@/lib/paths";

/** What the server puts in the head of a rendered page (internal/ssr/head.go). */
export interface PageHead {
  title: string;
  description: string;
  /** The image's text alternative for previews that show it. */
  imageAlt: string;
  /** schema.org JSON-LD: the creator and the three packages with their prices in NOK (home only). */
  jsonLd?: Record<string, unknown>;
}

function isPrivacyPage(data: PageData): boolean {
  return data.path === privacyPathOf.no || data.path === privacyPathOf.en;
}

/**
 * The page data with the privacy page's built-in text in its content when none is saved: the
 * browser loads that text as a script of its own after the page starts, so to hydrate the text
 * the server rendered it must find it in the page data. Any other page's data as it is (the same
 * object).
 */
export function withBuiltInTexts(data: PageData): PageData {
  if (!isPrivacyPage(data)) return data;
  const privacy = withDefaults(data.content.privacy, privacyDefaults[data.language]);
  return { ...data, content: { ...data.content, privacy } };
}

/** "6 300 kr" → "6300": schema.org wants a plain number. */
function plainPrice(price: string): string {
  return price.replace(/[^0-9]/g, "");
}

/**
 * The title, description and structured data of the home page in a language, from the stored
 * content with the catalogue's texts where nothing is saved. `origin` is the site's address.
 */
export function pageHead(data: PageData, origin: string): PageHead {
  const language: Language = data.language;
  const t = catalogues[language];
  const hero = withDefaults(data.content.hero, t.defaults.hero);
  if (isPrivacyPage(data)) {
    return {
      title: `${t.privacy.title} | ${t.nav.brand}`,
      description: privacyDescriptions[language],
      imageAlt: hero.greeting,
    };
  }
  const contact = withDefaults(data.content.contact, t.defaults.contact);
  const footer = withDefaults(data.content.footer, t.defaults.footer);
  const savedDescription = data.content.hero?.description?.trim();
  const url = `${origin}${language === "en" ? "/en" : "/"}`;
  return {
    title: t.meta.title,
    description: savedDescription ? savedDescription : t.meta.description,
    imageAlt: hero.greeting,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      name: t.nav.brand,
      jobTitle: t.home.title,
      description: footer.companyDescription,
      email: contact.email,
      address: contact.location,
      url,
      makesOffer: t.pricing.packages.map((pack) => ({
        "@type": "Offer",
        name: pack.name,
        price: plainPrice(pack.price),
        priceCurrency: "NOK",
        description: pack.features.join(", "),
        itemOffered: { "@type": "Service", name: pack.name },
      })),
    },
  };
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { errorStatus, getJson } from "@/lib/api";
import type { Language } from "@/lib/i18n";

/**
 * The site texts the admin edits (SPEC.md section 3, website_content), one object of strings per
 * section and language. Shared by the public site (which reads them) and the admin content editor
 * (which writes them with POST /api/admin/content).
 */
export interface StatContent {
  number: string;
  text: string;
}

export interface HeroContent {
  tagline: string;
  greeting: string;
  intro: string;
  description: string;
}

export interface AboutContent {
  title: string;
  description1: string;
  description2: string;
  stat1: StatContent;
  stat2: StatContent;
  stat3: StatContent;
}

export interface ServicesContent {
  title: string;
  description: string;
  creativeTitle: string;
  visualTitle: string;
  videoTitle: string;
  resultsTitle: string;
}

export interface ContactContent {
  title: string;
  description: string;
  email: string;
  location: string;
  hours: string;
}

export interface FooterContent {
  companyDescription: string;
  copyright: string;
}

/** The privacy page's text: paragraphs split by blank lines, "## " starts a heading. */
export interface PrivacyContent {
  body: string;
}

/** The heading of the home page's client logos. */
export interface ClientsContent {
  title: string;
}

/** Each known section's field shape. Any other section is a free map of strings. */
export interface SectionContent {
  hero: HeroContent;
  about: AboutContent;
  services: ServicesContent;
  contact: ContactContent;
  footer: FooterContent;
  privacy: PrivacyContent;
  clients: ClientsContent;
}

/**
 * The built-in texts of the home page's sections in one language (DESIGN.md section 4,
 * "Defaults"): lib/i18n/defaults-no.ts and defaults-en.ts. The privacy page's are apart
 * (lib/i18n/privacy-defaults.ts).
 */
export type SectionDefaults = Omit<SectionContent, "privacy">;

export type ContentSection = keyof SectionContent;

export const contentSections = [
  "hero",
  "about",
  "services",
  "contact",
  "footer",
  "privacy",
  "clients",
] as const satisfies readonly ContentSection[];

/** GET /api/content/{section}/{lang}: the stored row. */
export interface WebsiteContent<S extends ContentSection = ContentSection> {
  id: number;
  section: S;
  language: Language;
  content: SectionContent[S];
  updatedAt: string;
}

/** The URL of a section in a language; also the query key's first element (SPEC.md section 7). */
export function contentUrl(section: string, language: Language): string {
  return `/api/content/${encodeURIComponent(section)}/${language}`;
}

/** SPEC.md section 9: the content fetch retries at most 3 times, never on 404 (not saved yet). */
export function retryContent(failureCount: number, error: unknown): boolean {
  return errorStatus(error) !== 404 && failureCount < 3;
}

/** The query of one section; the admin editor invalidates `contentQueryOptions(s, l).queryKey`. */
export function contentQueryOptions<S extends ContentSection>(section: S, language: Language) {
  return queryOptions({
    queryKey: [contentUrl(section, language)],
    queryFn: () => getJson<WebsiteContent<S>>(contentUrl(section, language)),
    retry: retryContent,
  });
}

/** GET /api/content/{lang}: every saved section of a language by name (sections never saved are absent). */
export type LanguageContent = { [S in ContentSection]?: SectionContent[S] };

/** The URL of every saved section of a language; also the query key's first element. */
export function languageContentUrl(language: Language): string {
  return `/api/content/${language}`;
}

/**
 * The public page's texts: one request per language for every saved section (never 404, so no
 * console error for sections never saved), retried like every content fetch (SPEC.md section 9).
 * The admin editor keeps using the per-section call (`contentQueryOptions`).
 */
export function languageContentQueryOptions(language: Language) {
  return queryOptions({
    queryKey: [languageContentUrl(language)],
    queryFn: () => getJson<LanguageContent>(languageContentUrl(language)),
    retry: retryContent,
  });
}

/**
 * A section's stored fields (undefined while loading, when never saved, or on error), read from
 * the language's one request: every section of the page shares it.
 */
export function useContent<S extends ContentSection>(section: S, language: Language) {
  return useQuery({
    ...languageContentQueryOptions(language),
    select: (all: LanguageContent) => all[section] as SectionContent[S] | undefined,
  });
}

/**
 * Fills the fields a stored section lacks (or has blank) from the built-in defaults, so a partly
 * saved section never shows an empty heading. Stats are merged field by field too.
 */
export function withDefaults<T extends object>(stored: unknown, defaults: T): T {
  if (typeof stored !== "object" || stored === null) return defaults;
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof fallback === "string") {
      if (typeof value === "string" && value.trim() !== "") out[key] = value;
    } else if (typeof fallback === "object" && fallback !== null) {
      out[key] = withDefaults(value, fallback as object);
    }
  }
  return out as T;
}

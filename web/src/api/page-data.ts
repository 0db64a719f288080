import type { QueryClient } from "@tanstack/react-query";
import { isLanguage, type Language } from "@/lib/i18n";
import { fetchCurrentUser, hasSignedInHint, userQueryKey } from "./auth";
import { type ClientLogo, clientLogosQueryOptions } from "./client-logos";
import { type LanguageContent, languageContentQueryOptions, type SectionDefaults } from "./content";
import { type PortfolioItem, portfolioQueryOptions } from "./portfolio";
import { siteInfoQueryOptions } from "./site-access";
import { type Testimonial, testimonialsQueryOptions } from "./testimonials";

/**
 * What the server renders a page from (the home page or the privacy page, internal/ssr/page.go)
 * and inlines in it: the visitor's answers of the public API, as they are, so any new field of an
 * item reaches the page without a change here. The browser seeds its cache with the same data
 * before it hydrates, so it renders the same tree and fetches none of it again. The privacy page
 * has no lists (seeding leaves them out of the cache), and its content carries the built-in
 * privacy text when none is saved (src/ssr/page-head.ts, withBuiltInTexts). Both carry the
 * built-in section texts of their language (`defaults`).
 */
export interface PageData {
  language: Language;
  path: string;
  content: LanguageContent;
  portfolio?: PortfolioItem[];
  testimonials?: Testimonial[];
  clientLogos?: ClientLogo[];
  /**
   * The built-in section texts of the page's language, as the server's render used them (the
   * render adds them to the data it answers, src/ssr/entry-server.tsx): the visitor's script then
   * need not carry them.
   */
  defaults?: SectionDefaults;
}

/** The id of the `<script type="application/json">` holding the page data. */
export const pageDataElementId = "page-data";

/** Puts the page data in the cache under the keys the page's queries use. */
export function seedPageData(client: QueryClient, data: PageData): void {
  const { language } = data;
  client.setQueryData(languageContentQueryOptions(language).queryKey, data.content);
  client.setQueryData(portfolioQueryOptions(language).queryKey, data.portfolio);
  client.setQueryData(testimonialsQueryOptions(language).queryKey, data.testimonials);
  client.setQueryData(clientLogosQueryOptions().queryKey, data.clientLogos);
  // The server renders the page only when the coming-soon gate is off.
  client.setQueryData(siteInfoQueryOptions().queryKey, { gate: false });
}

/** The page data the server inlined, or null (a page rendered in the browser only). */
export function readPageData(): PageData | null {
  const element = document.getElementById(pageDataElementId);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as PageData;
    return isLanguage(data.language) ? data : null;
  } catch {
    return null;
  }
}

/**
 * The lists in the page data are a visitor's (active items only); the admin screens share their
 * keys and must see hidden items too. A signed-in admin's lists are fetched again after hydration.
 */
export function refreshListsForAdmin(client: QueryClient, language: Language): void {
  if (!hasSignedInHint()) return;
  void client.fetchQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser }).then((user) => {
    if (!user?.isAdmin) return;
    void client.invalidateQueries({ queryKey: portfolioQueryOptions(language).queryKey });
    void client.invalidateQueries({ queryKey: testimonialsQueryOptions(language).queryKey });
  });
}

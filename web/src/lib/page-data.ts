import type { QueryClient } from "@tanstack/react-query";
import { fetchCurrentUser, hasSignedInHint, userQueryKey } from "./auth";
import { type ClientLogo, clientLogosQueryOptions } from "./client-logos";
import { type LanguageContent, languageContentQueryOptions, type SectionDefaults } from "./content";
import { isLanguage, type Language } from "./i18n";
import { type PortfolioItem, portfolioQueryOptions } from "./portfolio";
import { siteInfoQueryOptions } from "./site-access";
import { type Testimonial, testimonialsQueryOptions } from "./testimonials";

/**
 * What the server renders the home page from (internal/ssr/page.go) and inlines in it: the
 * visitor's answers of the public API, as they are, so any new field of an item reaches the page
 * without a change here. The browser seeds its cache with the same data before it hydrates, so it
 * renders the same tree and fetches none of it again.
 */
export interface PageData {
  language: Language;
  path: string;
  content: LanguageContent;
  portfolio: PortfolioItem[];
  testimonials: Testimonial[];
  clientLogos: ClientLogo[];
  /**
   * The built-in section texts of the page's language, as the server's render used them
   * (internal/ssr adds them after the render): the visitor's script then need not carry them.
   */
  defaults?: SectionDefaults | null;
}

/** The id of the `<script type="application/json">` holding the page data. */
export const pageDataElementId = "page-data";

/** Puts the page data in the cache under the keys the page's queries use. */
export function seedPageData(client: QueryClient, data: PageData): void {
  const { language } = data;
  client.setQueryData(languageContentQueryOptions(language).queryKey, data.content);
  client.setQueryData(portfolioQueryOptions(language).queryKey, data.portfolio);
  client.setQueryData(testimonialsQueryOptions(language).queryKey, data.testimonials);
  client.setQueryData(clientLogosQueryOptions().queryKey, data.clientLogos ?? []);
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

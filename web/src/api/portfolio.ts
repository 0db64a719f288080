import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@/lib/i18n";
import type { MediaInfo } from "@/lib/media";

// The create, update and delete calls live in ./portfolio-admin: only the admin screens use them,
// and this module is in every visitor's bundle (DESIGN.md section 5 sets its budget).

/**
 * The categories of a portfolio item (SPEC.md sections 3 and 9), in the order the admin select and
 * the public filter show them. The one list the form's rule, the labels and the filter come from;
 * the server keeps the same list (testdata/rules.json, checked by both sides' parity tests).
 */
export const portfolioCategories = ["product", "lifestyle", "brand", "social", "other"] as const;
export type PortfolioCategory = (typeof portfolioCategories)[number];

/** The category a new item gets (SPEC.md section 9). */
export const defaultPortfolioCategory: PortfolioCategory = "product";

export function isPortfolioCategory(value: unknown): value is PortfolioCategory {
  return typeof value === "string" && (portfolioCategories as readonly string[]).includes(value);
}

/** The label of a category from a catalogue's labels; an unknown one displays capitalised. */
export function categoryLabel(value: string, labels: Record<PortfolioCategory, string>): string {
  if (isPortfolioCategory(value)) return labels[value];
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * A portfolio item as GET /api/portfolio/{lang} answers it (SPEC.md section 3): visitors get the
 * active items, featured first; an admin gets every item. Shared by the public work section and
 * the admin screens.
 */
export interface PortfolioItem {
  id: number;
  title: string;
  description: string;
  category: string;
  imageUrl: string;
  videoUrl: string;
  featured: boolean;
  language: Language;
  isActive: boolean;
  /** Processing of an uploaded video/image (read-only; absent in answers of older servers). */
  videoMedia?: MediaInfo | null;
  imageMedia?: MediaInfo | null;
}

/** The list's URL; also its query key's first element (SPEC.md section 7). */
const portfolioUrl = (language: Language) => `/api/portfolio/${language}`;

/**
 * The list of a language. No query function of its own: the spec's default one (lib/query-client)
 * GETs the key's URL. The admin's mutations invalidate this key.
 */
export function portfolioQueryOptions(language: Language) {
  return queryOptions<PortfolioItem[]>({ queryKey: [portfolioUrl(language)] });
}

/** The portfolio items of a language (the public work section, the admin list and dashboard). */
export function usePortfolio(language: Language) {
  return useQuery(portfolioQueryOptions(language));
}

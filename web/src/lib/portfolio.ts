import type { Language } from "./i18n";

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
}

/** The list's query key: the URL the default query function GETs (SPEC.md section 7). */
export const portfolioQueryKey = (language: Language) => [`/api/portfolio/${language}`] as const;

import type { Language } from "./i18n";

/**
 * A testimonial as GET /api/testimonials/{lang} answers it (SPEC.md section 3): visitors get the
 * active ones; an admin gets all. Shared by the public testimonials section and the admin screens.
 */
export interface Testimonial {
  id: number;
  name: string;
  company: string;
  imageUrl: string;
  rating: number;
  testimonial: string;
  language: Language;
  isActive: boolean;
}

/** The list's query key: the URL the default query function GETs (SPEC.md section 7). */
export const testimonialsQueryKey = (language: Language) =>
  [`/api/testimonials/${language}`] as const;

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@/lib/i18n";
import type { MediaInfo } from "@/lib/media";

// The add, update and delete calls live in ./testimonials-admin: only the admin screens use them,
// and this module is in every visitor's bundle (DESIGN.md section 5 sets its budget).

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
  /** Processing of an uploaded image (read-only). */
  imageMedia?: MediaInfo | null;
}

/** The list's URL; also its query key's first element (SPEC.md section 7). */
const testimonialsUrl = (language: Language) => `/api/testimonials/${language}`;

/**
 * The list of a language. No query function of its own: the spec's default one (lib/query-client)
 * GETs the key's URL. The admin's mutations invalidate this key.
 */
export function testimonialsQueryOptions(language: Language) {
  return queryOptions<Testimonial[]>({ queryKey: [testimonialsUrl(language)] });
}

/** The testimonials of a language (the public section, the admin list and dashboard). */
export function useTestimonials(language: Language) {
  return useQuery(testimonialsQueryOptions(language));
}

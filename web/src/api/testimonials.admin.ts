import type { Language } from "@/lib/i18n";
import { listMutations, type ReorderCallbacks, useReorder } from "@/lib/mutation";
import { type Testimonial, testimonialsQueryOptions } from "./testimonials";

// The admin's calls on testimonials (SPEC.md section 7), apart from ./testimonials so that a
// visitor's bundle carries no mutation code. Each invalidates the language's list.

/** The body of an add or update: the testimonial without its id. */
export type TestimonialInput = Omit<Testimonial, "id">;

/** POST /api/admin/testimonials, PATCH and DELETE /api/admin/testimonials/{id}. */
export const {
  useAdd: useAddTestimonial,
  useUpdate: useUpdateTestimonial,
  useDelete: useDeleteTestimonial,
} = listMutations<TestimonialInput>(
  "/api/admin/testimonials",
  (language) => testimonialsQueryOptions(language).queryKey,
  { idInBody: false },
);

/** PUT /api/admin/testimonials/order/{language}: the language's testimonials in their new order. */
export function useReorderTestimonials(language: Language, callbacks: ReorderCallbacks = {}) {
  return useReorder<Testimonial>(
    testimonialsQueryOptions(language).queryKey,
    `/api/admin/testimonials/order/${language}`,
    callbacks,
  );
}

import { apiRequest } from "./api";
import type { Language } from "./i18n";
import { type MutationCallbacks, useInvalidatingMutation } from "./mutation";
import { type Testimonial, testimonialsQueryOptions } from "./testimonials";

// The admin's calls on testimonials (SPEC.md section 7), apart from ./testimonials so that a
// visitor's bundle carries no mutation code. Each invalidates the language's list.

/** The body of an add or update: the testimonial without its id. */
export type TestimonialInput = Omit<Testimonial, "id">;

/** POST /api/admin/testimonials. */
export function useAddTestimonial(
  language: Language,
  callbacks?: MutationCallbacks<TestimonialInput>,
) {
  return useInvalidatingMutation(
    testimonialsQueryOptions(language).queryKey,
    (input: TestimonialInput) => apiRequest("POST", "/api/admin/testimonials", input),
    callbacks,
  );
}

/** PUT /api/admin/testimonials/{id}. */
export function useUpdateTestimonial(
  language: Language,
  callbacks?: MutationCallbacks<{ id: number; input: TestimonialInput }>,
) {
  return useInvalidatingMutation(
    testimonialsQueryOptions(language).queryKey,
    ({ id, input }: { id: number; input: TestimonialInput }) =>
      apiRequest("PUT", `/api/admin/testimonials/${id}`, input),
    callbacks,
  );
}

/** DELETE /api/admin/testimonials/{id}. */
export function useDeleteTestimonial(language: Language, callbacks?: MutationCallbacks<number>) {
  return useInvalidatingMutation(
    testimonialsQueryOptions(language).queryKey,
    (id: number) => apiRequest("DELETE", `/api/admin/testimonials/${id}`),
    callbacks,
  );
}

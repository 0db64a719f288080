import { apiRequest } from "./api";
import type { Language } from "./i18n";
import { type MutationCallbacks, useInvalidatingMutation } from "./mutation";
import { type PortfolioItem, portfolioQueryOptions } from "./portfolio";

// The admin's calls on portfolio items (SPEC.md section 7), apart from ./portfolio so that a
// visitor's bundle carries no mutation code. Each invalidates the language's list.

/** The body of a create or update: the item without its id and visibility. */
export type PortfolioInput = Omit<PortfolioItem, "id" | "isActive">;

/** POST /api/admin/portfolio. */
export function useCreatePortfolioItem(
  language: Language,
  callbacks?: MutationCallbacks<PortfolioInput>,
) {
  return useInvalidatingMutation(
    portfolioQueryOptions(language).queryKey,
    (input: PortfolioInput) => apiRequest("POST", "/api/admin/portfolio", input),
    callbacks,
  );
}

/** PATCH /api/admin/portfolio/{id}. */
export function useUpdatePortfolioItem(
  language: Language,
  callbacks?: MutationCallbacks<{ id: number; input: PortfolioInput }>,
) {
  return useInvalidatingMutation(
    portfolioQueryOptions(language).queryKey,
    ({ id, input }: { id: number; input: PortfolioInput }) =>
      apiRequest("PATCH", `/api/admin/portfolio/${id}`, { ...input, id }),
    callbacks,
  );
}

/** DELETE /api/admin/portfolio/{id}. */
export function useDeletePortfolioItem(language: Language, callbacks?: MutationCallbacks<number>) {
  return useInvalidatingMutation(
    portfolioQueryOptions(language).queryKey,
    (id: number) => apiRequest("DELETE", `/api/admin/portfolio/${id}`),
    callbacks,
  );
}

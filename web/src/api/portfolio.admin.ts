import type { Language } from "@/lib/i18n";
import { listMutations, type ReorderCallbacks, useReorder } from "@/lib/mutation";
import { type PortfolioItem, portfolioQueryOptions } from "./portfolio";

// The admin's calls on portfolio items (SPEC.md section 7), apart from ./portfolio so that a
// visitor's bundle carries no mutation code. Each invalidates the language's list.

/** The body of a create or update: the item without its id and visibility. */
export type PortfolioInput = Omit<PortfolioItem, "id" | "isActive">;

/** POST /api/admin/portfolio, PATCH and DELETE /api/admin/portfolio/{id}. */
export const {
  useAdd: useCreatePortfolioItem,
  useUpdate: useUpdatePortfolioItem,
  useDelete: useDeletePortfolioItem,
} = listMutations<PortfolioInput>(
  "/api/admin/portfolio",
  (language) => portfolioQueryOptions(language).queryKey,
  { idInBody: true },
);

/** PUT /api/admin/portfolio/order/{language}: the language's portfolio items in their new order. */
export function useReorderPortfolio(language: Language, callbacks: ReorderCallbacks = {}) {
  return useReorder<PortfolioItem>(
    portfolioQueryOptions(language).queryKey,
    `/api/admin/portfolio/order/${language}`,
    callbacks,
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import type { Language } from "@/lib/i18n";
import type { MutationCallbacks } from "@/lib/mutation";
import {
  type ContentSection,
  contentQueryOptions,
  languageContentQueryOptions,
  type WebsiteContent,
} from "./content";

// The admin's save of a section (SPEC.md section 7), apart from ./content so that a visitor's
// bundle carries no mutation code.

/**
 * POST /api/admin/content: saves one section of a language (its fields as an object; the server
 * checks them against the section's). The stored row replaces the section's
 * cached one, and the public page's query of the language (every section in one) refetches.
 */
export function useSaveContent<S extends ContentSection>(
  section: S,
  language: Language,
  { onSuccess, onError }: MutationCallbacks<object> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: object) => {
      const res = await apiRequest("POST", "/api/admin/content", { section, language, content });
      return (await res.json()) as WebsiteContent<S>;
    },
    onSuccess: (saved, content) => {
      queryClient.setQueryData(contentQueryOptions(section, language).queryKey, saved);
      void queryClient.invalidateQueries({
        queryKey: languageContentQueryOptions(language).queryKey,
      });
      onSuccess?.(content);
    },
    onError: (error, content) => onError?.(error, content),
  });
}

import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "./api";
import type { Language } from "./i18n";

/** What a screen does once a call has ended: its toast, closing its form. */
export interface MutationCallbacks<TVariables> {
  onSuccess?: (variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

/**
 * A mutation that refreshes what it changed: on success it invalidates `queryKey` (the key of the
 * resource's query options, so the list refetches), then runs the screen's callbacks.
 */
export function useInvalidatingMutation<TVariables>(
  queryKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<unknown>,
  { onSuccess, onError }: MutationCallbacks<TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) => {
      void queryClient.invalidateQueries({ queryKey });
      onSuccess?.(variables);
    },
    onError: (error, variables) => onError?.(error, variables),
  });
}

/**
 * The admin's add, update and delete of one language's list at `base` (POST base, then PATCH and
 * DELETE on base/{id}), each invalidating that language's list. Every update is a PATCH: the
 * server keeps what the body does not mention. `update.idInBody` repeats the id in the update's
 * body, as PATCH /api/admin/portfolio/{id} has it.
 */
export function listMutations<TInput>(
  base: string,
  listKey: (language: Language) => QueryKey,
  update: { idInBody: boolean },
) {
  return {
    useAdd: (language: Language, callbacks?: MutationCallbacks<TInput>) =>
      useInvalidatingMutation(
        listKey(language),
        (input: TInput) => apiRequest("POST", base, input),
        callbacks,
      ),
    useUpdate: (language: Language, callbacks?: MutationCallbacks<{ id: number; input: TInput }>) =>
      useInvalidatingMutation(
        listKey(language),
        ({ id, input }: { id: number; input: TInput }) =>
          apiRequest("PATCH", `${base}/${id}`, update.idInBody ? { ...input, id } : input),
        callbacks,
      ),
    useDelete: (language: Language, callbacks?: MutationCallbacks<number>) =>
      useInvalidatingMutation(
        listKey(language),
        (id: number) => apiRequest("DELETE", `${base}/${id}`),
        callbacks,
      ),
  };
}

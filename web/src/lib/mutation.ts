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

// The admin's reorder of a hand-ordered list: PUT {url} with {"ids": [...]}, every id of
// the list in the new order (the server refuses anything else with a message). Only the admin's
// modules (api/*.admin.ts) call it.

/** What a screen does once a reorder has ended. */
export interface ReorderCallbacks {
  /** The server kept the new order. */
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * A reorder that shows the new order at once: the cached list under `listKey` is put in the new
 * order before the call, put back if the server refuses it, and fetched again when the call ends
 * (with `alsoInvalidate`, the visitor's copy of the same list).
 */
export function useReorder<T extends { id: number }>(
  listKey: QueryKey,
  url: string,
  { onSuccess, onError }: ReorderCallbacks = {},
  alsoInvalidate: QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    // One at a time, in order: each sends the whole list as it stood when asked, so a later one
    // must not overtake an earlier one on the way.
    scope: { id: url },
    mutationFn: (ids: number[]) => apiRequest("PUT", url, { ids }),
    onMutate: async (ids: number[]) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<T[]>(listKey);
      if (before) {
        const byId = new Map(before.map((item) => [item.id, item]));
        const after = ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
        queryClient.setQueryData(listKey, after);
      }
      return { before };
    },
    onSuccess: () => onSuccess?.(),
    onError: (error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
      onError?.(error);
    },
    onSettled: () => {
      for (const key of [listKey, ...alsoInvalidate]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

/** `items` with the one at `from` moved to `to` (both indexes in the list). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const out = items.slice();
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

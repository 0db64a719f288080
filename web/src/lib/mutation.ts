import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

/** What a screen does once a call has ended: its toast, closing its form. */
export interface MutationCallbacks<TVariables> {
  onSuccess?: (variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

/**
 * A mutation that refreshes what it changed: on success it invalidates `queryKey` (the key of the
 * resource's query options, so the list refetches), then runs the screen's callbacks. The resource
 * modules (lib/portfolio-admin, lib/testimonials-admin, lib/inquiries) build their calls on it.
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

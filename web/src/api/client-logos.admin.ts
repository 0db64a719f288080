import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";
import {
  type MutationCallbacks,
  type ReorderCallbacks,
  useInvalidatingMutation,
  useReorder,
} from "@/lib/mutation";
import { type ClientLogo, clientLogosUrl } from "./client-logos";

// The admin's calls on the client logos, apart from ./client-logos so that a visitor's
// bundle carries none of them.

/** The body of an add or update. */
export type ClientLogoInput = Pick<ClientLogo, "name" | "imageUrl" | "linkUrl">;

const adminUrl = "/api/admin/client-logos";

/**
 * Every logo with its processing state (GET /api/admin/client-logos). Its key starts with the
 * visitor list's URL, so one invalidation of `[clientLogosUrl]` refreshes both.
 */
export function adminClientLogosQueryOptions() {
  return queryOptions({
    queryKey: [clientLogosUrl, "admin"],
    queryFn: () => getJson<ClientLogo[]>(adminUrl),
  });
}

export function useAdminClientLogos() {
  return useQuery(adminClientLogosQueryOptions());
}

/** What every change refreshes: the admin's list and the visitor's. */
const bothLists = [clientLogosUrl];

/** POST /api/admin/client-logos. */
export function useAddClientLogo(callbacks?: MutationCallbacks<ClientLogoInput>) {
  return useInvalidatingMutation(
    bothLists,
    (input: ClientLogoInput) => apiRequest("POST", adminUrl, input),
    callbacks,
  );
}

/** PATCH /api/admin/client-logos/{id}. */
export function useUpdateClientLogo(
  callbacks?: MutationCallbacks<{ id: number; input: ClientLogoInput }>,
) {
  return useInvalidatingMutation(
    bothLists,
    ({ id, input }: { id: number; input: ClientLogoInput }) =>
      apiRequest("PATCH", `${adminUrl}/${id}`, input),
    callbacks,
  );
}

/** DELETE /api/admin/client-logos/{id}. */
export function useDeleteClientLogo(callbacks?: MutationCallbacks<number>) {
  return useInvalidatingMutation(
    bothLists,
    (id: number) => apiRequest("DELETE", `${adminUrl}/${id}`),
    callbacks,
  );
}

/** PUT /api/admin/client-logos/order: the whole strip in its new order. */
export function useReorderClientLogos(callbacks: ReorderCallbacks = {}) {
  return useReorder<ClientLogo>(
    adminClientLogosQueryOptions().queryKey,
    `${adminUrl}/order`,
    callbacks,
    [[clientLogosUrl]],
  );
}

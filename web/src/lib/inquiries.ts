import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api";
import { type MutationCallbacks, useInvalidatingMutation } from "./mutation";

/**
 * The inquiries of the contact form as the admin reads them (SPEC.md sections 3 and 7). Only the
 * admin screens import this module; a visitor sends one with lib/contact.
 */
export interface Inquiry {
  id: number;
  name: string;
  email: string;
  company: string;
  service: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

/** The list's URL; also its query key's first element. */
const inquiriesUrl = "/api/admin/contact";

/**
 * Every inquiry, newest first. No query function of its own: the spec's default one
 * (lib/query-client) GETs the key's URL. Marking read and deleting invalidate this key.
 */
function inquiriesQueryOptions() {
  return queryOptions<Inquiry[]>({ queryKey: [inquiriesUrl] });
}

/** The inquiries (the inquiries screen, the sidebar's and the dashboard's unread count). */
export function useInquiries() {
  return useQuery(inquiriesQueryOptions());
}

/** The unread count for the sidebar badge and the dashboard (0 until loaded or on error). */
export function useUnreadInquiryCount(): number {
  const { data } = useInquiries();
  return data?.filter((i) => !i.isRead).length ?? 0;
}

/** PUT /api/admin/contact/{id}/read. */
export function useMarkInquiryRead(callbacks?: MutationCallbacks<number>) {
  return useInvalidatingMutation(
    inquiriesQueryOptions().queryKey,
    (id: number) => apiRequest("PUT", `${inquiriesUrl}/${id}/read`),
    callbacks,
  );
}

/** DELETE /api/admin/contact/{id}. */
export function useDeleteInquiry(callbacks?: MutationCallbacks<number>) {
  return useInvalidatingMutation(
    inquiriesQueryOptions().queryKey,
    (id: number) => apiRequest("DELETE", `${inquiriesUrl}/${id}`),
    callbacks,
  );
}

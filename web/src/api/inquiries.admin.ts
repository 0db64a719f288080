import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { type MutationCallbacks, useInvalidatingMutation } from "@/lib/mutation";

/**
 * The inquiries of the contact form as the admin reads them (SPEC.md sections 3 and 7). Only the
 * admin screens import this module; a visitor sends one with api/inquiries.
 */
export interface Inquiry {
  id: number;
  name: string;
  email: string;
  company: string;
  service: string;
  message: string;
  /** The page's language when it was sent: the auto-reply's and the reply subject's. */
  language?: "no" | "en";
  isRead: boolean;
  createdAt: string;
  /** The pitch link the sender's visit came through, or null. */
  pitchLink?: { id: number; name: string } | null;
  /** The deal made from it, or null. */
  deal?: { id: number; stage: string } | null;
}

/** The list's URL; also its query key's first element. */
const inquiriesUrl = "/api/admin/contact";

/**
 * Every inquiry, newest first. No query function of its own: the spec's default one
 * (lib/query-client) GETs the key's URL. Marking read and deleting invalidate this key.
 */
export function inquiriesQueryOptions() {
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

/** PATCH /api/admin/contact/{id} with `{ isRead: true }` (SPEC.md's PUT …/{id}/read still answers). */
export function useMarkInquiryRead(callbacks?: MutationCallbacks<number>) {
  return useInvalidatingMutation(
    inquiriesQueryOptions().queryKey,
    (id: number) => apiRequest("PATCH", `${inquiriesUrl}/${id}`, { isRead: true }),
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

/** The states of an inquiry's notification, as the server names them (testdata/rules.json). */
export const deliveryStates = ["sending", "sent", "waiting", "failed"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** The notification's state of one inquiry (GET /api/admin/contact/mail). */
export interface Delivery {
  state: DeliveryState;
  attempts: number;
  nextTryAt?: string;
  error?: string;
  sentAt?: string;
}

export interface MailState {
  enabled: boolean;
  autoReply: boolean;
  deliveries: Record<string, Delivery>;
}

const mailStateKey = [`${inquiriesUrl}/mail`] as const;

/** The CSV export (UTF-8 with BOM), downloaded by a plain link. */
export const inquiriesCsvUrl = `${inquiriesUrl}/export.csv`;

/** Mail on/off and every delivery; polled while a message is on its way. */
export function useMailState() {
  return useQuery<MailState>({
    queryKey: mailStateKey,
    refetchInterval: (q) =>
      Object.values(q.state.data?.deliveries ?? {}).some(
        (d) => d.state === "sending" || d.state === "waiting",
      )
        ? 3000
        : false,
  });
}

/** POST /api/admin/contact/{id}/mail: send an inquiry's notification again. */
export function useResendInquiryMail(callbacks?: MutationCallbacks<number>) {
  return useInvalidatingMutation(
    mailStateKey,
    (id: number) => apiRequest("POST", `${inquiriesUrl}/${id}/mail`),
    callbacks,
  );
}

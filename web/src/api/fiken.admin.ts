import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";
import type { CreditNoteInput } from "./billing.admin";

/**
 * The Fiken connection (docs/fiken.md): connected in Settings → Billing (or by the environment),
 * an invoice issued and sent through Fiken, Fiken's number kept, its state and Fiken's message
 * when it failed. Admin screens only.
 */

export interface FikenConnection {
  connected: boolean;
  /** "settings" (stored sealed), "environment" (UGCFOLIO_FIKEN_TOKEN) or "" when not connected. */
  source: "settings" | "environment" | "";
  company: string;
  bankAccount: string;
  connectedAt: string | null;
}

export interface ConnectInput {
  token: string;
  company: string;
  bankAccount: string;
}

export interface FikenTest {
  ok: boolean;
  company: string;
  message: string;
}

export type FikenState = "pending" | "issued" | "sent" | "failed";

export interface FikenDocument {
  id: number;
  kind: "invoice" | "credit-note";
  sourceId: number;
  invoiceId: number | null;
  state: FikenState;
  fikenId: number | null;
  fikenNumber: number | null;
  /** "ehf" or "email" once sent. */
  sentVia: string;
  /** Fiken's message of the last failed try. */
  error: string;
  errorStatus: number;
  /** The last try failed and the job queue tries again (Fiken busy or down). */
  retrying: boolean;
}

export interface FikenPaymentStatus {
  paymentId: number | null;
  fikenPaymentId: number | null;
  direction: "to-fiken" | "from-fiken";
  state: "pending" | "done" | "failed";
  error: string;
}

export interface FikenStatus {
  connected: boolean;
  document: FikenDocument | null;
  creditNotes: FikenDocument[];
  payments: FikenPaymentStatus[];
}

export const fikenUrl = "/api/admin/billing/fiken";
const statusUrl = (id: number) => `/api/admin/invoices/${id}/fiken`;

export const fikenConnectionQueryOptions = () =>
  queryOptions({ queryKey: [fikenUrl], queryFn: () => getJson<FikenConnection>(fikenUrl) });

const busy = (s: FikenStatus | undefined) =>
  !!s &&
  [s.document, ...s.creditNotes].some((d) => d && (d.state === "pending" || d.state === "issued"));

/** An invoice's life in Fiken, read again every 2 s while something is on its way. */
export const fikenStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [fikenUrl, "invoice", id],
    queryFn: () => getJson<FikenStatus>(statusUrl(id)),
    refetchInterval: (q) => (busy(q.state.data) ? 2000 : false),
  });

export const useFikenConnection = () => useQuery(fikenConnectionQueryOptions());
export const useFikenStatus = (id: number) => useQuery(fikenStatusQueryOptions(id));

const readJson = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

interface Callbacks<T> {
  onSuccess?: (result: T) => void;
  onError?: (error: Error) => void;
}

function useFikenMutation<V, T>(fn: (v: V) => Promise<T>, callbacks: Callbacks<T> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      for (const queryKey of [[fikenUrl], ["/api/admin/invoices"]]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      callbacks.onSuccess?.(result);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}

/** PUT: Fiken is asked first; the token is stored sealed and never shown again. */
export const useConnectFiken = (callbacks?: Callbacks<FikenConnection>) =>
  useFikenMutation(
    (input: ConnectInput) => readJson<FikenConnection>(apiRequest("PUT", fikenUrl, input)),
    callbacks,
  );

export const useDisconnectFiken = (callbacks?: Callbacks<Response>) =>
  useFikenMutation(() => apiRequest("DELETE", fikenUrl), callbacks);

export const useTestFiken = (callbacks?: Callbacks<FikenTest>) =>
  useFikenMutation(() => readJson<FikenTest>(apiRequest("POST", `${fikenUrl}/test`)), callbacks);

/** POST …/fiken/issue: queued (202); the status tells how it went. */
export const useIssueInFiken = (callbacks?: Callbacks<FikenDocument>) =>
  useFikenMutation(
    ({ id, exchangeRate }: { id: number; exchangeRate?: string }) =>
      readJson<FikenDocument>(
        apiRequest("POST", `${statusUrl(id)}/issue`, exchangeRate ? { exchangeRate } : {}),
      ),
    callbacks,
  );

/** POST …/fiken/credit-note: the whole invoice (no lines) or some lines, in Fiken. */
export const useCreditInFiken = (callbacks?: Callbacks<FikenDocument>) =>
  useFikenMutation(
    ({ id, input }: { id: number; input: CreditNoteInput }) =>
      readJson<FikenDocument>(apiRequest("POST", `${statusUrl(id)}/credit-note`, input)),
    callbacks,
  );

const via: Record<string, string> = { ehf: "EHF", email: "e-mail" };

/** One line of what a document's state is, in the admin's words. */
export function fikenStateLine(d: FikenDocument): string {
  const what = d.kind === "credit-note" ? "Credit note" : "Invoice";
  const number = d.fikenNumber ? ` ${d.fikenNumber}` : "";
  switch (d.state) {
    case "sent": {
      const line = `${what}${number} issued in Fiken and sent by ${via[d.sentVia] ?? d.sentVia}.`;
      return d.error ? `${line} ${d.error}` : line;
    }
    case "issued":
      return d.error
        ? `${what}${number} issued in Fiken; sending failed (${d.error}), trying again automatically.`
        : `${what}${number} issued in Fiken; sending…`;
    case "failed":
      return `Fiken refused: ${d.error}`;
    default:
      return d.retrying
        ? `Fiken did not take it yet (${d.error}); trying again automatically.`
        : `Being made in Fiken…`;
  }
}

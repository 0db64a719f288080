import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";
import type { Language } from "@/lib/i18n";

/**
 * Deals: the creator's pipeline, as GET/POST/PATCH/DELETE /api/admin/deals answer it
 * (docs/deals.md "Deals API"). Only the admin screens import this module.
 */

/** The stages in the board's order, as the server names them (testdata/rules.json "dealStages"). */
export const dealStages = [
  "new",
  "negotiating",
  "booked",
  "in_production",
  "delivered",
  "paid",
  "lost",
] as const;
export type DealStage = (typeof dealStages)[number];

export const stageLabels: Record<DealStage, string> = {
  new: "New",
  negotiating: "Negotiating",
  booked: "Booked",
  in_production: "In production",
  delivered: "Delivered",
  paid: "Paid",
  lost: "Lost",
};

/** A stage's label; one a newer server knows shows as it is named. */
export const stageLabel = (stage: string) => stageLabels[stage as DealStage] ?? stage;

/** A deliverable's aspect ratios ("dealFormats"). */
export const dealFormats = ["9:16", "1:1", "16:9"] as const;
/** The currencies a price may be in, the default first ("currencies"). */
export const currencies = ["NOK", "SEK", "DKK", "EUR", "USD", "GBP"] as const;

/** What the admin writes of a deal (the body of POST and PATCH). */
export interface DealInput {
  brand: string;
  contactName: string;
  contactEmail: string;
  language: Language;
  package: string;
  /** Whole units of the currency (kroner): the server keeps no øre. 0: no price yet. */
  price: number;
  currency: string;
  deliverableCount: number;
  deliverableSeconds: number;
  deliverableFormat: string;
  /** YYYY-MM-DD, or "" for none. */
  dueDate: string;
  brief: string;
  notes: string;
  stage: DealStage;
}

export interface Deal extends DealInput {
  id: number;
  /** The inquiry the deal was made from, or null. */
  inquiryId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** One change of a deal: a stage move and/or field changes, with who and when. */
export interface DealEvent {
  id: number;
  dealId: number | null;
  brand: string;
  at: string;
  actor: { id?: number; name: string };
  kind: "created" | "updated" | "deleted" | (string & {});
  fromStage?: string;
  toStage?: string;
  /** from/to are absent for the long texts (brief, notes): the history says they changed. */
  changes: Array<{ field: string; from?: string; to?: string }>;
  detail?: string;
}

export interface DealWithEvents extends Deal {
  events: DealEvent[];
}

export interface StageTotal {
  stage: string;
  count: number;
  /** The prices summed per currency. */
  value: Record<string, number>;
}

export interface DealSummary {
  stages: StageTotal[];
  open: StageTotal;
  today: string;
  weekStart: string;
  weekEnd: string;
  dueThisWeek: Array<{
    id: number;
    brand: string;
    stage: string;
    dueDate: string;
    price: number;
    currency: string;
    overdue: boolean;
  }>;
  /**
   * Deals where the brand has answered in the delivery room (approved a draft, asked for changes,
   * accepted a quote) since the creator last opened them, the latest first (docs/deals.md).
   */
  answered?: Array<{ id: number; brand: string; at: string }>;
}

const dealsUrl = "/api/admin/deals";
/** Every deals query's key starts with this, so one invalidation refreshes them all. */
const dealsKey = [dealsUrl] as const;

export function dealsQueryOptions() {
  return queryOptions({
    queryKey: [...dealsKey, "list"],
    queryFn: () => getJson<Deal[]>(dealsUrl),
  });
}

export function dealQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...dealsKey, "deal", id],
    queryFn: () => getJson<DealWithEvents>(`${dealsUrl}/${id}`),
  });
}

/** The pipeline's totals; `today` is the admin's own day (YYYY-MM-DD), for "due this week". */
export function dealSummaryQueryOptions(today: string) {
  return queryOptions({
    queryKey: [...dealsKey, "summary", today],
    queryFn: () => getJson<DealSummary>(`${dealsUrl}/summary?today=${today}`),
  });
}

export const useDeals = () => useQuery(dealsQueryOptions());
export const useDeal = (id: number) => useQuery(dealQueryOptions(id));
export const useDealSummary = (today: string) => useQuery(dealSummaryQueryOptions(today));

/**
 * What a change of deals makes stale: every deals query, the inbox (an inquiry shows its deal) and
 * the Overview's recent activity.
 */
function useDealsInvalidation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [dealsKey, ["/api/admin/contact"], ["/api/admin/activity"]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** What a screen does once a deal's call has ended (its toast, a navigation). */
export interface DealCallbacks<TVariables, TResult> {
  onSuccess?: (result: TResult, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

/** A deal's mutation: on success the deals refresh, and `onSuccess` gets the answer. */
function useDealMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  callbacks: DealCallbacks<TVariables, TResult> = {},
) {
  const invalidate = useDealsInvalidation();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      void invalidate();
      callbacks.onSuccess?.(result, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}

const readDeal = async (res: Response) => (await res.json()) as DealWithEvents;

/** POST /api/admin/deals: a deal made by hand. */
export function useCreateDeal(callbacks?: DealCallbacks<DealInput, Deal>) {
  return useDealMutation(
    async (input: DealInput) => readDeal(await apiRequest("POST", dealsUrl, input)),
    callbacks,
  );
}

/** POST /api/admin/contact/{id}/deal: the inquiry's deal, made now or the one it has. */
export function useDealFromInquiry(callbacks?: DealCallbacks<number, Deal>) {
  return useDealMutation(
    async (inquiryId: number) =>
      readDeal(await apiRequest("POST", `/api/admin/contact/${inquiryId}/deal`)),
    callbacks,
  );
}

export interface DealPatch {
  id: number;
  input: Partial<DealInput>;
}

/** PATCH /api/admin/deals/{id}: the fields given change, the rest stay. */
export function useUpdateDeal(callbacks?: DealCallbacks<DealPatch, DealWithEvents>) {
  return useDealMutation(
    async ({ id, input }: DealPatch) =>
      readDeal(await apiRequest("PATCH", `${dealsUrl}/${id}`, input)),
    callbacks,
  );
}

/**
 * A stage move on the board: the card moves at once (the list in the cache), the server is told,
 * and a refusal puts the card back.
 */
export function useMoveDeal(callbacks: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const invalidate = useDealsInvalidation();
  const listKey = dealsQueryOptions().queryKey;
  return useMutation({
    mutationFn: ({ id, stage }: { id: number; stage: DealStage }) =>
      apiRequest("PATCH", `${dealsUrl}/${id}`, { stage }),
    onMutate: async ({ id, stage }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData(listKey);
      queryClient.setQueryData(listKey, (list) =>
        list?.map((d) => (d.id === id ? { ...d, stage } : d)),
      );
      return { before };
    },
    onError: (error, _variables, context) => {
      queryClient.setQueryData(listKey, context?.before);
      callbacks.onError?.(error);
    },
    onSettled: () => invalidate(),
  });
}

/** DELETE /api/admin/deals/{id}. */
export function useDeleteDeal(callbacks?: DealCallbacks<number, Response>) {
  return useDealMutation((id: number) => apiRequest("DELETE", `${dealsUrl}/${id}`), callbacks);
}

/** A price as the admin reads it: "NOK 6,300"; none yet is "—". */
export function formatPrice(price: number, currency: string): string {
  if (!price) return "—";
  try {
    return new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      currencyDisplay: "code",
      maximumFractionDigits: 0,
    }).format(price);
  } catch {
    return `${currency} ${price}`;
  }
}

/** The order currencies are listed in: NOK (the default) first, as the form offers them. */
const currencyOrder = (code: string) => {
  const i = currencies.indexOf(code as (typeof currencies)[number]);
  return i < 0 ? currencies.length : i;
};

/** Sums per currency as one text: "NOK 16,300 + EUR 500"; nothing is "—". */
export function formatValue(value: Record<string, number>): string {
  const parts = Object.entries(value)
    .filter(([, sum]) => sum > 0)
    .sort(([a], [b]) => currencyOrder(a) - currencyOrder(b))
    .map(([currency, sum]) => formatPrice(sum, currency));
  return parts.length > 0 ? parts.join(" + ") : "—";
}

/** The admin's own day, YYYY-MM-DD: what is overdue, what is due this week. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

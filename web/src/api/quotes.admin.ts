import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";

/**
 * Quotes: written from a deal, sent into its delivery room, accepted there by the brand,
 * as /api/admin/deals/{id}/quotes and /api/admin/quotes/{id} answer them (docs/quotes.md "Quotes API").
 * Amounts are whole minor units (øre). Only the admin imports it; the brand's side is a page the
 * server renders.
 */

export type QuoteState = "draft" | "sent" | "accepted" | "expired" | "withdrawn";
export type VatMode = "none" | "domestic" | "export";
export const vatModes: VatMode[] = ["domestic", "none", "export"];

/** A line's kind: the work itself, or one kind of usage right. */
export type LineKind = "item" | "organic" | "paid" | "whitelisting" | "exclusivity";
export const rightsKinds = ["organic", "paid", "whitelisting", "exclusivity"] as const;

export interface QuoteLineInput {
  kind: LineKind;
  description: string;
  quantity: number;
  /** Net, in øre. */
  unitPrice: number;
  /** A percent: 25 or 0. */
  vatRate: number;
  /** Usage rights only (0 on an item). */
  months: number;
  /** Usage rights only ("" on an item). */
  territory: string;
}

export interface QuoteLine extends QuoteLineInput {
  net: number;
}

/** What the admin writes of a quote (PATCH's body; POST's optional one). */
export interface QuoteInput {
  vatMode: VatMode;
  lines: QuoteLineInput[];
  depositPercent: number;
  paymentTermsDays: number;
  /** YYYY-MM-DD: the last day the brand may accept it. */
  validUntil: string;
  note: string;
}

export interface QuoteTotals {
  net: number;
  vat: number;
  gross: number;
  deposit: number;
  vatLines: Array<{ rate: number; taxable: number; tax: number }>;
}

export interface Acceptance {
  name: string;
  title: string;
  company: string;
  at: string;
  clientAddress: string;
  sha256: string;
}

export interface Quote extends Omit<QuoteInput, "lines"> {
  id: number;
  /** null once its deal is deleted (an accepted quote is kept). */
  dealId: number | null;
  /** The deal's 1, 2…: what the brand reads ("Quote 2"). */
  number: number;
  brand: string;
  state: QuoteState;
  currency: string;
  language: "no" | "en";
  lines: QuoteLine[];
  totals: QuoteTotals;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  withdrawnAt: string | null;
  /** The SHA-256 of the document frozen when it was sent ("" for a draft). */
  documentSha256: string;
  acceptance: Acceptance | null;
}

const dealQuotesUrl = (dealId: number) => `/api/admin/deals/${dealId}/quotes`;
const quoteUrl = (id: number) => `/api/admin/quotes/${id}`;

export const dealQuotesQueryOptions = (dealId: number) =>
  queryOptions({
    queryKey: [`/api/admin/deals/${dealId}`, "quotes"],
    queryFn: () => getJson<Quote[]>(dealQuotesUrl(dealId)),
  });

export const useDealQuotes = (dealId: number) => useQuery(dealQuotesQueryOptions(dealId));

/**
 * A quote's mutation: on success the deal's quotes refresh, with the deal (its history, its stage)
 * and the Overview's recent activity.
 */
function useQuoteMutation<TVariables, TResult>(
  dealId: number,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [
          [`/api/admin/deals/${dealId}`],
          ["/api/admin/deals", "deal", dealId],
          ["/api/admin/quotes"],
          ["/api/admin/activity"],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

const readQuote = async (res: Promise<Response>) => (await (await res).json()) as Quote;

/** POST …/deals/{id}/quotes: a draft prefilled from the deal. */
export const useCreateQuote = (dealId: number) =>
  useQuoteMutation(dealId, () => readQuote(apiRequest("POST", dealQuotesUrl(dealId))));

/** PATCH /api/admin/quotes/{id}: a draft's fields (the lines, when given, replace them all). */
export const useUpdateQuote = (dealId: number) =>
  useQuoteMutation(dealId, ({ id, input }: { id: number; input: QuoteInput }) =>
    readQuote(apiRequest("PATCH", quoteUrl(id), input)),
  );

/** POST …/send: frozen, shown in the deal's room and e-mailed to the brand. */
export const useSendQuote = (dealId: number) =>
  useQuoteMutation(dealId, (id: number) => readQuote(apiRequest("POST", `${quoteUrl(id)}/send`)));

/** POST …/withdraw: the brand can no longer accept it. */
export const useWithdrawQuote = (dealId: number) =>
  useQuoteMutation(dealId, (id: number) =>
    readQuote(apiRequest("POST", `${quoteUrl(id)}/withdraw`)),
  );

/** DELETE /api/admin/quotes/{id}: a draft only. */
export const useDeleteQuote = (dealId: number) =>
  useQuoteMutation(dealId, (id: number) => apiRequest("DELETE", quoteUrl(id)));

/** n / d rounded half away from zero (d > 0), as the server's billing/document RoundDiv. */
const roundDiv = (n: number, d: number) =>
  n < 0 ? -Math.floor((-n + Math.floor(d / 2)) / d) : Math.floor((n + Math.floor(d / 2)) / d);

/**
 * The totals the editor shows while the admin types, by the server's rule (VAT per rate on the
 * summed net of the lines of that rate, rounded half away from zero; the deposit a share of the
 * gross). Only a preview: what is saved shows the server's own figures.
 */
export function previewTotals(input: Pick<QuoteInput, "lines" | "depositPercent">): QuoteTotals {
  const byRate = new Map<number, number>();
  let net = 0;
  for (const l of input.lines) {
    const lineNet = l.quantity * l.unitPrice;
    byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + lineNet);
    net += lineNet;
  }
  const vatLines = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, taxable]) => ({ rate, taxable, tax: roundDiv(taxable * rate, 100) }));
  const vat = vatLines.reduce((sum, v) => sum + v.tax, 0);
  const gross = net + vat;
  return { net, vat, gross, deposit: roundDiv(gross * input.depositPercent, 100), vatLines };
}

/** An amount in øre as the admin reads it: "NOK 6,300.00". */
export function formatMinor(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      currencyDisplay: "code",
    }).format(minor / 100);
  } catch {
    return `${currency} ${(minor / 100).toFixed(2)}`;
  }
}

/**
 * An amount typed in kroner ("2100", "2 100,50", "2,100.50") as øre; null when it is not one. A
 * comma before the last one or two digits is the decimal sign, as a Norwegian writes it.
 */
export function parseAmount(text: string): number | null {
  let t = text.trim().replace(/[\s\u00a0]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(t)) t = t.replace(/,/g, ""); // 2,100.50
  t = t.replace(/,(\d{1,2})$/, ".$1"); // 2100,50
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole = "0", frac = ""] = t.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** Øre as the editor writes them in its field: "2100.50", "2100". */
export function amountText(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "./api";

/**
 * The Overview's billing figures (issue 34), as GET /api/admin/billing/summary answers them (README
 * "Billing API"): the overdue invoices, and while the creator is not VAT-registered her turnover of
 * the last 12 months against the 50 000 kr line. Amounts are integers in minor units (øre, cent).
 */

export type VATWarning = "none" | "approaching" | "must-register";

export interface OverdueInvoice {
  id: number;
  dealId: number;
  kind: "invoice" | "deposit";
  number: number;
  buyer: string;
  /** YYYY-MM-DD */
  dueDate: string;
  currency: string;
  outstanding: number;
}

export interface Turnover {
  /** The 12 months, both days included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** NOK in øre: issued invoices net of VAT, less credit notes; a foreign currency at its invoice's rate. */
  amount: number;
  /** 50 000 kr in øre: past it she must register for VAT (mval. § 2-1). */
  threshold: number;
  /** 40 000 kr in øre: the Overview warns from here. */
  warnFrom: number;
}

export interface BillingSummary {
  today: string;
  overdue: OverdueInvoice[];
  vatRegistered: boolean;
  /** null while she is VAT-registered. */
  turnover: Turnover | null;
  vatWarning: VATWarning;
}

export const billingSummaryUrl = "/api/admin/billing/summary";

export const billingSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [billingSummaryUrl],
    queryFn: () => getJson<BillingSummary>(billingSummaryUrl),
  });

export const useBillingSummary = () => useQuery(billingSummaryQueryOptions());

/**
 * An invoice's admin page. The billing screens' routes live in lib/admin-paths (the admin billing
 * UI, issue 34); this is the one address the Overview links to.
 */
export const invoicePath = (id: number) => `/admin/invoices/${id}`;

/** Minor units as the admin reads money: "NOK 7,875.00". */
export function formatMinor(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      currencyDisplay: "code",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(minor / 100);
  } catch {
    return `${currency} ${(minor / 100).toFixed(2)}`;
  }
}

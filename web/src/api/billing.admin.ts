import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";
import type { Language } from "@/lib/i18n";

/**
 * Billing: the creator's billing profile, her invoices, deposit requests and credit
 * notes, and their payments, as /api/admin/billing and /api/admin/invoices answer them (docs/billing.md
 * "Billing API"). Every amount is an integer in minor units (øre); lib/money parses and formats
 * them. Only the admin screens import this module.
 */

export interface Address {
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2: "NO". */
  country: string;
}

export const kidAlgorithms = ["mod10", "mod11"] as const;
export type KidAlgorithm = (typeof kidAlgorithms)[number];

/** The KID a payment carries, as her bank agreed it: its length (check digit included), 4–25. */
export interface KidAgreement {
  length: number;
  algorithm: KidAlgorithm;
}

/** GET|PUT /api/admin/billing: who invoices, and how she is paid. */
export interface BillingProfile {
  legalName: string;
  /** 9 digits, MOD11 checked. */
  orgNumber: string;
  /** Adds "MVA" after the number and 25 % VAT. */
  vatRegistered: boolean;
  /** In the Register of Business Enterprises (every AS; an ENK once registered): printed by the org.nr. */
  inForetaksregisteret: boolean;
  address: Address;
  email: string;
  /** 11 digits, MOD11 checked. */
  accountNumber: string;
  iban: string;
  bic: string;
  /** null: no KID; the payment is marked with the invoice number. */
  kidAgreement: KidAgreement | null;
  paymentTermsDays: number;
  invoiceLanguage: Language;
  /** The series' first number: settable only before the first invoice is issued (409 after). */
  firstInvoiceNumber: number;
}

export const invoiceKinds = ["invoice", "deposit", "credit-note"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** An invoice's state, derived by the server from its dates, payments and credit notes. */
export const invoiceStates = [
  "draft",
  "issued",
  "overdue",
  "partly-paid",
  "paid",
  "credited",
] as const;
export type InvoiceState = (typeof invoiceStates)[number];

export const stateLabels: Record<InvoiceState, string> = {
  draft: "Draft",
  issued: "Issued",
  overdue: "Overdue",
  "partly-paid": "Partly paid",
  paid: "Paid",
  credited: "Credited",
};

/** A state's label; one a newer server knows shows as it is named. */
export const invoiceStateLabel = (state: string) => stateLabels[state as InvoiceState] ?? state;

export const kindLabels: Record<InvoiceKind, string> = {
  invoice: "Invoice",
  deposit: "Deposit request",
  "credit-note": "Credit note",
};

export const invoiceKindLabel = (kind: string) => kindLabels[kind as InvoiceKind] ?? kind;

/** none: not VAT-registered; domestic: 25 %; export: a business abroad, 0 % reverse charge. */
export const vatModes = ["none", "domestic", "export"] as const;
export type VatMode = (typeof vatModes)[number];

export interface Buyer {
  name: string;
  orgNumber: string;
  /** A foreign business's VAT id. */
  vatId: string;
  address: Address;
  email: string;
  /** Their order number or contact: Norwegian business buyers require one. */
  reference: string;
}

export interface InvoiceLine {
  description: string;
  /** Whole units. */
  quantity: number;
  /** Net, minor units. */
  unitPrice: number;
  /** Percent: 25 or 0. */
  vatRate: number;
}

export interface Invoice {
  id: number;
  dealId: number;
  kind: InvoiceKind;
  /** null (or "") on a draft: a number is taken only at issue. */
  number: string | number | null;
  state: InvoiceState;
  currency: string;
  language: Language;
  /** YYYY-MM-DD; empty on a draft. */
  issueDate: string | null;
  dueDate: string | null;
  deliveryDate: string | null;
  vatMode: VatMode;
  buyer: Buyer;
  lines: InvoiceLine[];
  totals: { net: number; vat: number; gross: number };
  /** "" without a KID agreement: the payment is marked with the invoice number. */
  kid: string | null;
  paid: number;
  /** payable − paid − credited, never below 0. */
  outstanding: number;
  /** Printed on the document: a credit note's reason. */
  note: string;
  /** The invoice a credit note corrects; null otherwise. */
  correctsId: number | null;
  /** Deposits a final invoice deducts, and gross − prepaid. */
  prepaid: number;
  payable: number;
  /** What issued credit notes took off this invoice. */
  credited: number;
  payments: Payment[];
  /** SHA-256 (hex) of the stored files; "" on a draft. */
  pdfSha256: string;
  ehfSha256: string;
}

export interface Payment {
  id: number;
  amount: number;
  paidOn: string;
  method: string;
}

/** How a payment came (the server's PaymentMethods), bank transfer the default. */
export const paymentMethods = ["bank", "card", "cash", "other"] as const;

export const paymentMethodLabels: Record<string, string> = {
  bank: "Bank transfer",
  card: "Card",
  cash: "Cash",
  other: "Other",
};

/** What the admin changes of a draft (the body of PATCH /api/admin/invoices/{id}). */
export interface DraftInput {
  buyer: Buyer;
  lines: InvoiceLine[];
  deliveryDate: string;
  currency: string;
  language: Language;
  vatMode: VatMode;
  note: string;
}

export interface PaymentInput {
  /** Minor units. */
  amount: number;
  /** YYYY-MM-DD. */
  paidOn: string;
  method: (typeof paymentMethods)[number];
}

export interface CreditNoteInput {
  reason: string;
  /** The lines credited; absent: the whole invoice. */
  lines?: InvoiceLine[];
}

/** An invoice's number as read: "—" while a draft. */
export const invoiceNumber = (invoice: Pick<Invoice, "number">) =>
  invoice.number === null || invoice.number === "" ? "—" : String(invoice.number);

export const billingUrl = "/api/admin/billing";
export const invoicesUrl = "/api/admin/invoices";
const invoiceUrl = (id: number) => `${invoicesUrl}/${id}`;

/** The issued PDF and EHF (application/xml), byte for byte as made at issue. */
export const invoicePdfUrl = (id: number) => `${invoiceUrl(id)}/pdf`;
export const invoiceEhfUrl = (id: number) => `${invoiceUrl(id)}/ehf`;

export const billingProfileQueryOptions = () =>
  queryOptions({
    queryKey: [billingUrl],
    queryFn: () => getJson<BillingProfile>(billingUrl),
  });

/** Every invoices query's key starts with this, so one invalidation refreshes them all. */
const invoicesKey = [invoicesUrl] as const;

/** The invoices, of one state or (state "") all. */
export const invoicesQueryOptions = (state: InvoiceState | "" = "") =>
  queryOptions({
    queryKey: [...invoicesKey, "list", state],
    queryFn: () => getJson<Invoice[]>(state ? `${invoicesUrl}?state=${state}` : invoicesUrl),
  });

export const invoiceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...invoicesKey, "invoice", id],
    queryFn: () => getJson<Invoice>(invoiceUrl(id)),
  });

export const useBillingProfile = () => useQuery(billingProfileQueryOptions());
export const useInvoices = (state: InvoiceState | "" = "") => useQuery(invoicesQueryOptions(state));
export const useInvoice = (id: number) => useQuery(invoiceQueryOptions(id));

/** What a screen does once a call has ended (its toast, a navigation, a field's message). */
export interface BillingCallbacks<TVariables, TResult> {
  onSuccess?: (result: TResult, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

/**
 * A billing mutation: on success the invoices, the profile and the deals refresh (a payment may
 * move a deal to paid), and `onSuccess` gets the answer.
 */
function useBillingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  callbacks: BillingCallbacks<TVariables, TResult> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      for (const queryKey of [invoicesKey, [billingUrl], ["/api/admin/deals"]]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      callbacks.onSuccess?.(result, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}

const readJson = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

/** PUT /api/admin/billing: the whole profile. */
export const useSaveBillingProfile = (
  callbacks?: BillingCallbacks<BillingProfile, BillingProfile>,
) =>
  useBillingMutation(
    (profile: BillingProfile) => readJson<BillingProfile>(apiRequest("PUT", billingUrl, profile)),
    callbacks,
  );

/** POST /api/admin/deals/{id}/invoices: a draft invoice or deposit request prefilled from the deal. */
export const useCreateInvoice = (
  callbacks?: BillingCallbacks<{ dealId: number; kind: "invoice" | "deposit" }, Invoice>,
) =>
  useBillingMutation(
    ({ dealId, kind }: { dealId: number; kind: "invoice" | "deposit" }) =>
      readJson<Invoice>(apiRequest("POST", `/api/admin/deals/${dealId}/invoices`, { kind })),
    callbacks,
  );

/** PATCH /api/admin/invoices/{id}: a draft's fields (an issued invoice answers 409). */
export const useUpdateDraft = (
  callbacks?: BillingCallbacks<{ id: number; input: DraftInput }, Invoice>,
) =>
  useBillingMutation(
    ({ id, input }: { id: number; input: DraftInput }) =>
      readJson<Invoice>(apiRequest("PATCH", invoiceUrl(id), input)),
    callbacks,
  );

/** DELETE /api/admin/invoices/{id}: a draft (204); an issued invoice is kept (409). */
export const useDeleteDraft = (callbacks?: BillingCallbacks<number, Response>) =>
  useBillingMutation((id: number) => apiRequest("DELETE", invoiceUrl(id)), callbacks);

export interface IssueInput {
  id: number;
  /** NOK for one unit of a foreign currency at issue ("11.4532"); absent for NOK. */
  exchangeRate?: string;
}

/** POST /api/admin/invoices/{id}/issue: its number, dates and KID (a 400 names what is missing). */
export const useIssueInvoice = (callbacks?: BillingCallbacks<IssueInput, Invoice>) =>
  useBillingMutation(
    ({ id, exchangeRate }: IssueInput) =>
      readJson<Invoice>(
        apiRequest("POST", `${invoiceUrl(id)}/issue`, exchangeRate ? { exchangeRate } : {}),
      ),
    callbacks,
  );

/** POST /api/admin/invoices/{id}/payments: a payment recorded by hand (partial ones too). */
export const useRecordPayment = (
  callbacks?: BillingCallbacks<{ id: number; input: PaymentInput }, Invoice>,
) =>
  useBillingMutation(
    ({ id, input }: { id: number; input: PaymentInput }) =>
      readJson<Invoice>(apiRequest("POST", `${invoiceUrl(id)}/payments`, input)),
    callbacks,
  );

/** POST /api/admin/invoices/{id}/credit-note: an issued credit note, of the whole or some lines. */
export const useCreditNote = (
  callbacks?: BillingCallbacks<{ id: number; input: CreditNoteInput }, Invoice>,
) =>
  useBillingMutation(
    ({ id, input }: { id: number; input: CreditNoteInput }) =>
      readJson<Invoice>(apiRequest("POST", `${invoiceUrl(id)}/credit-note`, input)),
    callbacks,
  );

export interface SendInput {
  id: number;
  /** The address to send to; absent: the buyer's e-mail. */
  to?: string;
  /** She has read the EHF warning (from 2027 to a Norwegian business) and e-mails the PDF anyway. */
  confirmNoEHF?: boolean;
}

/** What sending answers: where the message goes and the files it carries. */
export interface SentInvoice {
  to: string;
  attachments: string[];
}

/**
 * POST /api/admin/invoices/{id}/send: the issued document e-mailed to the brand with its PDF (and
 * EHF). 409 is the EHF warning (send again with confirmNoEHF); 400 when e-mail is off.
 */
export const useSendInvoice = (callbacks?: BillingCallbacks<SendInput, SentInvoice>) =>
  useBillingMutation(
    ({ id, ...body }: SendInput) =>
      readJson<SentInvoice>(apiRequest("POST", `${invoiceUrl(id)}/send`, body)),
    callbacks,
  );

/**
 * The Overview's billing figures, as GET /api/admin/billing/summary answers them (docs/billing.md
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

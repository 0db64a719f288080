import type { Buyer, DraftInput, Invoice, InvoiceLine, VatMode } from "@/api/billing.admin";
import type { Language } from "@/lib/i18n";
import { moneyInput, parseMoney } from "@/lib/money";

/**
 * The draft editor's values: texts as typed, the unit price in kroner as a decimal string (parsed
 * to øre digit by digit, lib/money), the quantity and the VAT rate as strings of their fields.
 */
export interface LineValues {
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
}

export interface DraftValues {
  buyer: {
    name: string;
    orgNumber: string;
    vatId: string;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    email: string;
    reference: string;
  };
  deliveryDate: string;
  currency: string;
  language: Language;
  vatMode: VatMode;
  lines: LineValues[];
  note: string;
}

/** The money on the admin's screens is written as the screen is (English). */
export const screenLanguage: Language = "en";

/** The VAT rates a mode takes: 25 % (or 0 % outside VAT's scope) at home, else 0 % only. */
export const ratesOf = (mode: VatMode): number[] => (mode === "domestic" ? [25, 0] : [0]);

export const emptyLine = (mode: VatMode): LineValues => ({
  description: "",
  quantity: "1",
  unitPrice: "",
  vatRate: String(ratesOf(mode)[0]),
});

export function draftValues(invoice: Invoice): DraftValues {
  const b = invoice.buyer;
  return {
    buyer: {
      name: b?.name ?? "",
      orgNumber: b?.orgNumber ?? "",
      vatId: b?.vatId ?? "",
      street: b?.address?.street ?? "",
      postalCode: b?.address?.postalCode ?? "",
      city: b?.address?.city ?? "",
      country: b?.address?.country ?? "",
      email: b?.email ?? "",
      reference: b?.reference ?? "",
    },
    deliveryDate: invoice.deliveryDate ?? "",
    currency: invoice.currency || "NOK",
    language: invoice.language === "en" ? "en" : "no",
    vatMode: invoice.vatMode,
    lines: (invoice.lines ?? []).map((l) => ({
      description: l.description,
      quantity: String(l.quantity),
      unitPrice: moneyInput(l.unitPrice, screenLanguage),
      vatRate: String(l.vatRate),
    })),
    note: invoice.note ?? "",
  };
}

/** A quantity as typed: a whole number from 1 to 10 000, or null. */
export function parseQuantity(text: string): number | null {
  const value = text.trim();
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000
    ? Number(value)
    : null;
}

/** A line as the totals and the server take it; an unreadable number counts as 0 until fixed. */
export function pricedLine(line: LineValues): InvoiceLine {
  const price = parseMoney(line.unitPrice);
  return {
    description: line.description.trim(),
    quantity: parseQuantity(line.quantity) ?? 0,
    unitPrice: price.ok ? price.minor : 0,
    vatRate: Number(line.vatRate),
  };
}

/** The body of PATCH /api/admin/invoices/{id}. */
export function draftInput(values: DraftValues): DraftInput {
  const b = values.buyer;
  const buyer: Buyer = {
    name: b.name.trim(),
    orgNumber: b.orgNumber.replace(/[\s.]/g, ""),
    vatId: b.vatId.trim(),
    address: {
      street: b.street.trim(),
      postalCode: b.postalCode.trim(),
      city: b.city.trim(),
      country: b.country.trim().toUpperCase(),
    },
    email: b.email.trim(),
    reference: b.reference.trim(),
  };
  return {
    buyer,
    lines: values.lines.map(pricedLine),
    deliveryDate: values.deliveryDate,
    currency: values.currency,
    language: values.language,
    vatMode: values.vatMode,
    note: values.note.trim(),
  };
}

/** The field checks of a line (react-hook-form's `validate`): the server's, said before it does. */
export const lineChecks = {
  description: (v: string) => v.trim() !== "" || "Description is required",
  quantity: (v: string) =>
    parseQuantity(v) !== null || "Quantity must be a whole number from 1 to 10000",
  unitPrice: (v: string) => {
    const parsed = parseMoney(v);
    return parsed.ok || parsed.error;
  },
};

/** A calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

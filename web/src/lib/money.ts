import type { Language } from "./i18n";

/**
 * Money as the billing API has it: integers in minor units (øre, cent), never floats.
 * What the admin types is parsed as a decimal string, digit by digit, so "0,29" is 29 øre and not
 * 28.999…; what she reads is formatted by one helper. VAT follows the server's
 * internal/billing/document Compute: per rate on the summed lines, rounded half away from zero.
 */

/** The largest amount a field takes: 100 million in whole units (the deals' price limit). */
const maxWholeUnits = 100_000_000;

export type ParsedMoney = { ok: true; minor: number } | { ok: false; error: string };

// Spaces a person or a copied number may use between thousands: space, no-break, narrow no-break.
const groupSpaces = /[\s\u00a0\u202f]/g;

/**
 * An amount in whole units as typed ("12 500,50", "12500.5", "12,500.50", "12.500,50") in minor
 * units. The last "," or "." before one or two digits is the decimal mark; a lone mark before three
 * digits ("12,500") is refused rather than guessed, as it reads 12.5 in Norwegian and 12500 in English.
 */
export function parseMoney(input: string): ParsedMoney {
  const text = input.replace(groupSpaces, "");
  if (text === "") return { ok: false, error: "Enter an amount" };
  if (!/^[\d.,]+$/.test(text))
    return { ok: false, error: "Enter the amount in digits, e.g. 12 500,00" };
  const mark = Math.max(text.lastIndexOf(","), text.lastIndexOf("."));
  let whole = text;
  let fraction = "";
  if (mark >= 0) {
    fraction = text.slice(mark + 1);
    whole = text.slice(0, mark);
    const other = text[mark] === "," ? "." : ",";
    if (fraction.length === 3 && !whole.includes(other)) {
      return { ok: false, error: "Write thousands with a space (12 500) and at most 2 decimals" };
    }
    if (fraction.length === 0 || fraction.length > 2) {
      return { ok: false, error: "Use at most 2 decimals (whole øre)" };
    }
    // Marks before the decimal one group thousands: each group after the first has 3 digits.
    const groups = whole.split(other);
    if (whole.includes(text[mark] ?? "") || groups.slice(1).some((g) => g.length !== 3)) {
      return { ok: false, error: "Enter the amount in digits, e.g. 12 500,00" };
    }
    whole = groups.join("");
  }
  if (whole === "") whole = "0";
  const minor = /^\d+$/.test(whole) ? Number(whole) * 100 + Number(fraction.padEnd(2, "0")) : NaN;
  if (!(minor <= maxWholeUnits * 100)) {
    return {
      ok: false,
      error: `Enter an amount from 0 to ${maxWholeUnits.toLocaleString("en-GB")}`,
    };
  }
  return { ok: true, minor };
}

/** An amount in minor units as a decimal string for Intl ("-12500.05"): exact, no division. */
function decimalString(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(Math.trunc(minor))).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string, language: Language): Intl.NumberFormat {
  const key = `${language}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter =
      language === "no"
        ? new Intl.NumberFormat("nb-NO", { style: "currency", currency })
        : new Intl.NumberFormat("en-GB", { style: "currency", currency, currencyDisplay: "code" });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount for reading: "12 500,00 kr" in Norwegian, "NOK 12,500.00" in English (the no-break
 * spaces are Intl's). A currency Intl does not know shows as "XYZ 12500.00".
 */
export function formatMoney(minor: number, currency: string, language: Language): string {
  const decimal = decimalString(minor);
  try {
    return formatterOf(currency, language).format(decimal as Intl.StringNumericLiteral);
  } catch {
    return `${currency} ${decimal}`;
  }
}

/** An amount as the field shows it for editing: "12500,50" in Norwegian, "12500.50" in English. */
export function moneyInput(minor: number, language: Language): string {
  const decimal = decimalString(minor);
  return language === "no" ? decimal.replace(".", ",") : decimal;
}

/** n / d rounded half away from zero (d > 0), as the server's document.RoundDiv. */
export function roundDiv(n: number, d: number): number {
  const quotient = Math.floor((Math.abs(n) + Math.floor(d / 2)) / d);
  return n < 0 && quotient !== 0 ? -quotient : quotient;
}

export interface PricedLine {
  /** Whole units (videos, hours). */
  quantity: number;
  /** Net, minor units. */
  unitPrice: number;
  /** Percent: 25 or 0. */
  vatRate: number;
}

export interface VatSubtotal {
  rate: number;
  /** The summed net of the lines of this rate. */
  taxable: number;
  tax: number;
}

export interface Totals {
  /** Each line's net (quantity × unit price), in the lines' order. */
  lineNets: number[];
  /** Per rate, the highest rate first, as the invoice prints it. */
  vat: VatSubtotal[];
  net: number;
  tax: number;
  gross: number;
}

/**
 * The totals the server will compute: each line's net, the VAT of each rate on the sum of that
 * rate's lines (three lines of 0.33 kr at 25 % make 0.25 kr, not 3 × 0.08), net, VAT and gross.
 */
export function computeTotals(lines: readonly PricedLine[]): Totals {
  const byRate = new Map<number, number>();
  const lineNets = lines.map((line) => {
    const net = line.quantity * line.unitPrice;
    byRate.set(line.vatRate, (byRate.get(line.vatRate) ?? 0) + net);
    return net;
  });
  const vat = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, taxable]) => ({ rate, taxable, tax: roundDiv(taxable * rate, 100) }));
  const net = lineNets.reduce((sum, n) => sum + n, 0);
  const tax = vat.reduce((sum, v) => sum + v.tax, 0);
  return { lineNets, vat, net, tax, gross: net + tax };
}

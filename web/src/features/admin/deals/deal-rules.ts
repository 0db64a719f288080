import * as z from "zod/mini";
import { currencies, type Deal, type DealInput, dealFormats, dealStages } from "@/api/deals.admin";
import { emailPattern } from "@/lib/form-rules";
import { formValues, trimmedValues } from "@/lib/form-values";
import { languages } from "@/lib/i18n";

/**
 * The deal form's rules and messages: the server's (internal/deals/rules.go), each a row of
 * testdata/rules.json "forms" "deal" (form-rules-parity.test.ts holds this schema to them).
 */

/** A calendar day written YYYY-MM-DD in 2000–2099, as the server's forms.IsDate. */
export function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2099 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A whole number from low to high, with the server's one message for anything else. */
const wholeNumber = (low: number, high: number, message: string) =>
  z.int(message).check(z.gte(low, message), z.lte(high, message));

const text = (max: number, label: string) =>
  z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`));

export const dealSchema = z.object({
  brand: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Brand is required"),
      z.maxLength(200, "Brand must be at most 200 characters"),
    ),
  contactName: text(200, "Contact name"),
  contactEmail: z.string().check(
    z.trim(),
    z.refine((v) => v === "" || emailPattern.test(v), "Please enter a valid email address"),
  ),
  language: z.enum(languages, 'Language must be "no" or "en"'),
  package: text(200, "Package"),
  price: wholeNumber(0, 100_000_000, "Price must be a whole number from 0 to 100000000"),
  currency: z.enum(currencies, `Currency must be one of ${currencies.join(", ")}`),
  deliverableCount: wholeNumber(0, 100, "Number of videos must be a whole number from 0 to 100"),
  deliverableSeconds: wholeNumber(
    0,
    3600,
    "Video length must be a whole number of seconds from 0 to 3600",
  ),
  deliverableFormat: z.enum(dealFormats, `Format must be one of ${dealFormats.join(", ")}`),
  dueDate: z.string().check(
    z.trim(),
    z.refine((v) => v === "" || isDate(v), "Due date must be a date (YYYY-MM-DD)"),
  ),
  brief: text(10000, "Brief"),
  notes: text(10000, "Notes"),
  stage: z.enum(dealStages, `Stage must be one of ${dealStages.join(", ")}`),
});

export type DealValues = z.infer<typeof dealSchema>;

/** A new deal's values: the server's defaults (one 9:16 video in NOK, Norwegian, stage New). */
export const emptyDeal: DealValues = {
  brand: "",
  contactName: "",
  contactEmail: "",
  language: "no",
  package: "",
  price: 0,
  currency: "NOK",
  deliverableCount: 1,
  deliverableSeconds: 0,
  deliverableFormat: "9:16",
  dueDate: "",
  brief: "",
  notes: "",
  stage: "new",
};

/** The form's values of a stored deal. */
export const dealValues = (deal: Deal): DealValues => formValues(deal, emptyDeal);

/** The body of a create or update: the form's values, texts trimmed. */
export const dealInput = (values: DealValues): DealInput =>
  trimmedValues(values) satisfies DealInput;

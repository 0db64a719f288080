import type { Path } from "react-hook-form";
import * as z from "zod/mini";
import { type BillingProfile, kidAlgorithms } from "@/api/billing.admin";
import { emailPattern } from "@/lib/form-rules";
import { languages } from "@/lib/i18n";
import { checkAccountNumber, checkOrgNumber, compactNumber } from "@/lib/norwegian-numbers";

/**
 * The billing profile form's rules and messages, over the body of PUT
 * /api/admin/billing, each a row of testdata/rules.json "forms" "billing". The rows say
 * `clientOnly` until the server checks the profile with a forms table (internal/billing checks it
 * in its own code today): form-rules-parity.test.ts holds this schema to them all the same. A
 * number may be left empty while she sets up (issuing then names it as missing); one typed must
 * be whole and right, and is sent without its spaces and dots.
 */

/** A whole number from low to high, with one message for anything else (the deal form's way). */
const wholeNumber = (low: number, high: number, message: string) =>
  z.int(message).check(z.gte(low, message), z.lte(high, message));

/** An optional Norwegian number: compacted, then empty or right by its check digit. */
const norwegianNumber = (check: (value: string) => string, message: string) =>
  z.string().check(
    z.overwrite(compactNumber),
    z.refine((v) => v === "" || check(v) === "valid", message),
  );

const trimmed = () => z.string().check(z.trim());

export const billingSchema = z.object({
  legalName: z
    .string()
    .check(z.trim(), z.maxLength(200, "legalName must be at most 200 characters")),
  orgNumber: norwegianNumber(
    checkOrgNumber,
    "Organisation number must be 9 digits with a valid check digit (MOD11)",
  ),
  vatRegistered: z.boolean(),
  inForetaksregisteret: z.boolean(),
  address: z.object({
    street: trimmed(),
    postalCode: trimmed(),
    city: trimmed(),
    country: z.string().check(z.trim(), z.toUpperCase()),
  }),
  email: z.string().check(
    z.trim(),
    z.refine((v) => v === "" || emailPattern.test(v), "Please enter a valid email address"),
  ),
  accountNumber: norwegianNumber(
    checkAccountNumber,
    "Account number must be 11 digits with a valid check digit (MOD11)",
  ),
  iban: z.string().check(z.overwrite((v) => v.replace(/\s/g, "").toUpperCase())),
  bic: z.string().check(z.trim(), z.toUpperCase()),
  kidAgreement: z.nullable(z.object({ length: z.int(), algorithm: z.enum(kidAlgorithms) })),
  paymentTermsDays: wholeNumber(
    0,
    365,
    "Payment terms must be a whole number of days from 0 to 365",
  ),
  invoiceLanguage: z.enum(languages, 'Language must be "no" or "en"'),
  firstInvoiceNumber: wholeNumber(
    1,
    999_999_999,
    "First invoice number must be a whole number from 1 to 999999999",
  ),
});

/** The lengths a KID agreement may have, check digit included. */
export const kidLengths = Array.from({ length: 22 }, (_, i) => i + 4);

/** The form's values of a stored profile: what the server left empty, as empty fields. */
export function profileValues(profile: BillingProfile): BillingProfile {
  return {
    legalName: profile.legalName ?? "",
    orgNumber: profile.orgNumber ?? "",
    vatRegistered: Boolean(profile.vatRegistered),
    inForetaksregisteret: Boolean(profile.inForetaksregisteret),
    address: {
      street: profile.address?.street ?? "",
      postalCode: profile.address?.postalCode ?? "",
      city: profile.address?.city ?? "",
      country: profile.address?.country || "NO",
    },
    email: profile.email ?? "",
    accountNumber: profile.accountNumber ?? "",
    iban: profile.iban ?? "",
    bic: profile.bic ?? "",
    kidAgreement: profile.kidAgreement ?? null,
    paymentTermsDays: profile.paymentTermsDays ?? 14,
    invoiceLanguage: profile.invoiceLanguage === "en" ? "en" : "no",
    firstInvoiceNumber: profile.firstInvoiceNumber ?? 1,
  };
}

export type ProfileField = Path<BillingProfile>;

/**
 * The words the server's messages start with, per field ("Organisation number must be …"); a
 * message may name the JSON field too ("address.postalCode"). Longer names first, so "First
 * invoice number" wins over "invoice".
 */
const fieldNames: Array<[ProfileField, string[]]> = [
  ["firstInvoiceNumber", ["first invoice number", "firstInvoiceNumber"]],
  ["invoiceLanguage", ["invoice language", "invoiceLanguage"]],
  ["paymentTermsDays", ["payment terms", "paymentTermsDays"]],
  ["kidAgreement", ["kid agreement", "kidAgreement", "kid length", "kid algorithm", "kid"]],
  ["accountNumber", ["account number", "bank account", "accountNumber"]],
  ["orgNumber", ["organisation number", "organization number", "org.nr", "orgNumber"]],
  ["legalName", ["legal name", "legalName"]],
  ["address.postalCode", ["postal code", "address.postalCode", "postalCode"]],
  ["address.street", ["street", "address.street"]],
  ["address.city", ["city", "address.city"]],
  ["address.country", ["country", "address.country"]],
  ["email", ["e-mail", "email"]],
  ["iban", ["iban"]],
  ["bic", ["bic"]],
  ["vatRegistered", ["vat-registered", "vat registered", "vatRegistered"]],
  ["inForetaksregisteret", ["inForetaksregisteret", "foretaksregisteret"]],
];

/** The field a server message is about, so the form shows it there; undefined: the whole form. */
export function fieldOfMessage(message: string): ProfileField | undefined {
  const text = message.toLowerCase().replace(/^(field\s+)?["“]?/, "");
  for (const [field, names] of fieldNames) {
    if (names.some((name) => text.startsWith(name.toLowerCase()))) return field;
  }
  for (const [field, names] of fieldNames) {
    if (names.some((name) => name.length > 3 && text.includes(name.toLowerCase()))) return field;
  }
  return undefined;
}

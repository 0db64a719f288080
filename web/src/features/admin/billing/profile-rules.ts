import type { BillingProfile, KidAlgorithm } from "@/lib/billing";
import { emailPattern } from "@/lib/form-rules";
import type { Language } from "@/lib/i18n";
import {
  checkAccountNumber,
  checkOrgNumber,
  compactNumber,
  type NumberCheck,
} from "@/lib/norwegian-numbers";

/**
 * The billing profile form's values and checks. The server (internal/billing) holds the rules and
 * answers a broken one with a 400 naming the field; these checks only show the most common
 * mistakes (a check digit, a KID length) while the admin types. They are not yet rows of
 * testdata/rules.json "forms": the server checks the profile in its own package, not with a forms
 * table, so there is no shared row to hold both sides to.
 */

export interface ProfileValues {
  legalName: string;
  orgNumber: string;
  vatRegistered: boolean;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
  accountNumber: string;
  iban: string;
  bic: string;
  /** "none", or the algorithm of the KID agreement. */
  kid: "none" | KidAlgorithm;
  kidLength: string;
  paymentTermsDays: string;
  invoiceLanguage: Language;
  firstInvoiceNumber: string;
}

export type ProfileField = keyof ProfileValues;

/** An empty profile: the server's defaults (14 days, Norwegian, no KID, number 1). */
export const emptyProfile: ProfileValues = {
  legalName: "",
  orgNumber: "",
  vatRegistered: false,
  street: "",
  postalCode: "",
  city: "",
  country: "NO",
  email: "",
  accountNumber: "",
  iban: "",
  bic: "",
  kid: "none",
  kidLength: "",
  paymentTermsDays: "14",
  invoiceLanguage: "no",
  firstInvoiceNumber: "1",
};

export function profileValues(profile: BillingProfile): ProfileValues {
  return {
    legalName: profile.legalName ?? "",
    orgNumber: profile.orgNumber ?? "",
    vatRegistered: Boolean(profile.vatRegistered),
    street: profile.address?.street ?? "",
    postalCode: profile.address?.postalCode ?? "",
    city: profile.address?.city ?? "",
    country: profile.address?.country || "NO",
    email: profile.email ?? "",
    accountNumber: profile.accountNumber ?? "",
    iban: profile.iban ?? "",
    bic: profile.bic ?? "",
    kid: profile.kidAgreement?.algorithm ?? "none",
    kidLength: profile.kidAgreement ? String(profile.kidAgreement.length) : "",
    paymentTermsDays: String(profile.paymentTermsDays ?? 14),
    invoiceLanguage: profile.invoiceLanguage === "en" ? "en" : "no",
    firstInvoiceNumber: String(profile.firstInvoiceNumber ?? 1),
  };
}

/** The body of PUT /api/admin/billing: numbers without their spaces, texts trimmed. */
export function profileInput(values: ProfileValues): BillingProfile {
  const trim = (value: string) => value.trim();
  return {
    legalName: trim(values.legalName),
    orgNumber: compactNumber(values.orgNumber),
    vatRegistered: values.vatRegistered,
    address: {
      street: trim(values.street),
      postalCode: trim(values.postalCode),
      city: trim(values.city),
      country: trim(values.country).toUpperCase(),
    },
    email: trim(values.email),
    accountNumber: compactNumber(values.accountNumber),
    iban: values.iban.replace(/\s/g, "").toUpperCase(),
    bic: trim(values.bic).toUpperCase(),
    kidAgreement:
      values.kid === "none" ? null : { length: Number(values.kidLength), algorithm: values.kid },
    paymentTermsDays: Number(values.paymentTermsDays),
    invoiceLanguage: values.invoiceLanguage,
    firstInvoiceNumber: Number(values.firstInvoiceNumber),
  };
}

const wholeNumber = (value: string, low: number, high: number) =>
  /^\d+$/.test(value.trim()) && Number(value) >= low && Number(value) <= high;

/**
 * A number may be left empty while she sets up (issuing then names it as missing); one typed must
 * be whole and right.
 */
const typedAndValid = (check: NumberCheck) => check === "empty" || check === "valid";

/** The message of a field's broken check, or true (react-hook-form's `validate`). */
export const profileChecks: Partial<
  Record<ProfileField, (value: string, values: ProfileValues) => string | true>
> = {
  legalName: (v) => v.trim() !== "" || "Legal name is required",
  orgNumber: (v) =>
    typedAndValid(checkOrgNumber(v)) ||
    "Organisation number must be 9 digits with a valid check digit (MOD11)",
  email: (v) =>
    v.trim() === "" || emailPattern.test(v.trim()) || "Please enter a valid email address",
  accountNumber: (v) =>
    typedAndValid(checkAccountNumber(v)) ||
    "Account number must be 11 digits with a valid check digit (MOD11)",
  kidLength: (v, values) =>
    values.kid === "none" ||
    wholeNumber(v, 4, 25) ||
    "KID length must be a whole number from 4 to 25",
  paymentTermsDays: (v) =>
    wholeNumber(v, 0, 365) || "Payment terms must be a whole number of days from 0 to 365",
  firstInvoiceNumber: (v) =>
    wholeNumber(v, 1, 999_999_999) || "First invoice number must be a whole number from 1",
};

/**
 * The words the server's messages start with, per field ("Organisation number must be …"); a
 * message may name the JSON field too ("address.postalCode"). Longer names first, so "KID length"
 * wins over "KID".
 */
const fieldNames: Array<[ProfileField, string[]]> = [
  ["firstInvoiceNumber", ["first invoice number", "firstInvoiceNumber"]],
  ["invoiceLanguage", ["invoice language", "invoiceLanguage"]],
  ["paymentTermsDays", ["payment terms", "paymentTermsDays"]],
  ["kidLength", ["kid length", "kidAgreement.length"]],
  ["kid", ["kid algorithm", "kidAgreement.algorithm", "kid agreement", "kidAgreement", "kid"]],
  ["accountNumber", ["account number", "bank account", "accountNumber"]],
  ["orgNumber", ["organisation number", "organization number", "org.nr", "orgNumber"]],
  ["legalName", ["legal name", "legalName"]],
  ["postalCode", ["postal code", "address.postalCode", "postalCode"]],
  ["street", ["street", "address.street"]],
  ["city", ["city", "address.city"]],
  ["country", ["country", "address.country"]],
  ["email", ["e-mail", "email"]],
  ["iban", ["iban"]],
  ["bic", ["bic"]],
  ["vatRegistered", ["vat-registered", "vat registered", "vatRegistered"]],
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

/**
 * The check digits of Norwegian numbers the billing profile takes, so the form can say
 * while the admin types that a digit is wrong. The server checks the same (internal/billing) and
 * has the last word; these only spare her a round trip.
 */

/** The MOD11 check digit of `digits` with these weights, or null where none exists (remainder 1). */
function mod11Check(digits: string, weights: readonly number[]): number | null {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  return check === 10 ? null : check;
}

/** White space and the dots people write in "1234.56.78903" or "923 609 016". */
const separators = /[\s.\u00a0]/g;

/** A number as typed, without its spaces and dots. */
export const compactNumber = (value: string) => value.replace(separators, "");

/** What the check of a number says: nothing typed, not yet the full length, wrong, or right. */
export type NumberCheck = "empty" | "incomplete" | "invalid" | "valid";

function checkNumber(value: string, length: number, weights: readonly number[]): NumberCheck {
  const digits = compactNumber(value);
  if (digits === "") return "empty";
  if (!/^\d+$/.test(digits) || digits.length > length) return "invalid";
  if (digits.length < length) return "incomplete";
  return mod11Check(digits, weights) === Number(digits[length - 1]) ? "valid" : "invalid";
}

/** An organisation number: 9 digits, the last a MOD11 check with weights 3 2 7 6 5 4 3 2. */
export const checkOrgNumber = (value: string) => checkNumber(value, 9, [3, 2, 7, 6, 5, 4, 3, 2]);

/** A bank account number: 11 digits, the last a MOD11 check with weights 5 4 3 2 7 6 5 4 3 2. */
export const checkAccountNumber = (value: string) =>
  checkNumber(value, 11, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);

/**
 * A form's rules as a table, in the words of testdata/rules.json "forms" (min, max, format, oneOf,
 * optional), and the few lines that apply it. The visitor's contact form is checked this way rather
 * than with zod and react-hook-form: those two were 19 KB gzip of the home page's JavaScript, which
 * DESIGN.md section 5 budgets. form-rules-parity.test.ts holds every table to rules.json, as it holds
 * the admin's zod schemas, so a rule changed here or on the server alone fails a test.
 */

/**
 * The e-mail pattern of zod's `z.email()`, which the admin's forms use and the server applies word
 * for word (rules.json "emailPattern"; rules-parity.test.ts compares all three).
 */
export const emailPattern =
  // biome-ignore lint/complexity/noUselessEscapeInRegex: zod's pattern, kept character for character.
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** One field's rules; a text is trimmed before they apply, and lengths count UTF-16 units as zod's. */
export interface FieldRule {
  /** Not empty: its own message, where "at least 2 characters" would say the wrong thing. */
  required?: boolean;
  /** At least this many characters. */
  min?: number;
  /** At most this many characters. */
  max?: number;
  format?: "email";
  /** The values allowed; with `optional`, an empty value passes too. */
  oneOf?: readonly string[];
  optional?: boolean;
  /** The message each rule shows when it fails. */
  messages: { required?: string; min?: string; max?: string; format?: string; oneOf?: string };
}

/** The rules of a form's fields, in the order the form shows them; a field without rules is absent. */
export type FormRules<Values> = { [Field in keyof Values]?: FieldRule };

type RuleKind = keyof FieldRule["messages"];

/** The first rule the value breaks, or undefined when it keeps them all. */
function firstBroken(rule: FieldRule, value: string): RuleKind | undefined {
  if (rule.required && !value) return "required";
  if (rule.min !== undefined && value.length < rule.min) return "min";
  if (rule.max !== undefined && value.length > rule.max) return "max";
  if (rule.format === "email" && !emailPattern.test(value)) return "format";
  if (rule.oneOf && !(rule.optional && value === "") && !rule.oneOf.includes(value)) return "oneOf";
  return undefined;
}

export interface Checked<Values> {
  /** The values as the form sends them: every text with rules trimmed. */
  values: Values;
  /** Each invalid field's message, in the order of the rules. */
  errors: { [Field in keyof Values]?: string };
}

/** Applies the rules to the values: what to send, and what to show where. */
export function checkForm<Values extends { [Field in keyof Values]: string }>(
  rules: FormRules<Values>,
  input: Values,
): Checked<Values> {
  const values = { ...input };
  const errors: Checked<Values>["errors"] = {};
  for (const field of Object.keys(rules) as Array<keyof Values>) {
    const rule = rules[field];
    if (!rule) continue;
    const value = String(input[field] ?? "").trim();
    values[field] = value as Values[typeof field];
    const broken = firstBroken(rule, value);
    // A rule without its message still fails the field: a table missing a word must not let it pass.
    if (broken) errors[field] = rule.messages[broken] ?? "Invalid value";
  }
  return { values, errors };
}

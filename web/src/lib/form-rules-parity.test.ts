/**
 * The client's side of testdata/rules.json "forms": every rule of every zod schema and of every
 * rules table (lib/form-rules: the contact form's) of the client has a row there, and every row runs
 * through its schema or table with the same result. The Go server's forms
 * are held to the same rows (internal/forms/rules_parity_test.go), so a rule added or
 * changed on one side alone fails a test here or there.
 *
 * No form is listed by hand: every source file that builds a z.object or types a FormRules table is
 * found by its text, and each exported schema named `<form>Schema` or table named `<form>Rules` is
 * checked against rules.json's form of that name.
 */
import { describe, expect, it } from "vitest";
import rules from "../../../testdata/rules.json";
import { checkForm, type FieldRule } from "./form-rules";

interface ZodLike {
  _zod: { def: { type: string; shape?: Record<string, ZodLike>; checks?: ZodCheck[] } };
  safeParse(value: unknown): {
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  };
}
interface ZodCheck {
  _zod: { def: { check: string; minimum?: number } };
}

interface Row {
  required?: boolean;
  min?: number;
  max?: number;
  maxBytes?: number;
  format?: string;
  oneOf?: string;
  optional?: boolean;
  range?: [number, number];
  messages?: Record<string, string>;
  clientMessages?: Record<string, string | null>;
  serverOnly?: string;
  clientOnly?: string;
}
type Form = { valid: Record<string, unknown>; fields: Record<string, Row> };
const forms = rules.forms as unknown as Record<string, Form>;

/** The address formats and which mediaUrls samples each takes (rules.json says per sample). */
type MediaSample = (typeof rules.mediaUrls)[number];
const mediaFormats = {
  imageUrl: (s: MediaSample) => s.image,
  videoUrl: (s: MediaSample) => s.video,
  uploadedImage: (s: MediaSample) => s.uploadedImage,
  linkUrl: (s: MediaSample) => s.link,
};
const lists = rules as unknown as Record<string, string[]>;

/** Files that build a schema some other way, and the test that holds them to rules.json. */
const checkedElsewhere: Record<string, string> = {
  "/src/features/admin/content/content-sections.ts":
    "rules-parity.test.ts: the content sections and fields of rules.json, every field required",
};

/** The rule kinds a schema field has, named as rules.json names them. */
function kindsOf(field: ZodLike): string[] {
  const def = field._zod.def;
  const kinds = new Set<string>();
  if (def.type === "enum" || def.type === "union") kinds.add("oneOf");
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === "min_length") kinds.add(c.minimum === 1 ? "required" : "min");
    else if (c.check === "max_length") kinds.add("max");
    else if (c.check === "custom" && "maxBytes" in check) kinds.add("maxBytes");
    else if (c.check === "string_format" || c.check === "custom") kinds.add("format");
    else if (c.check === "greater_than" || c.check === "less_than") kinds.add("range");
    else if (c.check !== "overwrite") kinds.add(c.check); // a kind rules.json does not know yet
  }
  return [...kinds];
}

function rowKinds(row: Row): string[] {
  const has = {
    required: row.required,
    min: row.min,
    max: row.max,
    maxBytes: row.maxBytes,
    format: row.format,
    oneOf: row.oneOf,
    range: row.range,
  };
  return Object.entries(has)
    .filter(([, v]) => v)
    .map(([k]) => k);
}

const sources = import.meta.glob(["/src/**/*.{ts,tsx}", "!/src/**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const modules = import.meta.glob(["/src/**/*.{ts,tsx}", "!/src/**/*.test.{ts,tsx}"]);
const schemaFiles = Object.entries(sources)
  .filter(([path, text]) => /\bz\s*\.\s*object\s*\(/.test(text) && !(path in checkedElsewhere))
  .map(([path]) => path);
const tableFiles = Object.entries(sources)
  .filter(([, text]) => /\bconst\s+\w+\s*:\s*FormRules\s*</.test(text))
  .map(([path]) => path);

/** A form of the client as this test sees it: a zod schema or a rules table. */
interface ClientForm {
  file: string;
  /** The rule kinds of each field, named as rules.json names them. */
  kinds: Record<string, string[]>;
  /** The messages the form shows for the field of these values (none when it passes). */
  messages(values: Record<string, unknown>, field: string): string[];
}

function zodForm(file: string, schema: ZodLike): ClientForm {
  const shape = schema._zod.def.shape ?? {};
  return {
    file,
    kinds: Object.fromEntries(Object.entries(shape).map(([field, f]) => [field, kindsOf(f)])),
    messages: (values, field) =>
      (schema.safeParse(values).error?.issues ?? [])
        .filter((issue) => issue.path[0] === field)
        .map((issue) => issue.message),
  };
}

function tableForm(file: string, table: Record<string, FieldRule>): ClientForm {
  return {
    file,
    kinds: Object.fromEntries(
      Object.entries(table).map(([field, rule]) => [field, rowKinds(rule as Row)]),
    ),
    messages: (values, field) => {
      const message = checkForm(table, values as Record<string, string>).errors[field];
      return message === undefined ? [] : [message];
    },
  };
}

/** Every exported z.object and rules table of those files, by form name ("contact"). */
let found: ReturnType<typeof findForms> | undefined;
const clientForms = () => {
  found ??= findForms();
  return found;
};

async function findForms(): Promise<Record<string, ClientForm>> {
  const found: Record<string, ClientForm> = {};
  for (const file of schemaFiles) {
    const exports = (await modules[file]?.()) as Record<string, unknown>;
    let any = false;
    for (const [name, value] of Object.entries(exports)) {
      const def = (value as ZodLike | undefined)?._zod?.def;
      if (def?.type !== "object") continue;
      any = true;
      expect(name, `${file}: name the schema <form>Schema`).toMatch(/Schema$/);
      found[name.replace(/Schema$/, "")] = zodForm(file, value as ZodLike);
    }
    expect(any, `${file} builds a z.object but exports none: export it as <form>Schema`).toBe(true);
  }
  for (const file of tableFiles) {
    const exports = (await modules[file]?.()) as Record<string, unknown>;
    const tables = Object.entries(exports).filter(([name]) => /Rules$/.test(name));
    expect(tables.length, `${file} types a FormRules table: export it as <form>Rules`).toBe(1);
    for (const [name, table] of tables) {
      found[name.replace(/Rules$/, "")] = tableForm(file, table as Record<string, FieldRule>);
    }
  }
  return found;
}

describe("every field rule of the client has its row in testdata/rules.json forms", () => {
  it("finds the schemas and the rules tables", () => {
    expect(schemaFiles.length).toBeGreaterThan(3);
    expect(tableFiles).toContain("/src/features/public/contact/contact-rules.ts");
  });

  it("has a row, with the same rules, for each rule of every schema", async () => {
    const hint =
      "add the field's row to testdata/rules.json \"forms\" and give the server's form the same rule (its table in internal/httpapi, checked by internal/forms)";
    for (const [name, { file, kinds: fieldKinds }] of Object.entries(await clientForms())) {
      const form = forms[name];
      expect(
        form,
        `${file}: form ${name} has no form "${name}" in rules.json: ${hint}`,
      ).toBeDefined();
      if (!form) continue;
      for (const [field, kinds] of Object.entries(fieldKinds)) {
        if (kinds.length === 0) continue;
        const row = form.fields[field];
        expect(row, `${name}.${field} has rules ${kinds} but no row: ${hint}`).toBeDefined();
        if (!row) continue;
        expect(row.serverOnly, `${name}.${field}: rules.json says only the server checks it`).toBe(
          undefined,
        );
        for (const kind of kinds) {
          expect(rowKinds(row), `${name}.${field}: the client has rule ${kind}`).toContain(kind);
        }
      }
    }
  });
});

describe.each(Object.entries(forms))("the %s form applies its rows of rules.json", (name, form) => {
  const rows = Object.entries(form.fields).filter(([, row]) => !row.serverOnly);

  it.each(rows)("%s", async (field, row) => {
    const client = (await clientForms())[name];
    expect(
      client,
      `no client schema named ${name}Schema nor rules table named ${name}Rules`,
    ).toBeDefined();
    if (!client) return;
    const message = (kind: string) =>
      row.clientMessages && kind in row.clientMessages
        ? row.clientMessages[kind]
        : row.messages?.[kind];
    const messages = (value: unknown) => client.messages({ ...form.valid, [field]: value }, field);
    const want = (value: unknown, kind: string | null) => {
      const got = messages(value);
      const label = `${name}.${field} = ${JSON.stringify(value).slice(0, 40)}: rules.json wants ${kind === null ? "no message" : JSON.stringify(message(kind))}`;
      if (kind === null) expect(got, label).toEqual([]);
      else if (message(kind) === null) expect(got.length, label).toBeGreaterThan(0);
      else expect(got, label).toEqual([message(kind)]);
    };
    expect(messages(form.valid[field])).toEqual([]);
    if (row.required) want("", "required");
    if (row.min) {
      want("x".repeat(row.min), null);
      want("x".repeat(row.min - 1), "min");
    }
    if (row.max) {
      want("x".repeat(row.max), null);
      want("x".repeat(row.max + 1), "max");
    }
    if (row.maxBytes) {
      want("x".repeat(row.maxBytes), null);
      want("ø".repeat(row.maxBytes / 2 + 1), "maxBytes"); // two bytes a letter
    }
    if (row.range) {
      const [low, high] = row.range;
      for (const n of [low, high]) want(n, null);
      for (const n of [low - 1, high + 1]) want(n, "range");
    }
    if (row.oneOf) {
      for (const value of lists[row.oneOf] ?? []) want(value, null);
      want("not-in-the-list", "oneOf");
      want("", row.optional ? null : "oneOf");
    }
    // An optional field takes the empty value past its format.
    const formatKind = (value: string, valid: boolean) =>
      valid || (value === "" && row.optional) ? null : "format";
    if (row.format === "email") {
      for (const { email, valid } of rules.emails) want(email, formatKind(email, valid));
    } else if (row.format === "date") {
      for (const { date, valid } of rules.dates) want(date, formatKind(date, valid));
    } else if (row.format === "orgNumber" || row.format === "accountNumber") {
      const samples = row.format === "orgNumber" ? rules.orgNumbers : rules.accountNumbers;
      for (const { number, valid } of samples) want(number, formatKind(number, valid));
    } else if (row.format !== undefined && row.format in mediaFormats) {
      const takes = mediaFormats[row.format as keyof typeof mediaFormats];
      for (const sample of rules.mediaUrls) want(sample.url, formatKind(sample.url, takes(sample)));
    } else if (row.format) {
      expect.fail(`${name}.${field}: format ${row.format} has no samples in this test`);
    }
  });
});

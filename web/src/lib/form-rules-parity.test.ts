/**
 * The client's side of testdata/rules.json "forms": every rule of every zod schema of the client has
 * a row there, and every row runs through its schema with the same result. The Go server's forms
 * are held to the same rows (internal/httpapi/field_rules_parity_test.go), so a rule added or
 * changed on one side alone fails a test here or there.
 *
 * No schema is listed by hand: every source file that builds a z.object is found by its text, and
 * each exported schema named `<form>Schema` is checked against rules.json's form of that name.
 */
import { describe, expect, it } from "vitest";
import rules from "../../../testdata/rules.json";

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

/** Every exported z.object of the schema files, by form name (`contactSchema` is "contact"). */
let found: ReturnType<typeof findSchemas> | undefined;
const clientSchemas = () => {
  found ??= findSchemas();
  return found;
};

async function findSchemas(): Promise<Record<string, { file: string; schema: ZodLike }>> {
  const found: Record<string, { file: string; schema: ZodLike }> = {};
  for (const file of schemaFiles) {
    const exports = (await modules[file]?.()) as Record<string, unknown>;
    let any = false;
    for (const [name, value] of Object.entries(exports)) {
      const def = (value as ZodLike | undefined)?._zod?.def;
      if (def?.type !== "object") continue;
      any = true;
      expect(name, `${file}: name the schema <form>Schema`).toMatch(/Schema$/);
      found[name.replace(/Schema$/, "")] = { file, schema: value as ZodLike };
    }
    expect(any, `${file} builds a z.object but exports none: export it as <form>Schema`).toBe(true);
  }
  return found;
}

describe("every field rule of the client has its row in testdata/rules.json forms", () => {
  it("finds the schemas", () => {
    expect(schemaFiles.length).toBeGreaterThan(4);
  });

  it("has a row, with the same rules, for each rule of every schema", async () => {
    const hint =
      "add the field's row to testdata/rules.json \"forms\" and give the server's form the same rule (its table in internal/httpapi, checked by internal/forms)";
    for (const [name, { file, schema }] of Object.entries(await clientSchemas())) {
      const form = forms[name];
      expect(
        form,
        `${file}: ${name}Schema has no form "${name}" in rules.json: ${hint}`,
      ).toBeDefined();
      if (!form) continue;
      for (const [field, zodField] of Object.entries(schema._zod.def.shape ?? {})) {
        const kinds = kindsOf(zodField);
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
    const schema = (await clientSchemas())[name]?.schema;
    expect(schema, `no client schema named ${name}Schema`).toBeDefined();
    if (!schema) return;
    const message = (kind: string) =>
      row.clientMessages && kind in row.clientMessages
        ? row.clientMessages[kind]
        : row.messages?.[kind];
    const messages = (value: unknown) =>
      (schema.safeParse({ ...form.valid, [field]: value }).error?.issues ?? [])
        .filter((issue) => issue.path[0] === field)
        .map((issue) => issue.message);
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
    if (row.format === "email") {
      for (const { email, valid } of rules.emails) want(email, valid ? null : "format");
    } else if (row.format === "imageUrl" || row.format === "videoUrl") {
      for (const { url, image, video } of rules.mediaUrls) {
        want(url, (row.format === "imageUrl" ? image : video) ? null : "format");
      }
    }
  });
});

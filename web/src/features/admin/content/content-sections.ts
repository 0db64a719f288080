import * as z from "zod/mini";
import type { ContentSection } from "@/api/content";

/**
 * The editable sections of SPEC.md section 3 (website_content). Every field is a required string;
 * about's statistics are {number, text} objects, edited here as two flat fields each.
 */
export interface FieldDef {
  /** Flat form key: "tagline", or "stat1.number" for a statistic's part. */
  key: string;
  label: string;
}

export interface SectionDef {
  id: ContentSection;
  tab: string;
  fields: FieldDef[];
}

const stat = (n: 1 | 2 | 3): FieldDef[] => [
  { key: `stat${n}.number`, label: `Statistic ${n} number` },
  { key: `stat${n}.text`, label: `Statistic ${n} text` },
];

export const sections: SectionDef[] = [
  {
    id: "hero",
    tab: "Hero Section",
    fields: [
      { key: "tagline", label: "Tagline" },
      { key: "greeting", label: "Greeting" },
      { key: "intro", label: "Intro" },
      { key: "description", label: "Description" },
    ],
  },
  {
    id: "about",
    tab: "About UGC",
    fields: [
      { key: "title", label: "Title" },
      { key: "description1", label: "Description 1" },
      { key: "description2", label: "Description 2" },
      ...stat(1),
      ...stat(2),
      ...stat(3),
    ],
  },
  {
    id: "services",
    tab: "Services",
    fields: [
      { key: "title", label: "Title" },
      { key: "description", label: "Description" },
      { key: "creativeTitle", label: "Creative content title" },
      { key: "visualTitle", label: "Visual content title" },
      { key: "videoTitle", label: "Video & extras title" },
      { key: "resultsTitle", label: "Results title" },
    ],
  },
  {
    id: "contact",
    tab: "Contact",
    fields: [
      { key: "title", label: "Title" },
      { key: "description", label: "Description" },
      { key: "email", label: "Email" },
      { key: "location", label: "Location" },
      { key: "hours", label: "Hours" },
    ],
  },
  {
    id: "footer",
    tab: "Footer",
    fields: [
      { key: "companyDescription", label: "Company description" },
      { key: "copyright", label: "Copyright" },
    ],
  },
  {
    id: "privacy",
    tab: "Privacy",
    // "{email}" in the text is replaced by the contact e-mail, "{site}" by the site's name;
    // "## " starts a heading.
    fields: [{ key: "body", label: "Privacy page text" }],
  },
  {
    id: "clients",
    tab: "Client Logos",
    // The heading above the logos of /admin/client-logos on the home page.
    fields: [{ key: "title", label: "Heading" }],
  },
];

/** The form values of a section: one string per flat key. */
export type SectionValues = Record<string, string>;

/** The zod schema of a section's form: every field required (SPEC.md section 5). */
export function sectionSchema(section: SectionDef) {
  return z.object(
    Object.fromEntries(
      section.fields.map((f) => [
        f.key,
        z.string().check(z.trim(), z.minLength(1, `${f.label} is required`)),
      ]),
    ),
  );
}

/** Flattens stored content into form values; missing or non-string parts become "". */
export function toValues(section: SectionDef, content: unknown): SectionValues {
  const values: SectionValues = {};
  const obj = (typeof content === "object" && content !== null ? content : {}) as Record<
    string,
    unknown
  >;
  for (const { key } of section.fields) {
    const [head = key, part] = key.split(".");
    let v: unknown = obj[head];
    if (part !== undefined) {
      v = typeof v === "object" && v !== null ? (v as Record<string, unknown>)[part] : undefined;
    }
    values[key] = typeof v === "string" ? v : "";
  }
  return values;
}

/** Turns form values back into the content object the server expects. */
export function toContent(values: SectionValues): Record<string, string | Record<string, string>> {
  const content: Record<string, string | Record<string, string>> = {};
  for (const [key, value] of Object.entries(values)) {
    const [head = key, part] = key.split(".");
    if (part === undefined) {
      content[head] = value;
    } else {
      const existing = content[head];
      const obj = typeof existing === "object" ? existing : {};
      obj[part] = value;
      content[head] = obj;
    }
  }
  return content;
}

/** SPEC.md: a field whose text is over 100 characters is edited multiline. */
export const isLong = (value: string) => value.length > 100;

/**
 * Fills `{name}` placeholders: format("No {filter} inquiries found.", { filter: "unread" }).
 * A placeholder without a value is left as is, so a missing value is visible rather than blank.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) =>
    key in values ? String(values[key]) : placeholder,
  );
}

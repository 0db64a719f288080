/**
 * A form's values for a stored record: for each field the form has (the keys of `defaults`), the
 * record's own value when it has that field's type, else the default. Adding a field to a form's
 * defaults is then enough for an edit form to show the stored value.
 */
export function formValues<T extends object>(stored: object, defaults: T): T {
  const record = stored as Record<string, unknown>;
  const values = { ...defaults } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults)) {
    if (typeof record[key] === typeof fallback) values[key] = record[key];
  }
  return values as T;
}

/** A form's values with every text trimmed, as they are sent. */
export function trimmedValues<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === "string" ? value.trim() : value,
    ]),
  ) as T;
}

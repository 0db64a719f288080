import type { DateRange } from "@/api/analytics.admin";

/** The Analytics tab's ranges; "custom" takes two dates from the admin. */
export const rangePresets = [
  { id: "today", label: "Today", days: 1 },
  { id: "7d", label: "7 days", days: 7 },
  { id: "30d", label: "30 days", days: 30 },
  { id: "12m", label: "12 months", days: 365 },
] as const;

export type RangePreset = (typeof rangePresets)[number]["id"] | "custom";

const dayMs = 86_400_000;

/** A date as `YYYY-MM-DD` in UTC: the server counts days in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` days up to and including the day of `now`. */
export function lastDays(days: number, now: Date): DateRange {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * dayMs)), to: isoDay(now) };
}

/** The range the tab opens on (the router asks for its figures with the tab's code). */
export const defaultPreset = "7d" satisfies RangePreset;

export function defaultAnalyticsRange(now: Date): DateRange {
  return lastDays(rangePresets.find((p) => p.id === defaultPreset)?.days ?? 7, now);
}

/**
 * Every day of the range with its figures, missing days as 0 (the chart draws a day without
 * visitors as a point on the floor, not as a gap it silently skips).
 */
export function fillDays<T extends { date: string }>(
  range: DateRange,
  rows: T[],
  empty: (date: string) => T,
): T[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const out: T[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= end && out.length < 3700; t += dayMs) {
    const date = isoDay(new Date(t));
    out.push(byDate.get(date) ?? empty(date));
  }
  return out;
}

/** "+12 %" / "−5 %" against the previous period, or null when there is nothing to compare with. */
export function change(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const pct = Math.round(((current - previous) / previous) * 100);
  return `${pct >= 0 ? "+" : "−"}${Math.abs(pct)} %`;
}

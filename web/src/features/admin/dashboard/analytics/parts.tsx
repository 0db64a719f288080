import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { catalogues } from "@/lib/i18n/catalogues";

/** The home sections in page order with the names the admin reads (`data-section` ids). */
export const sectionNames: Array<[id: string, name: string]> = [
  ["hero", "Hero"],
  ["about", "About UGC"],
  ["services", "Services"],
  ["work", "Portfolio"],
  ["testimonials", "Testimonials"],
  ["pricing", "Pricing"],
  ["contact", "Contact"],
];

const targetNames: Record<string, string> = {
  "hero-cta": "Hero: work with me",
  "hero-portfolio": "Hero: view portfolio",
  "nav-cta": "Navigation: work with me",
  "package-custom": "Custom offer",
  "contact-email": "Contact e-mail",
  "footer-email": "Footer e-mail",
  "social-instagram": "Instagram",
  "social-tiktok": "TikTok",
  "social-linkedin": "LinkedIn",
  "social-email": "Footer mail icon",
};

/** A click target as the admin reads it: `package-2` → "Package: Pakketilbud 1". */
export function targetName(target: string): string {
  const pack = /^package-(\d)$/.exec(target);
  const name = pack ? catalogues.no.pricing.packages[Number(pack[1]) - 1]?.name : undefined;
  if (name) return `Package: ${name}`;
  return targetNames[target] ?? target;
}

const languageNames: Record<string, string> = { no: "Norwegian", en: "English" };

/** A site language's name: `no` → "Norwegian". */
export function languageName(code: string): string {
  return languageNames[code] ?? code;
}

let regionNames: Intl.DisplayNames | undefined;

/** A country's English name from its ISO code (`NO` → "Norway"), else the code itself. */
export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** `part` of `whole` as a whole percent ("0 %" of nothing). */
export function percent(part: number, whole: number): string {
  return `${whole > 0 ? Math.round((part / whole) * 100) : 0} %`;
}

/** "1 m 05 s" from seconds. */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} m ${String(s % 60).padStart(2, "0")} s`;
}

/** A figure with its label and an optional line under it. */
export function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </p>
      {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
    </Card>
  );
}

/** A titled card. */
export function Panel({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={`p-5 ${className ?? ""}`}>
      <h3 className="font-semibold">{title}</h3>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

/**
 * The largest of `values`, at least `floor`. A loop: `Math.max(...values)` passes every value as
 * an argument, and past some 100,000 of them the browser throws a RangeError.
 */
export function largest(values: Iterable<number>, floor = 0): number {
  let max = floor;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** How many rows a BarList shows; the server answers no more (top sources, "(other)" last). */
export const barListRows = 25;

/**
 * Rows of label and count with a bar of each row's share of `total` (or of the largest row),
 * the first `barListRows` of them. `empty` shows when there are none.
 */
export function BarList({
  rows,
  total,
  empty = "No data in this range.",
  testId,
}: {
  rows: Array<{ label: ReactNode; value: number; key: string; shown?: string }>;
  total?: number;
  empty?: string;
  testId?: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const shown = rows.slice(0, barListRows);
  const base = total ?? largest(shown.map((r) => r.value));
  return (
    <ul className="flex flex-col gap-2" data-testid={testId}>
      {shown.map((row) => (
        <li key={row.key} className="relative overflow-hidden rounded-md px-2 py-1 text-sm">
          <span
            aria-hidden="true"
            className="absolute inset-y-0 left-0 rounded-md bg-amber-100"
            style={{ width: `${base > 0 ? Math.min(100, (row.value / base) * 100) : 0}%` }}
          />
          <span className="relative flex justify-between gap-3">
            <span className="min-w-0 truncate">{row.label}</span>
            <span className="shrink-0 font-medium tabular-nums">{row.shown ?? row.value}</span>
          </span>
        </li>
      ))}
      {rows.length > shown.length ? (
        <li className="px-2 text-xs text-muted-foreground">
          {rows.length - shown.length} more not shown
        </li>
      ) : null}
    </ul>
  );
}

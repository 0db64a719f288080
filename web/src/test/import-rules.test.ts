// The web mirrors the server's rule: one capability, one folder. lib/ is
// infrastructure that any screen uses, so it never imports a screen; a
// feature never reaches into another feature's folder, except the admin's
// kits (its layout, the ordering of lists) and the few compositions listed
// below, each with why. A new crossing fails here: move the shared part to
// lib/ or a kit, or list it with its reason.
import { describe, expect, it } from "vitest";

/** Every source file under src/ (tests left out) and its text, by path relative to src/. */
const sources: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}"], {
      query: "?raw",
      import: "default",
      eager: true,
    }),
  ).map(([path, code]) => [path.replace(/^\.\.\//, ""), code]),
);

/** Admin folders every admin screen may use. */
const adminKits = ["admin/layout", "admin/ordering"];

/** Feature → feature imports that are a composition of screens, with why. */
const compositions: Record<string, string> = {
  "admin/deals → admin/billing": "the deal page shows the deal's invoices",
};

/** A path relative to src/, resolved against the folder of the file at from. */
function resolvePath(from: string, spec: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of spec.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/** The files a source file imports, as paths relative to src/. */
function importsOf(from: string, code: string): string[] {
  const specs = [...code.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map(
    (m) => m[1] ?? "",
  );
  return specs
    .map((spec) => {
      if (spec.startsWith("@/")) return spec.slice(2);
      if (spec.startsWith(".")) return resolvePath(from, spec);
      return "";
    })
    .filter(Boolean);
}

/** The feature a path under src/ belongs to: "public", "auth", "admin/deals"… or "" outside features/. */
function featureOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] !== "features" || parts.length < 3) return "";
  if (parts[1] === "admin" && parts.length > 3) return `admin/${parts[2]}`;
  return parts[1] ?? "";
}

/** What is wrong with one import, or "" when it is allowed. */
function crossing(from: string, to: string): string {
  if (from.startsWith("lib/") && to.startsWith("features/"))
    return `${from} (lib) imports the screen ${to}`;
  const a = featureOf(from);
  const b = featureOf(to);
  if (!a || !b || a === b || adminKits.includes(b)) return "";
  if (a.startsWith("admin") && b === "admin") return ""; // the admin's own shell files
  if (compositions[`${a} → ${b}`]) return "";
  return `${from} (${a}) imports ${to} (${b})`;
}

describe("import rules", () => {
  it("keeps lib/ free of screens and each feature in its own folder", () => {
    const found: string[] = [];
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    for (const [from, code] of Object.entries(sources)) {
      for (const to of importsOf(from, code)) {
        const wrong = crossing(from, to);
        if (wrong) found.push(wrong);
      }
    }
    expect(found).toEqual([]);
  });

  it("catches a planted crossing of each kind", () => {
    expect(crossing("lib/deals.ts", "features/admin/deals/deal-page")).toMatch(
      /imports the screen/,
    );
    expect(crossing("features/public/home.tsx", "features/admin/deals/deal-page")).toMatch(
      /\(public\) imports/,
    );
    expect(crossing("features/admin/portfolio/list.tsx", "features/admin/deals/board")).toMatch(
      /admin\/portfolio/,
    );
    expect(crossing("features/admin/portfolio/list.tsx", "features/admin/layout/admin-page")).toBe(
      "",
    );
    expect(
      crossing("features/admin/deals/deal-page.tsx", "features/admin/billing/deal-invoices"),
    ).toBe("");
  });
});

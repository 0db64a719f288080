// The web mirrors the server's rule: one capability, one folder. api/ holds
// each capability's calls (api/<capability>.ts, and api/<capability>.admin.ts
// for the calls only the admin makes); lib/ is infrastructure that any
// screen uses. So lib/ imports neither a capability nor a screen (it may name
// an api module's types: the catalogues type the content's built-in texts),
// api/ never imports a screen, and a feature never reaches into another
// feature's folder, except the admin's kits (its layout, the ordering of
// lists) and the few compositions listed below, each with why. Nothing the
// visitor's script loads at once imports an admin module: the admin's calls
// reach the browser with the admin's screens only. A new crossing fails here:
// move the shared part to lib/ or a kit, or list it with its reason.
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

/** One import of a source file: the path it names, relative to src/, and how. */
interface Import {
  to: string;
  /** `import type …`: gone from the built script. */
  typeOnly: boolean;
  /** `import(…)`: loaded when the code asks for it, in a chunk of its own. */
  dynamic: boolean;
}

/** The files a source file imports. */
function importsOf(from: string, code: string): Import[] {
  const found = code.matchAll(
    /(import\s+type\b[^;]*?\bfrom|import\s*\(|from|import)\s*["']([^"']+)["']/g,
  );
  return [...found]
    .map(([, how = "", spec = ""]) => {
      let to = "";
      if (spec.startsWith("@/")) to = spec.slice(2);
      else if (spec.startsWith(".")) to = resolvePath(from, spec);
      return { to, typeOnly: how.startsWith("import type"), dynamic: how.endsWith("(") };
    })
    .filter((i) => i.to !== "");
}

/** The source file an import names (its path without the extension), or the path itself. */
function sourceFile(path: string): string {
  const candidates = [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`];
  return candidates.find((c) => c in sources) ?? path;
}

/**
 * Every source file the visitor's script loads at once (what the browser's entry and the server's
 * render import, without the lazy chunks, `import(…)`, and the types), each with the file that
 * first imported it.
 */
function visitorGraph(): Map<string, string> {
  const importer = new Map<string, string>();
  const queue: [string, string][] = [
    ["main.tsx", "the entry"],
    ["ssr/entry-server.tsx", "the entry"],
  ];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const [file, from] = next;
    if (importer.has(file) || !(file in sources)) continue;
    importer.set(file, from);
    for (const i of importsOf(file, sources[file] ?? "")) {
      if (!i.dynamic && !i.typeOnly) queue.push([sourceFile(i.to), file]);
    }
  }
  return importer;
}

const isAdminModule = (path: string) => /^api\/[^/]+\.admin(\.tsx?)?$/.test(path);

/** The feature a path under src/ belongs to: "public", "auth", "admin/deals"… or "" outside features/. */
function featureOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] !== "features" || parts.length < 3) return "";
  if (parts[1] === "admin" && parts.length > 3) return `admin/${parts[2]}`;
  return parts[1] ?? "";
}

/** What is wrong with one import, or "" when it is allowed. */
function crossing(from: string, to: string, typeOnly = false): string {
  if (from.startsWith("lib/") && to.startsWith("features/"))
    return `${from} (lib) imports the screen ${to}`;
  if (from.startsWith("lib/") && to.startsWith("api/") && !typeOnly)
    return `${from} (lib) imports the capability ${to}`;
  if (from.startsWith("api/") && to.startsWith("features/"))
    return `${from} (api) imports the screen ${to}`;
  const a = featureOf(from);
  const b = featureOf(to);
  if (!a || !b || a === b || adminKits.includes(b)) return "";
  if (a.startsWith("admin") && b === "admin") return ""; // the admin's own shell files
  if (compositions[`${a} → ${b}`]) return "";
  return `${from} (${a}) imports ${to} (${b})`;
}

describe("import rules", () => {
  it("keeps lib/ free of capabilities and screens, api/ free of screens, each feature in its own folder", () => {
    const found: string[] = [];
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    for (const [from, code] of Object.entries(sources)) {
      for (const { to, typeOnly } of importsOf(from, code)) {
        const wrong = crossing(from, to, typeOnly);
        if (wrong) found.push(wrong);
      }
    }
    expect(found).toEqual([]);
  });

  it("keeps the admin's calls out of what the visitor's script loads at once", () => {
    const graph = visitorGraph();
    // The graph reaches the home page's sections and their api modules, not the lazy admin.
    expect(graph.has("features/public/home-page.tsx")).toBe(true);
    expect(graph.has("api/portfolio.ts")).toBe(true);
    expect(graph.has("features/admin/portfolio/portfolio-page.tsx")).toBe(false);
    const admin = [...graph]
      .filter(([file]) => isAdminModule(file))
      .map(([file, from]) => `${from} imports the admin's ${file}`);
    expect(admin).toEqual([]);
  });

  it("catches a planted crossing of each kind", () => {
    expect(crossing("lib/money.ts", "features/admin/deals/deal-page")).toMatch(
      /imports the screen/,
    );
    expect(crossing("lib/money.ts", "api/deals.admin")).toMatch(/\(lib\) imports the capability/);
    expect(crossing("lib/i18n/no.ts", "api/content", true)).toBe("");
    expect(crossing("api/deals.admin.ts", "features/admin/deals/deal-rules")).toMatch(
      /\(api\) imports the screen/,
    );
    expect(crossing("api/quotes.admin.ts", "api/deals.admin")).toBe("");
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

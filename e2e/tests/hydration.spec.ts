/**
 * The hero the server painted is the hero the visitor keeps. When the app takes over
 * (hydration), React must adopt the server's nodes as they are: a mismatch makes it render the
 * page again in the browser (new nodes, painted again, a later "largest contentful paint"), and a
 * class or text changed at start repaints it too. These tests keep a reference to every node of
 * the hero before the app runs and check, once it is live, that each is still the one on the page
 * and that nothing in the hero changed; React's own report of a mismatch (web/src/main.tsx logs
 * onRecoverableError to the console) fails them too.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";

const hero = { "/": "Hei, jeg lager innhold som selger", "/en": "Hi, I create content that sells" };

declare global {
  interface Window {
    /** Filled by the init script below, before any script of the page runs. */
    heroWatch?: {
      heading: Element | null;
      nodes: Node[];
      changes: string[];
    };
  }
}

/**
 * Before any script of the page: once the document is parsed (the app starts later, after the
 * first paint, from the end of the page, web/src/boot.js), keep the hero's nodes and record every
 * change inside it from then on. The rest of the page has parts that start late on purpose (the
 * contact form once near, the pitch notice): the hero has none.
 */
function watchHero() {
  document.addEventListener("DOMContentLoaded", () => {
    const section = document.querySelector('[data-section="hero"]');
    const watch: NonNullable<Window["heroWatch"]> = {
      heading: document.getElementById("hero-title"),
      nodes: [],
      changes: [],
    };
    window.heroWatch = watch;
    if (!section) return;
    const walker = document.createTreeWalker(section);
    for (let node: Node | null = section; node; node = walker.nextNode()) watch.nodes.push(node);
    const describe = (node: Node) =>
      node instanceof Element ? `<${node.tagName.toLowerCase()} class="${node.getAttribute("class") ?? ""}">` : JSON.stringify(node.textContent);
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === "attributes") watch.changes.push(`${describe(r.target)}: ${r.attributeName} was ${JSON.stringify(r.oldValue)}`);
        if (r.type === "characterData") watch.changes.push(`text ${describe(r.target)} was ${JSON.stringify(r.oldValue)}`);
        for (const node of r.removedNodes) watch.changes.push(`removed ${describe(node)}`);
        for (const node of r.addedNodes) watch.changes.push(`added ${describe(node)}`);
      }
    }).observe(section, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
      attributeOldValue: true,
      characterDataOldValue: true,
    });
  });
}

interface HydrationReport {
  /** Console errors and warnings, page errors: React reports a mismatch there. */
  problems: string[];
  /** The h1 on the page once the app is live is the one the server sent. */
  sameHeading: boolean;
  /** Nodes of the server's hero no longer in the page. */
  replacedNodes: number;
  heroNodes: number;
  /** Changes inside the hero (attributes, text, nodes added or removed). */
  heroChanges: string[];
}

/** Loads path and reports what the app's start did to the server's hero. */
async function hydrate(page: Page, path: string): Promise<HydrationReport> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(watchHero);
  await page.goto(path);
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  // A class toggled in an effect, or a re-render once the texts or data settle, comes after the
  // first commit: leave the app the time to do it.
  await page.waitForLoadState("networkidle");
  const found = await page.evaluate(() => {
    const watch = window.heroWatch;
    if (!watch) return null;
    return {
      sameHeading: watch.heading !== null && watch.heading === document.getElementById("hero-title") && watch.heading.isConnected,
      replacedNodes: watch.nodes.filter((node) => !node.isConnected).length,
      heroNodes: watch.nodes.length,
      heroChanges: watch.changes,
    };
  });
  if (!found) throw new Error("the init script did not run before the page's scripts");
  return { problems, ...found };
}

for (const path of ["/", "/en"] as const) {
  test(`${path}: the app adopts the hero the server painted, node for node`, async ({ page }) => {
    const report = await hydrate(page, path);
    expect(report.heroNodes).toBeGreaterThan(20);
    expect.soft(report.problems, "errors or warnings while the app started").toEqual([]);
    expect.soft(report.sameHeading, "the hero's h1 is not the one the server sent").toBe(true);
    expect.soft(report.replacedNodes, `nodes of the server's hero replaced (of ${report.heroNodes})`).toBe(0);
    expect.soft(report.heroChanges, "changes in the hero after the page was parsed").toEqual([]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero[path]);
  });
}

test("a hero that disagrees with its data is caught (the checks above can fail)", async ({ page }) => {
  // The server's HTML says one thing, the page's data another: React renders the page again.
  await page.route("**/en", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(`>${hero["/en"]}</h1>`, ">Stale text from another render</h1>");
    await route.fulfill({ response, body });
  });
  const report = await hydrate(page, "/en");
  // React reports the mismatch when the transition that hydrates ends, which on a loaded machine
  // can be after the network went quiet: wait for it (report.problems keeps filling).
  await expect.poll(() => report.problems.join("\n")).toMatch(/hydrat/i);
  expect(report.sameHeading).toBe(false);
  expect(report.replacedNodes).toBeGreaterThan(0);
});

test("the first paint waits for the whole hero, and the app's scripts for the first paint", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") requested.push(request.url());
  });
  await page.goto("/");
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  const order = await page.evaluate(() => {
    // internal/ssr/shell.go: `<link rel="expect" blocking="render">` names the element after the hero.
    const expectLink = document.querySelector('link[rel="expect"][blocking="render"]');
    const target = document.getElementById(expectLink?.getAttribute("href")?.slice(1) ?? "");
    const heroSection = document.querySelector('[data-section="hero"]');
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
    return {
      hasTarget: target !== null,
      targetAfterHero:
        target !== null && heroSection !== null && (heroSection.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      targetOutsideHero: target !== null && heroSection !== null && !heroSection.contains(target),
      fcp,
      firstScriptStart: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
    };
  });
  expect.soft(order.hasTarget, "no <link rel=expect blocking=render> naming an element of the page").toBe(true);
  expect.soft(order.targetAfterHero && order.targetOutsideHero, "the element the first paint waits for is not after the hero").toBe(true);
  // The loader is inline (no script file before the paint); every script is asked for after it.
  expect(order.scripts).toBeGreaterThan(0);
  expect(order.fcp).toBeDefined();
  expect
    .soft(order.firstScriptStart, `a script was asked for at ${order.firstScriptStart} ms, before the first paint at ${order.fcp} ms`)
    .toBeGreaterThanOrEqual(order.fcp ?? Number.POSITIVE_INFINITY);
  expect.soft(requested.filter((url) => url.endsWith("/boot.js")), "the loader is a file").toEqual([]);
});

declare global {
  interface Window {
    /** Filled by countErrorsMade: each Error made before the app was live, with where it was made. */
    errorsMade?: string[];
  }
}

/**
 * Before any script of the page: every `Error(…)` and `new Error(…)` until the app is live is noted
 * with its stack. Each one costs, under a debugger (Lighthouse and PageSpeed Insights drive Chromium
 * through one), a re-parse of the whole script it was made in to place its stack: React's renderer
 * made five as its module ran (web/vite.config.ts, stacklessReactMarkers).
 */
function countErrorsMade() {
  const made: string[] = [];
  window.errorsMade = made;
  const RealError = window.Error;
  const note = () => {
    if (!document.documentElement?.dataset.appReady) made.push(new RealError().stack?.split("\n").slice(2, 4).join(" ") ?? "");
  };
  window.Error = new Proxy(RealError, {
    apply(target, self, args) {
      note();
      return Reflect.apply(target, self, args);
    },
    construct(target, args, newTarget) {
      note();
      return Reflect.construct(target, args, newTarget === window.Error ? target : newTarget);
    },
  });
}

test("the app starts without making an Error (each one re-parses a whole script under Lighthouse)", async ({ page }) => {
  await page.addInitScript(countErrorsMade);
  await page.goto("/");
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  // The check itself works: an Error made in the page is counted (the page is live: not counted).
  const counted = await page.evaluate(() => {
    const before = window.errorsMade?.length ?? -1;
    delete document.documentElement.dataset.appReady;
    void Error("counted");
    document.documentElement.dataset.appReady = "true";
    return (window.errorsMade?.length ?? -1) - before;
  });
  expect(counted).toBe(1);
  const made = await page.evaluate(() => window.errorsMade?.slice(0, -1) ?? null);
  expect(made, "Errors made while the app started").toEqual([]);
});

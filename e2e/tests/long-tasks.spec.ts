/**
 * The home page comes alive without blocking: between the first paint and the end of
 * hydration, on a phone four times slower than this machine (Chromium's CPU throttling, as
 * Lighthouse applies it), the main thread runs no task over 50 ms, the "long task" that makes a
 * tap wait and that Lighthouse counts as Total Blocking Time.
 *
 * The browser reports every task over 50 ms itself (PerformanceObserver, type `longtask`); the test
 * counts those that start within the window: from the first contentful paint until every section of
 * the page and its footer are React's (hydrated: React has tied each to its own tree). A task
 * the machine stretched (other processes sharing its two cores) can cross 50 ms with the page doing
 * nothing wrong, so a load is tried up to three times and one load without a long task passes;
 * hydration in one piece is a long task in every load, so the test still fails where it should.
 * What it measures is a count of the browser's own reports, not a time the test takes.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { expect, test } from "../lib/fixtures";

/** Lighthouse's mobile CPU slowdown, and the longest task it does not count as blocking. */
const cpuSlowdown = 4;
const longTaskMs = 50;
const loads = 3;

declare global {
  interface Window {
    /** Filled by the init script below, before any script of the page runs. */
    longTaskWatch?: {
      tasks: Array<{ start: number; duration: number }>;
      /** performance.now() at the first frame with html[data-app-ready]. */
      ready?: number;
      /** performance.now() at the first frame where every section and the footer were hydrated. */
      hydrated?: number;
    };
  }
}

/** The console message the init script below writes once the page is hydrated. */
const hydratedMessage = "long-task-watch: hydrated";

/**
 * Before any script of the page (and before the document has an element): record every long task,
 * the first frame with the app's ready mark, and the
 * first frame at which the page is hydrated: React keeps its fiber on each DOM node it adopted (a
 * `__reactFiber$…` property), so each section and the footer carry one once the page is live. The
 * page checks this itself at each frame and says so in the console: the test evaluates nothing in
 * the page while it loads (Playwright's own script, injected on the first evaluation, is a task
 * that can pass 50 ms at this slowdown). The time is at most a frame late, and a task that held
 * that frame back started before it, inside the window.
 */
function watchLongTasks(message: string) {
  const watch: NonNullable<Window["longTaskWatch"]> = { tasks: [] };
  window.longTaskWatch = watch;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) watch.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  const check = () => {
    if (document.documentElement?.dataset.appReady && watch.ready === undefined) watch.ready = performance.now();
    const parts = [...document.querySelectorAll("[data-section], footer")];
    const live = parts.length > 1 && parts.every((part) => Object.keys(part).some((key) => key.startsWith("__reactFiber$")));
    if (!live) {
      requestAnimationFrame(check);
      return;
    }
    watch.hydrated = performance.now();
    console.log(message);
  };
  requestAnimationFrame(check);
}

interface Load {
  fcp: number;
  ready: number;
  hydrated: number;
  /** The long tasks that started between the first paint and the end of hydration. */
  long: Array<{ start: number; duration: number }>;
}

/** One cold load of path at the CPU slowdown, in a fresh context (nothing cached). */
async function load(browser: Browser, baseURL: string, path: string): Promise<Load> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.addInitScript(watchLongTasks, hydratedMessage);
    // Slowed down four times on a busy machine, the whole page can take a while to come alive.
    const hydrated = page.waitForEvent("console", { predicate: (m) => m.text() === hydratedMessage, timeout: 60_000 });
    await page.goto(path);
    await hydrated;
    expect(problems, "errors while the page came alive").toEqual([]);
    const found = await page.evaluate(() => {
      const watch = window.longTaskWatch;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
      return watch && fcp !== undefined ? { fcp, ...watch } : null;
    });
    if (!found || found.ready === undefined || found.hydrated === undefined) {
      throw new Error(`the init script did not see the first paint, the app's ready mark and hydration: ${JSON.stringify(found)}`);
    }
    const { fcp, ready, hydrated: end } = found;
    const long = found.tasks.filter((task) => task.start >= fcp && task.start <= end && task.duration > longTaskMs);
    return { fcp, ready, hydrated: end, long };
  } finally {
    await context.close();
  }
}

const round = (load: Load) =>
  `first paint ${Math.round(load.fcp)} ms, app ready ${Math.round(load.ready)} ms, hydrated ${Math.round(load.hydrated)} ms; ` +
  `long tasks: ${load.long.map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.start)}`).join(", ") || "none"}`;

test.describe("long tasks", () => {
  // Three slowed-down loads at most per page.
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async ({ server }) => {
    // A portfolio as big as the demo's, so hydration has the page's real work to do.
    const repoRoot = path.resolve(__dirname, "../..");
    const dbtool = path.join(mkdtempSync(path.join(tmpdir(), "ugcfolio-dbtool-")), "dbtool");
    execFileSync("go", ["build", "-o", dbtool, "./e2e/scripts/dbtool"], { cwd: repoRoot, stdio: "inherit" });
    const items = ["no", "en"].flatMap((language) =>
      Array.from({ length: 10 }, (_, i) => ({
        title: `${language.toUpperCase()} Item ${i + 1}`,
        description: "A short description of the work.",
        category: ["product", "lifestyle", "brand", "social"][i % 4],
        imageUrl: "/favicon.svg",
        ...(i % 2 === 0 ? { videoUrl: "http://127.0.0.1:9/clip.mp4" } : {}),
        featured: i < 3,
        language,
      })),
    );
    execFileSync(dbtool, ["seed-portfolio", server.dataDir], { input: JSON.stringify(items), encoding: "utf8" });
  });

  for (const path of ["/", "/en"] as const) {
    test(`${path}: no task over ${longTaskMs} ms from the first paint to hydrated, at ${cpuSlowdown}x CPU slowdown`, async ({
      browser,
      baseURL,
    }) => {
      const tried: Load[] = [];
      for (let i = 0; i < loads; i++) {
        const result = await load(browser, baseURL ?? "", path);
        tried.push(result);
        console.log(`${path} load ${i + 1}: ${round(result)}`);
        if (result.long.length === 0) break;
      }
      const best = tried.find((result) => result.long.length === 0);
      expect(best, `a long task in each of ${tried.length} loads:\n${tried.map(round).join("\n")}`).toBeDefined();
      // The window is real: the app was ready and the page hydrated after its first paint.
      expect(best?.hydrated).toBeGreaterThanOrEqual(best?.fcp ?? Number.POSITIVE_INFINITY);
    });
  }
});

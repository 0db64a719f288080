import { defineConfig } from "@playwright/test";

/**
 * Browser tests against the real binary (lib/server.ts starts one per worker).
 * The browser is Debian's Chromium: a Playwright browser download never works here, so nothing
 * may run `playwright install`. Override its path with $CHROMIUM.
 */
export default defineConfig({
  testDir: "./tests",
  // The long-task check measures the machine as much as the page (a busy CI machine stretches
  // every task), so it runs with the Lighthouse figures (`make lighthouse`), not in `make test`.
  testIgnore: process.env.UGCFOLIO_LONG_TASKS ? [] : ["**/long-tasks.spec.ts"],
  outputDir: "./test-results",
  // A 2-core machine runs a server and a browser per worker: two workers, in CI too (the whole
  // suite took 19 min on one worker there; on two, 5.8 min here with another job running).
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    browserName: "chromium",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
});

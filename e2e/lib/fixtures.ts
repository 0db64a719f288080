/**
 * Playwright fixtures. Import `test` and `expect` from here instead of "@playwright/test":
 *
 *   test("…", async ({ page, server }) => { await page.goto("/"); … });
 *
 * Each worker starts one real server (see server.ts) and every test's `baseURL` points at it,
 * so `page.goto("/")` and `request.get("/api/…")` reach it. A file that needs a differently
 * configured server asks for one, which gives it its own worker and server:
 *
 *   test.use({ serverEnv: { UGCFOLIO_GATE_USERNAME: "guest", UGCFOLIO_GATE_PASSWORD: "s3cret" } });
 *
 * The server (and its database) is shared by the tests of a worker. A file whose tests change
 * what other files assert (site texts, testimonials…) takes a server of its own with
 *
 *   test.use({ ownServer: "admin" });
 */
import { test as base } from "@playwright/test";
import { type Env, type RunningServer, startServer } from "./server";

interface WorkerFixtures {
  /** Extra environment for this worker's server. Set with test.use({ serverEnv }). */
  serverEnv: Env;
  /** A name that gives the file's tests a worker and a server of their own. */
  ownServer: string;
  server: RunningServer;
}

interface TestFixtures {
  /** Attaches the server's log to a failed test's report (automatic). */
  attachServerLogOnFailure: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: "worker", option: true }],
  ownServer: ["", { scope: "worker", option: true }],

  server: [
    // ownServer is listed so that a different value means a different worker (and server).
    async ({ serverEnv, ownServer: _ }, use) => {
      const server = await startServer({ env: serverEnv });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },

  attachServerLogOnFailure: [
    async ({ server }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach("server.log", { body: server.log(), contentType: "text/plain" });
      }
    },
    { auto: true },
  ],
});

export { expect } from "@playwright/test";

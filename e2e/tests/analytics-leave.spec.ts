import type { Browser, BrowserType } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// A visitor sends the form and leaves the page
// within 2 s, ten times over; each visit's "form started" and "form sent" are counted and the
// funnel reads 10 → 10 → 10. Its own server: the figures must start at zero (and the contact
// form's limit of 10 inquiries per address must be this test's alone).
test.use({ ownServer: "analytics-leave" });

const admin = { email: "leave-admin@example.no", name: "Leave Admin", password: "hemmelig-leave" };
const visits = 10;

/**
 * A visitor's browser: its own Chromium, which names itself as Chrome does (version `n`, so that
 * each visitor is a visitor of its own: the server tells visitors apart by address and browser).
 *
 * Why the whole browser and not a context's userAgent: a context's User-Agent is an override of
 * the page's, and the beacon Chromium sends as a page is left for another page goes out after the
 * page has gone, with the browser's own "HeadlessChrome", which the bot list rightly refuses (the
 * server answered 204, not counted). That was the visits the issue lost whenever the 5-second timer
 * had not sent the events first; a real Chrome sends the same name from page and beacon alike.
 */
async function visitorBrowser(chromium: BrowserType, n: number): Promise<Browser> {
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", `--user-agent=${userAgent}`],
  });
}

test("ten visitors who send the form and leave within 2 s are all counted: 10 → 10 → 10", async ({
  browser,
  playwright,
  baseURL,
  server,
}) => {
  test.setTimeout(240_000);
  await createAdmin(server, admin);

  for (let n = 0; n < visits; n++) {
    const visitor = await visitorBrowser(playwright.chromium, n);
    try {
      const page = await visitor.newPage({ baseURL });
      await page.goto("/#contact");
      await expect(page.locator("html[data-app-ready]")).toBeAttached();
      const form = page.getByRole("form", { name: "Send en forespørsel" });
      await form.getByLabel("Navn").fill(`Besøkende ${n}`);
      await form.getByLabel("E-post").fill(`visitor${n}@example.no`);
      await form.getByLabel("Melding").fill("Vi vil gjerne høre mer om pakkene dine.");
      const sentAt = Date.now();
      // The form steps go as they happen (not with the 5-second timer): "sent" is on its way
      // before the visitor leaves, 2 s after sending at the latest, and is counted (202).
      const stepSent = page.waitForRequest(
        (request) =>
          request.url().endsWith("/api/analytics/events") &&
          (request.postData() ?? "").includes('"step":"sent"'),
        { timeout: 2_000 },
      );
      await form.getByRole("button", { name: "Send melding" }).click();
      const beacon = await stepSent;
      expect((await beacon.response())?.status()).toBe(202);
      // Gone at once, half of them to another page and half by closing the tab.
      if (n % 2 === 0) await page.goto("about:blank");
      else await page.close({ runBeforeUnload: true });
      expect(Date.now() - sentAt).toBeLessThan(2_000);
    } finally {
      await visitor.close();
    }
  }

  // The summary once the rollup has run (every 30 s), then the Analytics tab.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  const login = await adminPage.request.post("/api/login", {
    data: { username: admin.email, password: admin.password },
  });
  expect(login.status()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await adminPage.request.get("/api/admin/analytics/summary");
        return ((await res.json()) as { funnel: unknown }).funnel;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toEqual({ visitors: visits, formStarted: visits, submitted: visits });
  await adminPage.goto("/admin/analytics");
  await adminPage.getByRole("button", { name: "Today" }).click();
  await expect(adminPage.getByTestId("analytics-funnel").getByRole("listitem")).toHaveText([
    `Visitors${visits}`,
    `Started the form${visits}`,
    `Sent an inquiry${visits}`,
  ]);
  await adminContext.close();
});

import { expect, test } from "../lib/fixtures";

// Errors thrown in the page or logged to the console (a CSP violation is logged there, and so is
// every 4xx answer: "Failed to load resource") mean the app is broken even if the heading renders.
// None is tolerated: a visitor's page asks GET /api/user only with the signed-in hint.
function collectPageErrors(page: import("@playwright/test").Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  return errors;
}

test("the home page renders the app", async ({ page }) => {
  const errors = collectPageErrors(page);

  const apiCalls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) apiCalls.push(`${request.method()} ${pathname}`);
  });

  await page.goto("/");

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Content Producer/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /UGC-skaper/);
  await expect(page.locator("html")).toHaveAttribute("lang", "no");
  // SPEC.md section 2: every in-page "#" link scrolls smoothly.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("smooth");
  // Down to the footer, so every section (and the contact form) has loaded.
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await expect(page.locator("#contact form")).toBeVisible();
  await page.locator("footer").scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  // Every image waits until it is near and keeps its box while loading: no layout shift.
  const images = await page.locator("main img").evaluateAll((all) =>
    all.map((img) => ({
      src: img.getAttribute("src"),
      loading: img.getAttribute("loading"),
      sized: img.hasAttribute("width") && img.hasAttribute("height"),
    })),
  );
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) expect(image, String(image.src)).toMatchObject({ loading: "lazy", sized: true });
  // The server rendered the page and inlined its data: the texts, the work and the
  // testimonials are not fetched again; no user lookup for a visitor (no signed-in hint).
  expect(
    apiCalls.filter((call) => /^GET \/api\/(content|portfolio|testimonials|site)\b/.test(call)),
  ).toEqual([]);
  expect(apiCalls).not.toContain("GET /api/user");
});

test("an unknown path shows the 404 screen", async ({ page }) => {
  const errors = collectPageErrors(page);

  // A real 404 status (search engines must not index the screen as a page); the browser logs it.
  const answer = await page.goto("/no-such-page");
  expect(answer?.status()).toBe(404);

  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  // The site's navigation offers the way back (SPEC.md section 2: "Back to Home" off the home page).
  await page.getByRole("link", { name: "Tilbake til forsiden" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hei, jeg lager innhold som selger");
  expect(errors.filter((e) => !(e.includes("status of 404") && e.includes("/no-such-page)")))).toEqual([]);
});

import { expect, test } from "../lib/fixtures";

// Errors thrown in the page or logged to the console (a CSP violation is logged there) mean the
// app is broken even if the heading renders.
function collectPageErrors(page: import("@playwright/test").Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

test("the home page renders the app", async ({ page }) => {
  const errors = collectPageErrors(page);

  await page.goto("/");

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Content Producer/);
  await expect(page.locator("html")).toHaveAttribute("lang", "no");
  expect(errors).toEqual([]);
});

test("an unknown path shows the 404 screen", async ({ page }) => {
  const errors = collectPageErrors(page);

  await page.goto("/no-such-page");

  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  expect(errors).toEqual([]);
});

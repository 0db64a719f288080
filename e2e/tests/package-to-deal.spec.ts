import type { Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// The package travels from the pricing card to the deal: "Choose package" selects that
// package in the contact form (which loads lazily, after the click), the inquiry names it, and the
// deal made from the inquiry has the package's videos, length and price, named in the brand's
// language. At a phone's width and a desktop's. Its own server: it makes inquiries and deals.
test.use({ ownServer: "package-to-deal" });

const admin = { email: "package-admin@example.no", name: "Kari Nordmann", password: "hemmelig-pakke" };

async function signIn(page: Page) {
  const res = await page.request.post("/api/login", {
    data: { username: admin.email, password: admin.password },
  });
  expect(res.status()).toBe(200);
}

test.beforeAll(async ({ server }) => {
  await createAdmin(server, admin);
});

for (const width of [390, 1280]) {
  test(`Package 1 chosen on the English page becomes a deal of 3 videos for 6,300 kr (${width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const brand = `Nordlys ${width} AS`;
    const visitor = await browser.newContext({ baseURL, viewport: { width, height: 844 } });
    const site = await visitor.newPage();
    await site.goto("/en");
    await expect(site.locator("html[data-app-ready]")).toBeAttached();
    // Straight to the card's button, the form still unloaded (it loads as its section comes near).
    const card = site.getByTestId("pricing-package").filter({ hasText: "Package 1" });
    await card.getByRole("link", { name: "Choose package" }).click();
    const form = site.getByRole("form", { name: "Send an inquiry" });
    const service = form.getByLabel("Service (optional)");
    await expect(service).toHaveValue("Pakketilbud 1");
    await expect(service.locator("option:checked")).toHaveText("Package 1");
    await form.getByLabel("Name").fill("Ola Nordmann");
    await form.getByLabel("Email").fill(`ola${width}@nordlys.no`);
    await form.getByLabel("Company (optional)").fill(brand);
    await form.getByLabel("Message").fill("Three videos for our spring launch, please.");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(site.getByText("Message sent successfully")).toBeVisible();
    await visitor.close();

    // The creator makes the deal from the inquiry in one click.
    await page.setViewportSize({ width, height: 844 });
    await signIn(page);
    await page.goto("/admin/inquiries");
    const inquiry = page.getByTestId("inquiry-card").filter({ hasText: brand });
    await expect(inquiry).toContainText("Pakketilbud 1"); // the creator's own words for it
    await inquiry.getByRole("button", { name: "Make a deal from the inquiry of Ola Nordmann" }).click();
    await inquiry.getByRole("link", { name: "Deal: New" }).click();
    await expect(page.getByRole("heading", { level: 1, name: brand })).toBeVisible();
    // The package's count, length (the package promises none: 0 while not agreed) and price.
    await expect(page.getByLabel("Package")).toHaveValue("Package 1");
    await expect(page.getByLabel("Videos")).toHaveValue("3");
    await expect(page.getByLabel("Length of each (seconds)")).toHaveValue("0");
    await expect(page.getByLabel("Price")).toHaveValue("6300");
    await expect(page.getByRole("combobox", { name: "Currency" })).toHaveText("NOK");
  });
}

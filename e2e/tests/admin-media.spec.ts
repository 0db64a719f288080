/**
 * Admin screens show an uploaded photo as visitors see it, and the forms never show a
 * broken image after an upload: a photo uploaded in the portfolio form and in the
 * testimonial form loads, from its processed variants, in the form's preview, in the list, after
 * a reload and when the item is opened again. The original is private once processed.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { makePhoto } from "../lib/photo";
import { createAdmin } from "../lib/server";

// These tests add site content: a server of their own.
test.use({ ownServer: "admin-media" });

const creator = { email: "media-admin@example.no", name: "Bilde Admin", password: "hemmelig-bilde" };

/** Waits until the image has loaded a picture (not a broken one), and answers where from. */
async function expectLoaded(img: Locator): Promise<string> {
  await expect(img).toBeVisible({ timeout: 30_000 });
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { timeout: 15_000 })
    .toBe(true);
  const src = await img.evaluate((i: HTMLImageElement) => new URL(i.currentSrc).pathname);
  expect(src).toMatch(/^\/media\/p_[0-9a-f]{32}\.(jpg|webp)$/);
  return src;
}

/** Logs the page in; every /uploads/ image the page asks for is recorded (there must be none). */
async function start(page: Page) {
  const login = await page.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);
  const originals: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (r.resourceType() === "image" && path.startsWith("/uploads/")) originals.push(path);
  });
  return originals;
}

test.beforeAll(async ({ server }) => {
  await createAdmin(server, creator);
});

test("a photo uploaded in the portfolio form loads in the preview, the list, after a reload and in the edit form", async ({ page }) => {
  test.setTimeout(120_000); // processing a photo shares two cores with the rest of the machine
  const originals = await start(page);
  await page.goto("/admin/portfolio");
  await page.getByLabel("Tittel").fill("Kaffe i solen");
  await page.getByTestId("image-file-input").setInputFiles({ name: "kaffe.jpg", mimeType: "image/jpeg", buffer: await makePhoto(page) });
  await expect(page.getByLabel("Bilde URL")).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  await expectLoaded(page.getByTestId("processed-image-preview"));

  const created = page.waitForResponse((r) => r.url().endsWith("/api/admin/portfolio") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Opprett" }).click();
  expect((await created).status()).toBe(201);
  const row = page.getByTestId("portfolio-row").filter({ hasText: "Kaffe i solen" });
  await expectLoaded(row.getByTestId("admin-image"));

  await page.reload();
  await expectLoaded(row.getByTestId("admin-image"));
  await row.getByRole("button", { name: "Rediger Kaffe i solen" }).click();
  await expectLoaded(page.getByTestId("processed-image-preview"));

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await row.scrollIntoViewIfNeeded();
    await expectLoaded(row.getByTestId("admin-image"));
    await page.screenshot({ path: `/tmp/admin-portfolio-${width}.png` });
  }
  expect(originals).toEqual([]);
});

test("a photo uploaded in the testimonial form loads in the preview, the list, after a reload and in the edit dialog", async ({ page }) => {
  test.setTimeout(120_000);
  const originals = await start(page);
  await page.goto("/admin/testimonials");
  await page.getByRole("button", { name: "Add Testimonial" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
  await dialog.getByLabel("Name").fill("Ingrid Dahl");
  await dialog.getByLabel("Company").fill("Nordlys AS");
  await dialog.getByLabel("Testimonial").fill("Bildene ble akkurat som vi ønsket.");
  await dialog.getByTestId("testimonial-image-file-input").setInputFiles({ name: "ingrid.jpg", mimeType: "image/jpeg", buffer: await makePhoto(page) });
  await expect(dialog.getByLabel("Image URL (optional)")).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  await expectLoaded(dialog.getByTestId("processed-image-preview"));
  await dialog.getByRole("button", { name: "Add Testimonial" }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId("testimonial-card").filter({ hasText: "Ingrid Dahl" });
  await expectLoaded(card.getByTestId("admin-image"));
  await page.reload();
  await expectLoaded(card.getByTestId("admin-image"));

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectLoaded(card.getByTestId("admin-image"));
    await page.screenshot({ path: `/tmp/admin-testimonials-${width}.png` });
  }
  await card.getByRole("button", { name: "Edit Ingrid Dahl" }).click();
  await expectLoaded(page.getByRole("dialog", { name: "Edit Testimonial" }).getByTestId("processed-image-preview"));
  expect(originals).toEqual([]);
});

import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// These tests add site content: a server of their own.
test.use({ ownServer: "photo" });

const creator = { email: "photo-admin@example.no", name: "Foto Admin", password: "hemmelig-foto" };

/** A 1600×1200 (4:3) JPEG drawn by the browser's canvas: a photo-like gradient with detail. */
async function makePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 1600;
    canvas.height = 1200;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    const g = ctx.createLinearGradient(0, 0, 1600, 1200);
    g.addColorStop(0, "#f59e0b");
    g.addColorStop(1, "#1e3a8a");
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 1600, 1200);
    for (let i = 0; i < 400; i++) {
      ctx.fillStyle = `hsl(${(i * 37) % 360} 70% 60% / 0.5)`;
      ctx.fillRect((i * 97) % 1600, (i * 61) % 1200, 40, 40);
    }
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), "image/jpeg", 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = "";
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(base64, "base64");
}

/**
 * Opens the home page at a width, brings the card into view and returns the processed files the
 * browser asked for (every /media/ request).
 */
async function mediaRequestsAt(browser: Browser, baseURL: string, width: number, title: string) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/media/")) requested.push(path);
  });
  await page.goto("/");
  const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await card.scrollIntoViewIfNeeded();
  const img = card.locator("picture img");
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  const currentSrc = await img.evaluate((i: HTMLImageElement) => i.currentSrc);
  await context.close();
  return { requested, currentSrc: new URL(currentSrc).pathname };
}

test("the creator uploads a photo in the portfolio form; phones get a small variant, wide screens a larger one", async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(120_000); // processing a photo shares two cores with the rest of the machine
  await createAdmin(server, creator);
  const login = await page.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);

  await page.goto("/admin/portfolio");
  const photo = await makePhoto(page);
  await page.getByLabel("Tittel").fill("Fotokort");
  await page.getByLabel("Beskrivelse").fill("Et opplastet bilde");
  await page.getByTestId("image-file-input").setInputFiles({ name: "ferie.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByLabel("Bilde URL")).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  const original = await page.getByLabel("Bilde URL").inputValue();
  // The admin preview shows the processed photo once it is ready, never the private original.
  const preview = page.getByTestId("processed-image-preview");
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview).toHaveAttribute("src", /^\/media\/p_[0-9a-f]{32}\.jpg$/);
  expect((await page.request.get(original)).status()).toBe(404);

  const created = page.waitForResponse(
    (r) => r.url().endsWith("/api/admin/portfolio") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Opprett" }).click();
  expect((await created).status()).toBe(201);

  // Which width each processed file is, from the public answer.
  const items = (await (await page.request.get("/api/portfolio/no")).json()) as {
    title: string;
    imageMedia: { sources: { url: string; width: number; type: string }[] } | null;
  }[];
  const media = items.find((i) => i.title === "Fotokort")?.imageMedia;
  expect(media?.sources.map((s) => s.width)).toEqual([320, 320, 480, 480, 640, 640, 960, 960, 1440, 1440, 1600, 1600]);
  const widthOf = (url: string) => media?.sources.find((s) => s.url === url)?.width ?? Number.NaN;

  const baseURL = new URL(page.url()).origin;
  const phone = await mediaRequestsAt(browser, baseURL, 390, "Fotokort");
  const wide = await mediaRequestsAt(browser, baseURL, 1440, "Fotokort");
  expect(phone.requested.length).toBeGreaterThan(0);
  expect(wide.requested.length).toBeGreaterThan(0);
  for (const url of phone.requested) expect(widthOf(url), url).toBeLessThanOrEqual(640);
  expect(phone.requested).toContain(phone.currentSrc);
  expect(wide.requested).toContain(wide.currentSrc);
  expect(widthOf(wide.currentSrc)).toBeGreaterThan(widthOf(phone.currentSrc));
  // WebP is what a modern browser takes.
  expect(phone.currentSrc).toMatch(/\.webp$/);
  console.log(`photo variants: 390 px → ${widthOf(phone.currentSrc)} w, 1440 px → ${widthOf(wide.currentSrc)} w`);
});

import type { Browser } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { makePhoto } from "../lib/photo";
import { createAdmin } from "../lib/server";

// These tests add site content: a server of their own.
test.use({ ownServer: "photo" });

const creator = { email: "photo-admin@example.no", name: "Foto Admin", password: "hemmelig-foto" };

/**
 * Opens the home page at a width and pixel density, brings the card into view and returns the
 * processed files the browser asked for (every /media/ request), the one the card shows, and the
 * card's width in device pixels.
 */
async function mediaRequestsAt(browser: Browser, baseURL: string, width: number, dpr: number, title: string) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, deviceScaleFactor: dpr });
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
  const devicePixels = await img.evaluate((i: HTMLImageElement) => i.clientWidth * window.devicePixelRatio);
  await context.close();
  return { requested, currentSrc: new URL(currentSrc).pathname, devicePixels };
}

test("the creator uploads a photo in the portfolio form; each screen loads the card crop that fills it", async ({
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
  type Source = { url: string; width: number; height: number; type: string };
  const items = (await (await page.request.get("/api/portfolio/no")).json()) as {
    title: string;
    imageMedia: { sources: Source[]; cardSources: Source[] } | null;
  }[];
  const media = items.find((i) => i.title === "Fotokort")?.imageMedia;
  expect(media?.sources.map((s) => s.width)).toEqual([320, 320, 480, 480, 640, 640, 960, 960, 1440, 1440, 1600, 1600]);
  // The card's crops: the middle of the 4:3 photo in the card's 9:16 shape (675×1200 at most).
  const crops = media?.cardSources ?? [];
  expect(crops.map((s) => `${s.width}x${s.height}`)).toEqual(["320x569", "480x853", "640x1138", "675x1200"]);
  const cropWidth = (url: string) => crops.find((s) => s.url === url)?.width ?? Number.NaN;

  // The browser takes the smallest crop that fills the card on its screen, and nothing else: a
  // 390 px phone at 1x and 2x, a 1440 px laptop at 1x and 2x. The card is about as wide on both
  // (252 and 280 CSS px), so pixel density, not the window, decides the file.
  const baseURL = new URL(page.url()).origin;
  const loaded: Record<string, number> = {};
  const screens: [number, number][] = [
    [390, 1],
    [390, 2],
    [1440, 1],
    [1440, 2],
  ];
  for (const [width, dpr] of screens) {
    const at = await mediaRequestsAt(browser, baseURL, width, dpr, "Fotokort");
    const label = `${width} px @${dpr}x`;
    expect(at.requested, label).toEqual([at.currentSrc]);
    const fits = crops.find((s) => s.width >= at.devicePixels) ?? crops.at(-1);
    expect(at.currentSrc, `${label}: card ${at.devicePixels} device px`).toBe(fits?.url);
    expect(at.currentSrc).toMatch(/\.webp$/);
    loaded[label] = cropWidth(at.currentSrc);
  }
  expect(loaded["390 px @1x"]).toBeLessThanOrEqual(640);
  expect(loaded["390 px @2x"]).toBeLessThanOrEqual(640);
  expect(loaded["1440 px @2x"]).toBeGreaterThan(loaded["390 px @1x"] ?? Number.NaN);
  console.log(`photo card crops loaded: ${JSON.stringify(loaded)}`);
});

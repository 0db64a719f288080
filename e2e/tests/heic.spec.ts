import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { gpsRational, phoneHEIC, uprightQuadrants } from "../lib/heic";
import { createAdmin } from "../lib/server";

// An iPhone's photo as the phone saves it. These tests add site content: a server of
// their own.
test.use({ ownServer: "heic" });

const password = "hemmelig-heic";
// Decoding a 12 MP HEIC in WebAssembly shares two cores with the rest of the machine.
test.setTimeout(180_000);

/** Creates an admin (one per test: the tests share a server) and signs the page in. */
async function login(page: Page, server: Parameters<typeof createAdmin>[0], email: string) {
  await createAdmin(server, { email, name: "HEIC Admin", password });
  const res = await page.request.post("/api/login", { data: { username: email, password } });
  expect(res.status()).toBe(200);
}

type Source = { url: string; width: number; height: number; type: string };
type Media = { status: string; sources: Source[]; cardSources?: Source[] } | null;

/** Waits until the public list shows the item's photo processed, and answers its media. */
async function readyMedia(
  request: APIRequestContext,
  list: string,
  key: string,
  name: string,
): Promise<Media> {
  let media: Media = null;
  await expect
    .poll(
      async () => {
        const items = (await (await request.get(list)).json()) as Record<string, unknown>[];
        media = (items.find((i) => i[key] === name)?.imageMedia as Media) ?? null;
        return media?.status;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe("ready");
  return media;
}

/** Every processed file of the photo is fetched: none carries EXIF or the GPS position. */
async function expectNoMetadata(request: APIRequestContext, media: Media) {
  const files = [...(media?.sources ?? []), ...(media?.cardSources ?? [])];
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) {
    const res = await request.get(f.url);
    expect(res.status(), f.url).toBe(200);
    const body = await res.body();
    expect(body.includes("Exif"), `${f.url} carries EXIF`).toBe(false);
    expect(body.includes(gpsRational), `${f.url} carries the GPS latitude`).toBe(false);
    expect(body.includes("GPS"), `${f.url} names GPS`).toBe(false);
  }
}

/**
 * Names the colours at the middle of each quarter of the picture the browser decoded for img:
 * the file as served, drawn to a canvas (the media are same-origin, so it can be read back).
 */
async function quadrants(img: Locator): Promise<string[]> {
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((i: HTMLImageElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = i.naturalWidth;
    canvas.height = i.naturalHeight;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    ctx.drawImage(i, 0, 0);
    const named: Record<string, number[]> = {
      red: [210, 40, 40],
      green: [40, 180, 60],
      blue: [40, 60, 210],
      yellow: [220, 200, 40],
    };
    return [
      [1, 1],
      [3, 1],
      [1, 3],
      [3, 3],
    ].map(([fx, fy]) => {
      const p = ctx.getImageData(
        Math.floor((canvas.width * (fx as number)) / 4),
        Math.floor((canvas.height * (fy as number)) / 4),
        1,
        1,
      ).data;
      const hit = Object.entries(named).find(([, c]) =>
        c.every((v, k) => Math.abs(v - (p[k] as number)) < 40),
      );
      return hit ? hit[0] : `rgb(${p[0]},${p[1]},${p[2]})`;
    });
  });
}

/** Opens the home page at a phone's and a desktop's width and reads the photo upright in the element. */
async function expectUprightAt(browser: Browser, baseURL: string, find: (page: Page) => Locator) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    const img = find(page);
    await img.scrollIntoViewIfNeeded();
    expect(await quadrants(img), `${width} px`).toEqual(uprightQuadrants);
    await context.close();
  }
}

/** Picks the phone's HEIC in a form's file input and waits until its upload fills the URL field. */
async function pick(heic: Buffer, input: Locator, urlField: Locator) {
  await input.setInputFiles({ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heic });
  await expect(urlField).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.heic$/, { timeout: 30_000 });
}

/**
 * Submits a form whose photo is the phone's HEIC and checks what the site made of it: the item is
 * created (201), its photo processed upright (portrait, as the phone was held; stored 4032×3024
 * sideways) without metadata in any file, and shown upright on the home page (find) at a phone's
 * and a desktop's width.
 */
async function createAndCheck(
  page: Page,
  browser: Browser,
  item: {
    submit: Locator;
    api: "portfolio" | "testimonials";
    key: string;
    name: string;
    find: (page: Page) => Locator;
  },
) {
  const created = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/${item.api}`) && r.request().method() === "POST",
  );
  await item.submit.click();
  expect((await created).status()).toBe(201);

  const media = await readyMedia(page.request, `/api/${item.api}/no`, item.key, item.name);
  const largest = media?.sources.at(-1);
  expect(
    largest && largest.height > largest.width,
    `largest ${largest?.width}x${largest?.height}`,
  ).toBe(true);
  await expectNoMetadata(page.request, media);

  const baseURL = new URL(page.url()).origin;
  await expectUprightAt(browser, baseURL, item.find);
}

test("an iPhone HEIC picked in the portfolio form becomes an upright card without GPS", async ({
  page,
  server,
  browser,
}) => {
  await login(page, server, "heic-portfolio@example.no");
  await page.goto("/admin/portfolio");
  const heic = await phoneHEIC(page);
  await page.getByLabel("Tittel").fill("Fra iPhone");
  await page.getByLabel("Beskrivelse").fill("Et HEIC-bilde");
  await pick(heic, page.getByTestId("image-file-input"), page.getByLabel("Bilde URL"));
  await createAndCheck(page, browser, {
    submit: page.getByRole("button", { name: "Opprett" }),
    api: "portfolio",
    key: "title",
    name: "Fra iPhone",
    find: (p) =>
      p
        .locator("article", { has: p.getByRole("heading", { name: "Fra iPhone" }) })
        .locator("picture img"),
  });
});

test("an iPhone HEIC picked in the testimonial form becomes an upright portrait without GPS", async ({
  page,
  server,
  browser,
}) => {
  await login(page, server, "heic-testimonial@example.no");
  await page.goto("/admin/testimonials");
  const heic = await phoneHEIC(page);
  await page.getByRole("button", { name: "Add Testimonial" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
  await dialog.getByLabel("Name").fill("Sigrid Holm");
  await dialog.getByLabel("Company").fill("Fjord AS");
  await dialog.getByLabel("Testimonial").fill("Bildene fra telefonen ble perfekte.");
  await pick(
    heic,
    dialog.getByTestId("testimonial-image-file-input"),
    dialog.getByLabel("Image URL (optional)"),
  );
  await createAndCheck(page, browser, {
    submit: dialog.getByRole("button", { name: "Add Testimonial" }),
    api: "testimonials",
    key: "name",
    name: "Sigrid Holm",
    find: (p) =>
      p.getByTestId("testimonial").filter({ hasText: "Sigrid Holm" }).locator("picture img"),
  });
});

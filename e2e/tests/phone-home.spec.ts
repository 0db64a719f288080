import { readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// Each menu anchor lands on its section on the first tap
// (the portfolio and the reviews fill in after the jump and used to push the section away), the
// menu closes on a language switch, the pitch-link notice does not cover the hero's main button,
// the hero's play button plays, the form's thanks stays until closed and an empty name is asked
// for. Its own server: it adds portfolio items (with a video) and a pitch link. Video processing
// off, so the upload plays as it is stored.
test.use({ ownServer: "phone-home", serverEnv: { UGCFOLIO_VIDEO_PROCESSING: "off" } });

const admin = { email: "phone-admin@example.no", name: "Phone Admin", password: "hemmelig-phone" };
const phone = { width: 390, height: 844 };
const menuAnchors = [
  ["ugc", "UGC"],
  ["services", "Tjenester"],
  ["work", "Portefølje"],
  ["testimonials", "Omtaler"],
  ["pricing", "Priser"],
  ["contact", "Kontakt"],
] as const;
// The 2-second test card of upload.spec.ts.
const clip = path.resolve(__dirname, "../fixtures/clip.mp4");

/** Uploads the clip through the chunked API as the signed-in admin; answers its /uploads path. */
async function uploadClip(api: APIRequestContext): Promise<string> {
  const data = await readFile(clip);
  const uploadId = `phone_${Date.now()}`;
  const init = await api.post("/api/admin/upload/initialize", {
    data: { uploadId, fileName: "clip.mp4", fileSize: data.length, fileType: "video/mp4", totalChunks: 1 },
  });
  expect(init.ok()).toBe(true);
  const chunk = await api.post("/api/admin/upload/chunk", {
    multipart: {
      uploadId,
      chunkIndex: "0",
      totalChunks: "1",
      chunk: { name: "clip.mp4", mimeType: "video/mp4", buffer: data },
    },
  });
  expect(chunk.ok()).toBe(true);
  const done = await api.post("/api/admin/upload/finalize", { data: { uploadId } });
  expect(done.ok()).toBe(true);
  return ((await done.json()) as { url: string }).url;
}

let pitchRef = "";

test.beforeAll(async ({ server, playwright, baseURL }) => {
  await createAdmin(server, admin);
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post("/api/login", { data: { username: admin.email, password: admin.password } });
  expect(login.status()).toBe(200);
  // Six portfolio items: the first plays the clip, the others are pictures.
  const videoUrl = await uploadClip(api);
  for (let n = 1; n <= 6; n++) {
    const created = await api.post("/api/admin/portfolio", {
      data: {
        title: `Klipp ${n}`,
        description: "Et kort klipp.",
        imageUrl: n === 1 ? "" : `https://example.com/photo-${n}.jpg`,
        videoUrl: n === 1 ? videoUrl : "",
        category: "product",
        featured: true,
        language: "no",
      },
    });
    expect(created.status()).toBe(201);
  }
  const pitch = await api.post("/api/admin/pitch-links", { data: { name: "Acme AS", note: "" } });
  expect(pitch.status()).toBe(201);
  pitchRef = new URL(((await pitch.json()) as { url: string }).url).search;
  await api.dispose();
});

async function openHome(page: Page, address = "/") {
  await page.setViewportSize(phone);
  await page.goto(address);
  await expect(page.locator("html[data-app-ready]")).toBeAttached();
}

/** How far a section's top is from the bottom of the sticky navigation, in px. */
async function offsetFromNav(page: Page, id: string): Promise<number> {
  return page.evaluate((id) => {
    const nav = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const top = document.getElementById(id)?.getBoundingClientRect().top ?? Number.NaN;
    return Math.round(Math.abs(top - nav));
  }, id);
}

for (const [id, name] of menuAnchors) {
  test(`the phone menu's "${name}" lands on #${id} on the first tap`, async ({ page }) => {
    await openHome(page);
    await page.getByRole("button", { name: "Åpne meny" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name, exact: true }).click();
    await expect(page.locator("#mobile-menu")).toBeHidden();
    // The sections above fill in while it scrolls; it is there once they have, and stays.
    await expect.poll(() => offsetFromNav(page, id), { timeout: 10_000 }).toBeLessThanOrEqual(80);
    await page.waitForTimeout(3_500);
    expect(await offsetFromNav(page, id)).toBeLessThanOrEqual(80);
  });
}

test("the phone menu closes on a language switch", async ({ page }) => {
  await openHome(page);
  await page.getByRole("button", { name: "Åpne meny" }).click();
  await expect(page.locator("#mobile-menu")).toBeVisible();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("#mobile-menu")).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
});

for (const width of [390, 1280]) {
  test(`the pitch-link notice does not cover the hero's main button (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/${pitchRef}`);
    await expect(page.locator("html[data-app-ready]")).toBeAttached();
    const notice = page.getByTestId("pitch-notice");
    await expect(notice).toBeVisible();
    const cta = page.locator("#about").getByRole("link", { name: "Samarbeid med meg" });
    await expect(cta).toBeInViewport();
    const a = await notice.boundingBox();
    const b = await cta.boundingBox();
    if (!a || !b) throw new Error("the notice or the button has no box");
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `notice ${JSON.stringify(a)}, button ${JSON.stringify(b)}`).toBe(false);
    // The button takes the tap (nothing lies over it).
    await cta.click({ trial: true, timeout: 2_000 });
  });
}

test("the hero's play button plays the portfolio's first video", async ({ page }) => {
  await openHome(page);
  await page.getByRole("button", { name: "Spill av en video fra porteføljen" }).click();
  const modal = page.getByTestId("video-modal");
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAttribute("aria-label", "Klipp 1");
  const video = modal.locator("video");
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true; // a browser may hold back sound without a gesture of its own
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
});

test("an empty name is asked for, and the form's thanks stays until it is closed", async ({ page }) => {
  await openHome(page, "/#contact");
  const form = page.getByRole("form", { name: "Send en forespørsel" });
  await form.getByRole("button", { name: "Send melding" }).click();
  await expect(form.getByLabel("Navn")).toHaveAccessibleDescription("Please enter your name");
  await form.getByLabel("Navn").fill("K");
  await expect(form.getByText("Name must be at least 2 characters")).toBeVisible();
  await form.getByLabel("Navn").fill("Kari Nordmann");
  await form.getByLabel("E-post").fill("kari@example.no");
  await form.getByLabel("Melding").fill("Vi vil gjerne høre mer om pakkene.");
  await form.getByRole("button", { name: "Send melding" }).click();
  const thanks = page.locator("[data-sonner-toast]").filter({ hasText: "Message sent successfully" });
  await expect(thanks).toBeVisible();
  await page.mouse.move(5, 5); // off the toast: a hovered toast would stay anyway
  await page.waitForTimeout(7_000); // past the 5 s other toasts have
  await expect(thanks).toBeVisible();
  await thanks.getByRole("button", { name: /close/i }).click();
  await expect(thanks).toHaveCount(0);
});

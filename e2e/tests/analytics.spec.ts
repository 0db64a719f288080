import { readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectAccessibleAtBothWidths } from "../lib/axe";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// A visitor arrives through a pitch link, scrolls to pricing, plays a video
// to the end, clicks a package and sends the form; the summary API and the Analytics tab then show
// exactly that visitor, and an admin's visit and a crawler's fetch count nothing. Its own server
// (the figures must start at zero); video processing off, so the upload plays as it is stored.
test.use({ ownServer: "analytics", serverEnv: { UGCFOLIO_VIDEO_PROCESSING: "off" } });

// The 2-second test card of upload.spec.ts.
const fixture = path.resolve(__dirname, "../fixtures/clip.mp4");
const admin = { email: "stats-admin@example.no", name: "Stats Admin", password: "hemmelig-stats" };
const chromeUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const sectionsInOrder = ["about", "ugc", "services", "work", "testimonials", "pricing"];

/** Uploads the clip through the chunked API from a signed-in admin's page; answers its /uploads path. */
async function uploadClip(page: Page): Promise<string> {
  const bytes = await readFile(fixture);
  const url = await page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const uploadId = crypto.randomUUID();
    const json = (body: unknown) => ({
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const init = await fetch(
      "/api/admin/upload/initialize",
      json({
        uploadId,
        fileName: "clip.mp4",
        fileSize: data.length,
        fileType: "video/mp4",
        totalChunks: 1,
      }),
    );
    if (!init.ok) throw new Error(`initialize ${init.status}`);
    const form = new FormData();
    form.append("uploadId", uploadId);
    form.append("chunkIndex", "0");
    form.append("totalChunks", "1");
    form.append("chunk", new Blob([data]), "clip.mp4");
    const chunk = await fetch("/api/admin/upload/chunk", { method: "POST", body: form });
    if (!chunk.ok) throw new Error(`chunk ${chunk.status}`);
    const fin = await fetch("/api/admin/upload/finalize", json({ uploadId }));
    if (!fin.ok) throw new Error(`finalize ${fin.status}`);
    return ((await fin.json()) as { url: string }).url;
  }, bytes.toString("base64"));
  return url;
}

interface Summary {
  visitors: number;
  pageviews: number;
  sections: Record<string, number>;
  videos: Array<{ itemId: number; plays: number; completions: number }>;
  clicks: Array<{ target: string; count: number }>;
  funnel: { visitors: number; formStarted: number; submitted: number };
  pitchLinks: Array<{ id: number; name: string; visits: number; plays: number; inquiries: number }>;
}

async function summary(request: APIRequestContext): Promise<Summary> {
  const res = await request.get("/api/admin/analytics/summary");
  expect(res.status()).toBe(200);
  return (await res.json()) as Summary;
}

test("a pitched visitor's visit shows in the summary and the Analytics tab; an admin and a crawler count nothing", async ({
  browser,
  playwright,
  baseURL,
  server,
}) => {
  test.setTimeout(180_000);
  await createAdmin(server, admin);

  // The admin: signed in, visits the home page (not counted), uploads a clip, makes a portfolio
  // item of it and a pitch link for a brand.
  // Same address and browser as the visitor below: only the session tells them apart, so a page
  // view of the admin's would show as a second page view of the one visitor.
  const adminContext = await browser.newContext({ baseURL, userAgent: chromeUserAgent });
  const adminPage = await adminContext.newPage();
  const login = await adminPage.request.post("/api/login", {
    data: { username: admin.email, password: admin.password },
  });
  expect(login.status()).toBe(200);
  await adminPage.goto("/");
  await expect(adminPage.locator("html[data-app-ready]")).toBeAttached();
  const videoUrl = await uploadClip(adminPage);
  const created = await adminPage.request.post("/api/admin/portfolio", {
    data: {
      title: "Serum unboxing",
      description: "A short clip.",
      imageUrl: "",
      videoUrl,
      category: "product",
      featured: true,
      language: "no",
    },
  });
  expect(created.status()).toBe(201);
  const item = (await created.json()) as { id: number };
  const pitch = await adminPage.request.post("/api/admin/pitch-links", {
    data: { name: "Acme AS", note: "Kari, marketing" },
  });
  expect(pitch.status()).toBe(201);
  const link = (await pitch.json()) as { id: number; url: string };
  const ref = new URL(link.url).search;
  expect(ref).toMatch(/^\?ref=[A-Za-z0-9_-]{10,}$/);

  // A crawler fetches the page and even posts an event: nothing is counted.
  const crawler = await playwright.request.newContext({
    baseURL,
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  expect((await crawler.get("/")).status()).toBe(200);
  const crawlerEvent = await crawler.post("/api/analytics/events", {
    headers: { "Content-Type": "text/plain" },
    data: JSON.stringify({ events: [{ t: "click", target: "package-1" }] }),
  });
  expect(crawlerEvent.status()).toBe(204);
  await crawler.dispose();

  // The visitor: a fresh browser (no cookies), through the pitch link. Headless Chromium names
  // itself "HeadlessChrome", which the bot list rightly refuses: the visitor's browser says Chrome.
  const visitorContext = await browser.newContext({ baseURL, userAgent: chromeUserAgent });
  const page = await visitorContext.newPage();
  await page.goto(`/${ref}`);
  await expect(page.locator("html[data-app-ready]")).toBeAttached();
  await expect(page.getByTestId("pitch-notice")).toContainText("12 måneder");
  // Counted: the token leaves the address bar, so a copied address does not count others as the brand.
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByTestId("pitch-notice").getByRole("link")).toHaveAttribute(
    "href",
    "/privacy",
  );

  // Down the page section by section, playing the video on the way.
  for (const id of sectionsInOrder.slice(0, 4))
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Spill av «Serum unboxing»" }).click();
  const video = page.getByTestId("video-modal").locator("video");
  await expect(video).toBeAttached();
  // Played to its end (muted: a browser may refuse to start sound without a gesture).
  await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<void>((resolve, reject) => {
        element.muted = true;
        element.addEventListener("ended", () => resolve(), { once: true });
        element.play().catch(reject);
      }),
  );
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("video-modal")).toHaveCount(0);
  for (const id of sectionsInOrder.slice(4)) await page.locator(`#${id}`).scrollIntoViewIfNeeded();

  // The middle package, then the form.
  await page.locator('[data-track="package-2"]').click();
  const form = page.getByRole("form", { name: "Send en forespørsel" });
  await form.getByLabel("Navn").fill("Kari Nordmann");
  await form.getByLabel("E-post").fill("kari@acme.example");
  await form.getByLabel("Bedrift (valgfritt)").fill("Acme AS");
  await form.getByLabel("Melding").fill("Vi vil gjerne ha tre videoer av det nye serumet vårt.");
  await form.getByRole("button", { name: "Send melding" }).click();
  await expect(page.getByText("Message sent successfully")).toBeVisible();
  // The contact section links the privacy page.
  await expect(
    page.getByRole("link", { name: "personvernerklæringen", exact: true }),
  ).toHaveAttribute("href", "/privacy");
  // Leaving the page sends what still waits (the beacon also sends 5 s after an event).
  await page.close({ runBeforeUnload: true });

  // The summary (today and the 6 days before) once the rollup has run (every 30 s).
  const api = adminPage.request;
  await expect
    .poll(
      async () => {
        const s = await summary(api);
        const video = s.videos[0];
        return [
          s.funnel.submitted,
          video?.plays ?? 0,
          video?.completions ?? 0,
          s.sections.pricing ?? 0,
        ];
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toEqual([1, 1, 1, 1]);
  const s = await summary(api);
  expect(s.visitors).toBe(1); // the visitor only: not the admin, not the crawler
  expect(s.pageviews).toBe(1);
  for (const id of ["hero", "about", "services", "work", "testimonials", "pricing", "contact"]) {
    expect(s.sections[id], id).toBe(1);
  }
  expect(s.videos).toEqual([
    expect.objectContaining({ itemId: item.id, plays: 1, completions: 1 }),
  ]);
  expect(s.clicks).toContainEqual({ target: "package-2", count: 1 });
  expect(s.funnel).toEqual({ visitors: 1, formStarted: 1, submitted: 1 });
  expect(s.pitchLinks).toEqual([
    expect.objectContaining({ id: link.id, name: "Acme AS", visits: 1, plays: 1, inquiries: 1 }),
  ]);

  // The Analytics tab shows the same, and the pitch link opened with its inquiry.
  await adminPage.goto("/admin/analytics");
  await adminPage.getByRole("button", { name: "Today" }).click();
  await expect(adminPage.getByTestId("analytics-visitors")).toHaveText("1");
  const funnel = adminPage.getByTestId("analytics-funnel");
  await expect(funnel.getByRole("listitem")).toHaveText([
    "Visitors1",
    "Started the form1",
    "Sent an inquiry1",
  ]);
  await expect(adminPage.getByTestId("analytics-conversion")).toHaveText("100 %");
  const videos = adminPage.getByTestId("analytics-videos");
  await expect(videos.getByText("Serum unboxing")).toBeVisible();
  await expect(videos.getByTestId("video-plays")).toHaveText("1 play");
  await expect(videos.getByTestId("video-completions")).toHaveText("1 completion");
  await expect(adminPage.getByTestId("analytics-packages")).toContainText("Package: Pakketilbud 1");
  await expect(adminPage.getByTestId("analytics-sections")).toContainText("Pricing1 · 100 %");
  const card = adminPage.getByTestId("pitch-link");
  await expect(card).toContainText("Acme AS");
  await expect(card).toContainText("Opened");
  await expect(card.getByTestId("pitch-link-inquiry")).toHaveText("Inquiry sent");
  await expect(card.getByTestId("pitch-link-plays")).toContainText(
    "Serum unboxing (1×, up to 100 %)",
  );

  // The tab with figures in it, and the privacy page, pass axe at both widths.
  await expectAccessibleAtBothWidths(adminPage, "Analytics tab", async () => {
    await adminPage.goto("/admin/analytics");
    await expect(adminPage.getByTestId("pitch-link")).toBeVisible();
  });
  await expectAccessibleAtBothWidths(adminPage, "privacy page", async () => {
    await adminPage.goto("/en/privacy");
    await expect(adminPage.getByRole("heading", { level: 2, name: "How long" })).toBeVisible();
  });

  // The inbox says which pitch link the inquiry came through.
  await adminPage.goto("/admin/inquiries");
  await expect(adminPage.getByTestId("inquiry-pitch-link")).toHaveText("Via pitch link “Acme AS”");

  await visitorContext.close();
  await adminContext.close();
});

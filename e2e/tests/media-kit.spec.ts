/**
 * The media kit: the creator sets its figures and sections in Content → Media kit; the kit reads
 * without JavaScript in both languages; its PDF (read with pdftotext) holds the same packages,
 * prices, numbers with their date and the self-reported label; a pitch link's opening of the kit
 * and download of the PDF show on that link in the Analytics tab; axe finds nothing at 390 and
 * 1280 px.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectAccessibleAtBothWidths } from "../lib/axe";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

test.use({ ownServer: "media-kit" });

const creator = {
  email: "kit-admin@example.no",
  name: "Kine Åsheim",
  password: "hemmelig-mediekit",
};
// Headless Chromium names itself "HeadlessChrome", which the analytics rightly take for a bot.
const chromeUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const months = [
  "januar",
  "februar",
  "mars",
  "april",
  "mai",
  "juni",
  "juli",
  "august",
  "september",
  "oktober",
  "november",
  "desember",
];

/** A PDF's text as pdftotext reads it, every run of white space one space. */
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "kit-")), "kit.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"]).toString("utf8").replace(/\s+/g, " ");
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The kit's figures as the page shows them: "value label" per tile. */
async function pageStats(page: Page): Promise<string[]> {
  return page.locator(".stats li .num").allTextContents();
}

test("the creator sets up her media kit; brands read it without JavaScript, download its PDF, and the pitch link shows both", async ({
  browser,
  server,
  baseURL,
}) => {
  test.setTimeout(360_000);
  await createAdmin(server, creator);
  const adminContext = await browser.newContext({ baseURL, userAgent: chromeUserAgent });
  const admin = await adminContext.newPage();
  const login = await admin.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);

  // Content → Media kit: name, intro per language, niches, sections and their order, a platform's
  // figures, a usage right's price.
  await admin.goto("/admin/content");
  // The admin's screens load lazily: on a busy machine that takes a while.
  await admin.getByRole("tab", { name: "Media kit" }).click({ timeout: 30_000 });
  await expect(admin.getByLabel("Name on the kit")).toHaveValue("ugcfolio", { timeout: 30_000 });
  await admin.getByLabel("Name on the kit").fill("Kine Åsheim");
  await admin
    .getByLabel("Intro (Norwegian)")
    .fill("Jeg lager ærlige videoer for merkevarer i hele Norge.");
  await admin
    .getByLabel("Intro (English)")
    .fill("I make honest videos for brands all over Norway.");
  await admin.getByLabel("Niches (Norwegian)").fill("hudpleie, mat og drikke");
  await admin.getByLabel("Niches (English)").fill("skincare, food and drink");
  await admin.getByRole("checkbox", { name: "Testimonials" }).uncheck();
  // Packages before the numbers.
  await admin.getByRole("button", { name: "Move Packages and usage rights up" }).click();
  await admin.getByRole("button", { name: "Move Packages and usage rights up" }).click();
  const asOf = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = asOf.split("-").map(Number) as [number, number, number];
  const asOfNo = `${day}. ${months[month - 1]} ${year}`;
  await admin.getByRole("button", { name: "Add a platform" }).click();
  await admin.getByLabel("Platform", { exact: true }).fill("Instagram");
  await admin.getByLabel("Followers", { exact: true }).fill("12400");
  await admin.getByLabel("Engagement (%)", { exact: true }).fill("4,2");
  await admin.getByLabel("As of", { exact: true }).fill(asOf);
  await admin.getByRole("checkbox", { name: "Paid use (ads)" }).check();
  await admin.getByLabel("Paid use (ads): price (NOK)").fill("1500");
  await admin.getByLabel("Paid use (ads): months").fill("3");
  await admin.getByRole("button", { name: "Save media kit" }).click();
  await expect(admin.getByText("Media kit saved")).toBeVisible();
  // Both languages' previews, and the link to copy.
  await expect(
    admin.getByTestId("kit-preview-no").getByRole("heading", { name: "Kine Åsheim" }),
  ).toBeVisible();
  await expect(
    admin
      .getByTestId("kit-preview-en")
      .getByText("I make honest videos for brands all over Norway."),
  ).toBeVisible();
  await expect(admin.getByTestId("kit-url")).toHaveText(`${baseURL}/media-kit`);

  // A brand reads it with JavaScript off, in both languages.
  const reader = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    userAgent: chromeUserAgent,
  });
  const page = await reader.newPage();
  await page.goto("/media-kit");
  await expect(page.locator("html")).toHaveAttribute("lang", "no");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kine Åsheim");
  await expect(page.locator("script")).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Kine Åsheim – Mediekit",
  );
  const asOfLine = await page.getByTestId("kit-asof").textContent();
  expect(asOfLine).toMatch(/^Per \d{1,2}\. [a-zø]+ \d{4}$/);
  await expect(page.getByText(`Selvrapportert, ${asOfNo}`)).toBeVisible();
  await expect(page.getByText("12 400 følgere")).toBeVisible();
  await expect(page.getByText("4,2 % engasjement")).toBeVisible();
  await expect(page.getByText("1 500 kr per video · 3 måneder")).toBeVisible();
  await expect(page.locator("#packages")).toContainText("2 500 kr");
  const order = await page.locator("main section").evaluateAll((s) => s.map((x) => x.id));
  expect(order.indexOf("packages")).toBeLessThan(order.indexOf("numbers"));
  expect(order).not.toContain("testimonials");
  const stats = await pageStats(page);
  expect(stats).toHaveLength(5);
  const packages = await page.locator("#packages .pk li").allTextContents();
  expect(packages.length).toBe(4);

  await page.goto("/en/media-kit");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kine Åsheim");
  await expect(page.getByText("I make honest videos for brands all over Norway.")).toBeVisible();
  await expect(page.getByTestId("kit-asof")).toHaveText(/^As of \d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expect(page.getByText(/^Self-reported, \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByText("NOK 1,500 per video · 3 months")).toBeVisible();
  await expect(page.locator("script")).toHaveCount(0);

  // The PDF says the same: packages, prices, numbers with their day, the self-reported label.
  await page.goto("/media-kit");
  const pdfHref = await page.getByTestId("kit-pdf").getAttribute("href");
  expect(pdfHref).toBe("/media-kit.pdf");
  const pdf = await page.request.get(pdfHref as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = pdfText(await pdf.body());
  for (const want of [
    "Kine Åsheim",
    "Jeg lager ærlige videoer for merkevarer i hele Norge.",
    squash(asOfLine as string),
    `Selvrapportert, ${asOfNo}`,
    "12 400 følgere",
    "4,2 % engasjement",
    "Betalt bruk (annonser)",
    "1 500 kr per video · 3 måneder",
    ...packages.map((p) => p.match(/\d[\d ]* kr|Pris etter avtale/)?.[0] ?? p),
    ...stats,
  ]) {
    expect(text, want).toContain(want);
  }
  expect(text).toContain("Enkeltvideo");
  expect(text).toContain("Skreddersydd løsning");

  // axe at both widths, in both languages (a browser with scripts, which axe needs).
  for (const address of ["/media-kit", "/en/media-kit"]) {
    await expectAccessibleAtBothWidths(admin, `media kit ${address}`, async () => {
      await admin.goto(address);
      await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Kine Åsheim");
    });
  }

  // A pitch link carries the kit: the brand opens it and downloads the PDF.
  const created = await admin.request.post("/api/admin/pitch-links", { data: { name: "Acme AS" } });
  expect(created.status()).toBe(201);
  const link = (await created.json()) as { kitUrl: string };
  const kitAddress = new URL(link.kitUrl);
  expect(kitAddress.pathname).toBe("/media-kit");
  const brand = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    userAgent: chromeUserAgent,
  });
  const brandPage = await brand.newPage();
  await brandPage.goto(`${kitAddress.pathname}${kitAddress.search}`);
  const brandPdf = await brandPage.getByTestId("kit-pdf").getAttribute("href");
  expect(brandPdf).toBe(`/media-kit.pdf${kitAddress.search}`);
  expect((await brandPage.request.get(brandPdf as string)).status()).toBe(200);

  // The Analytics tab shows both on that link.
  await admin.goto("/admin/analytics");
  const card = admin.getByTestId("pitch-link").filter({ hasText: "Acme AS" });
  await expect
    .poll(
      async () => {
        await admin.reload();
        return (await card.getByTestId("pitch-link-kit").textContent({ timeout: 10_000 })) ?? "";
      },
      { timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toBe("opened the media kit (1×), downloaded the PDF (1×)");
  await expect(card).toContainText("Opened");

  await brand.close();
  await reader.close();
  await adminContext.close();
});

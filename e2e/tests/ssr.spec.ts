/**
 * The home page rendered by the server: the first HTML already holds the page, the
 * browser hydrates it without a warning, the language has an address and a cookie, and a crawler
 * that runs no JavaScript finds the text, a preview image and the structured data.
 */
import type { APIRequestContext, ConsoleMessage, Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";

const hero = { "/": "Hei, jeg lager innhold som selger", "/en": "Hi, I create content that sells" };
const lang = { "/": "no", "/en": "en" };

/** Every console error or warning (React reports hydration problems there) and page error. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The h1 of an HTML document, tags stripped. */
function h1Text(html: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return (match?.[1] ?? "").replace(/<[^>]+>/g, "").trim();
}

function metaContent(html: string, attribute: string, name: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&amp;/g, "&");
}

for (const path of ["/", "/en"] as const) {
  test(`${path} arrives rendered and hydrates without a warning`, async ({ page }) => {
    const problems = collectProblems(page);
    let firstHtml = "";
    page.on("response", async (response) => {
      if (response.request().resourceType() === "document") firstHtml = await response.text();
    });
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(request.url());
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The first response already holds the hero text: nothing waited for JavaScript.
    expect(h1Text(firstHtml)).toBe(hero[path]);
    await expect(page.locator("html")).toHaveAttribute("lang", lang[path]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero[path]);
    // Hydrated (after the first paint): the language switch answers, and moves to the other
    // language's address.
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    const other = path === "/" ? "/en" : "/";
    await page.getByRole("button", { name: path === "/" ? "English" : "Norsk" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero[other]);
    await expect(page).toHaveURL(new RegExp(`${other === "/" ? "/" : "/en"}$`));
    expect(problems).toEqual([]);
    // The text is drawn in the device's own font: nothing to download before it shows.
    expect(fonts).toEqual([]);
  });
}

test("a page whose HTML disagrees with its data is caught (the check above can fail)", async ({ page }) => {
  const problems = collectProblems(page);
  await page.route("**/en", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      `>${hero["/en"]}</h1>`,
      ">Stale text from another render</h1>",
    );
    await route.fulfill({ response, body });
  });
  await page.goto("/en");
  await page.waitForLoadState("networkidle");
  await expect.poll(() => problems.join("\n")).toMatch(/hydrat/i);
});

test("the language chosen on / comes back rendered by the server", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  await page.getByRole("button", { name: "English" }).first().click();
  await expect(page).toHaveURL(/\/en$/);
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
  // The cookie mirrors the choice: the server renders "/" in English for this visitor.
  const html = await (await page.context().request.get("/")).text();
  expect(h1Text(html)).toBe(hero["/en"]);
  expect(html).toContain('<html lang="en">');
  expect(html).toContain('<link rel="canonical" href="');
});

/** What a link preview or a search engine reads: the HTML alone. */
async function crawl(request: APIRequestContext, path: string) {
  const response = await request.get(path, {
    headers: { "User-Agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
  });
  expect(response.status()).toBe(200);
  return response.text();
}

for (const path of ["/", "/en"] as const) {
  test(`a crawler without JavaScript reads ${path}: text, preview image, JSON-LD`, async ({
    request,
    browser,
  }) => {
    const html = await crawl(request, path);
    expect(h1Text(html)).toBe(hero[path]);
    expect(html).toContain(`<html lang="${lang[path]}">`);
    expect(metaContent(html, "property", "og:title")).toContain("ugcfolio");
    expect(metaContent(html, "name", "description")?.length).toBeGreaterThan(50);
    // The preview image answers with an image.
    const image = metaContent(html, "property", "og:image");
    expect(image).toBeTruthy();
    expect(metaContent(html, "name", "twitter:image")).toBe(image);
    const picture = await request.get(image as string);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toMatch(/^image\//);
    // The creator and the three packages, priced in NOK.
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(ld ?? "null") as {
      "@type": string;
      makesOffer: Array<{ price: string; priceCurrency: string }>;
    };
    expect(data["@type"]).toBe("Person");
    expect(data.makesOffer.map((offer) => `${offer.price} ${offer.priceCurrency}`)).toEqual([
      "2500 NOK",
      "6300 NOK",
      "10000 NOK",
    ]);
    // A browser with JavaScript off shows the page's sections too.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero[path]);
    await expect(page.getByTestId("pricing-package")).toHaveCount(3);
    await context.close();
  });
}

test("robots.txt names the sitemap, which lists both languages", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  const sitemapUrl = /Sitemap: (\S+)/.exec(robots)?.[1];
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  const sitemap = await (await request.get(sitemapUrl as string)).text();
  expect(sitemap).toMatch(/<loc>[^<]+\/<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]+\/en<\/loc>/);
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toBe("application/manifest+json");
  const icons = ((await manifest.json()) as { icons: Array<{ src: string }> }).icons;
  for (const icon of icons) expect((await request.get(icon.src)).status()).toBe(200);
});

/** The privacy page: its h1, and a heading of its built-in text, in each language. */
const privacy = {
  "/privacy": {
    lang: "no",
    h1: "Personvern",
    h2: "Hvor lenge",
    other: "/en/privacy",
    h1Other: "Privacy",
  },
  "/en/privacy": {
    lang: "en",
    h1: "Privacy",
    h2: "How long",
    other: "/privacy",
    h1Other: "Personvern",
  },
} as const;

for (const path of ["/privacy", "/en/privacy"] as const) {
  test(`${path} arrives rendered and hydrates without a warning`, async ({ page }) => {
    const problems = collectProblems(page);
    let firstHtml = "";
    page.on("response", async (response) => {
      if (response.request().resourceType() === "document") firstHtml = await response.text();
    });
    const want = privacy[path];
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The first response holds the page, its editable text (here the built-in one) and the footer.
    expect(h1Text(firstHtml)).toBe(want.h1);
    expect(firstHtml).toContain(`>${want.h2}</h2>`);
    expect(firstHtml).toMatch(/<footer[\s>]/);
    expect(firstHtml).toContain(`<title>${want.h1} | ugcfolio</title>`);
    expect(firstHtml).toContain(`<link rel="canonical" href="`);
    await expect(page.locator("html")).toHaveAttribute("lang", want.lang);
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2, name: want.h2 })).toBeVisible();
    // Hydrated: the language switch answers and moves to the other language's address.
    await page
      .getByRole("button", { name: want.lang === "no" ? "English" : "Norsk" })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(want.h1Other);
    await expect(page).toHaveURL(new RegExp(`${want.other}$`));
    // And its links work as the app's: the footer leads home to the pricing section.
    await page
      .getByRole("contentinfo")
      .getByRole("link")
      .filter({ hasText: /^(Priser|Pricing)$/ })
      .click();
    await expect(page).toHaveURL(/\/(en)?#pricing$/);
    await expect(page.getByTestId("pricing-package")).toHaveCount(3);
    expect(problems).toEqual([]);
  });
}

test("a privacy page whose HTML disagrees with its data is caught", async ({ page }) => {
  const problems = collectProblems(page);
  await page.route("**/en/privacy", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(">How long</h2>", ">Stale heading</h2>");
    await route.fulfill({ response, body });
  });
  await page.goto("/en/privacy");
  await page.waitForLoadState("networkidle");
  await expect.poll(() => problems.join("\n")).toMatch(/hydrat/i);
});

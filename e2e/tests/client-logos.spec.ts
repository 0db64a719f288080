/**
 * The creator uploads her clients' logos in the admin; the home page shows them, grey, in
 * a row that wraps, under the hero, in both languages, at a desktop's and a phone's width. A logo
 * drawn on white takes the strip's colour (multiplied into it), not a white box around it.
 */
import type { Page } from "@playwright/test";
import { atBothWidths, expectNoViolations } from "../lib/axe";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// These tests add site content: a server of their own.
test.use({ ownServer: "client-logos" });

const creator = { email: "logos@example.no", name: "Kari", password: "hemmelig-logoer" };

/**
 * A 600×200 PNG logo drawn by the browser: a mark and a name on a transparent background, or on
 * `background` when given (many brands send their logo on white).
 */
async function makeLogo(page: Page, name: string, colour: string, background = ""): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ name, colour, background }) => {
      const canvas = document.createElement("canvas");
      canvas.width = 600;
      canvas.height = 200;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      if (background) {
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, canvas.width, canvas.height);
      }
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.arc(100, 100, 70, 0, Math.PI * 2);
      ctx.fill();
      ctx.font = "bold 72px sans-serif";
      ctx.fillText(name, 190, 125);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b as Blob), "image/png"),
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = "";
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    { name, colour, background },
  );
  return Buffer.from(base64, "base64");
}

/** The RGB of each point (x, y in image pixels) of a PNG screenshot, read by the browser's canvas. */
async function pixelsOf(page: Page, png: Buffer, points: Array<[number, number]>): Promise<number[][]> {
  return page.evaluate(
    async ({ data, points }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      return points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)));
    },
    { data: png.toString("base64"), points },
  );
}

/** Adds a logo through the admin screen's dialog, as the creator does. */
async function addLogo(page: Page, name: string, colour: string, link: string, background = "") {
  await page.getByRole("button", { name: "Add Logo" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Brand name").fill(name);
  await dialog.getByTestId("logo-file-input").setInputFiles({
    name: `${name}.png`,
    mimeType: "image/png",
    buffer: await makeLogo(page, name, colour, background),
  });
  // The processed logo, never the private original, once the server has made it.
  await expect(dialog.getByTestId("logo-preview")).toHaveAttribute("src", /^\/media\/p_[0-9a-f]+\.jpg$/, {
    timeout: 30_000,
  });
  if (link) await dialog.getByLabel("Link (optional)").fill(link);
  const created = page.waitForResponse(
    (r) => r.url().endsWith("/api/admin/client-logos") && r.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: "Add Logo" }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByTestId("client-logo-card").filter({ hasText: name })).toBeVisible();
}

test("the creator uploads logos; the home page shows them in both languages at both widths", async ({
  page,
  browser,
  baseURL,
  server,
}, testInfo) => {
  test.setTimeout(120_000); // processing photos shares two cores with the rest of the machine
  await createAdmin(server, creator);
  const login = await page.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);

  // No logo yet: no strip at all, not even its heading.
  const empty = await (await page.request.get("/")).text();
  expect(empty).not.toContain('id="clients"');

  // A screen of its own: the server answers its address with the app (200, not 404).
  expect((await page.goto("/admin/client-logos"))?.status()).toBe(200);
  await expect(page.getByText("No client logos yet.")).toBeVisible();
  await addLogo(page, "Fjordlys", "#2f6f5e", "https://fjordlys.example.no");
  await addLogo(page, "Tindra", "#b03a6a", "", "#ffffff"); // on white
  // The admin screen with its logos, its grips and arrows.
  await atBothWidths(page, async (width) => {
    await page.goto("/admin/client-logos");
    await expect(page.getByTestId("client-logo-card")).toHaveCount(2);
    await expect(page.getByTestId("admin-image")).toHaveCount(2);
    await expectNoViolations(page, `admin client logos at ${width} px`);
    await page.screenshot({ path: testInfo.outputPath(`admin-client-logos-${width}.png`), fullPage: true });
  });
  // Its English heading, as the creator words it (Content → Client Logos).
  const saved = await page.request.post("/api/admin/content", {
    data: { section: "clients", language: "en", content: { title: "Trusted by brands like" } },
  });
  expect(saved.status()).toBe(200);

  // The page the server sends has the strip already, before any script runs.
  const html = await (await page.request.get("/")).text();
  expect(html).toContain('id="clients"');
  expect(html).toContain('alt="Fjordlys"');

  for (const [language, path, heading] of [
    ["no", "/", "Merkevarer jeg har jobbet med"],
    ["en", "/en", "Trusted by brands like"],
  ] as const) {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ baseURL, viewport });
      const visitor = await context.newPage();
      await visitor.goto(path);
      await expect(visitor.locator("html[data-app-ready]")).toHaveCount(1);
      const strip = visitor.getByRole("region", { name: heading });
      await strip.scrollIntoViewIfNeeded();
      const logos = strip.getByTestId("client-logo").locator("img");
      await expect(logos).toHaveCount(2);
      expect(await logos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")))).toEqual([
        "Fjordlys",
        "Tindra",
      ]);
      // Each shows a processed variant, and has loaded.
      for (const img of await logos.all()) {
        await expect
          .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
          .toBe(true);
        expect(await img.evaluate((i: HTMLImageElement) => new URL(i.currentSrc).pathname)).toMatch(
          /^\/media\/p_[0-9a-f]+\.(webp|jpg)$/,
        );
      }
      // Drawn on white, Tindra shows no white box: each logo is multiplied into the strip, and the
      // pixel at the logo's corner (its white) is the strip's own colour beside it.
      expect(
        await logos.evaluateAll((imgs) => imgs.map((i) => getComputedStyle(i).mixBlendMode)),
      ).toEqual(["multiply", "multiply"]);
      const row = strip.locator("ul");
      const rowBox = await row.boundingBox();
      const tindraBox = await strip.getByRole("img", { name: "Tindra" }).boundingBox();
      if (!rowBox || !tindraBox) throw new Error("the strip or Tindra's logo has no box");
      const x = Math.round(tindraBox.x - rowBox.x);
      const y = Math.round(tindraBox.y - rowBox.y);
      const [corner, beside] = await pixelsOf(visitor, await row.screenshot(), [
        [x + 2, y + 2], // inside the logo, on its white background
        [Math.round(rowBox.width) - 2, y + 2], // the strip at the row's end, no logo there
      ]);
      for (const [i, channel] of (corner as number[]).entries()) {
        expect(Math.abs(channel - ((beside as number[])[i] ?? -255)), `corner ${corner} beside ${beside}`).toBeLessThanOrEqual(2);
      }
      const newTab = language === "no" ? "(åpnes i ny fane)" : "(opens in a new tab)";
      const link = strip.getByRole("link", { name: `Fjordlys ${newTab}` });
      await expect(link).toHaveAttribute("href", "https://fjordlys.example.no");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(strip.getByRole("link")).toHaveCount(1); // Tindra has no link
      // On a phone the row wraps inside the screen: nothing sticks out sideways.
      const overflow = await visitor.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await strip.screenshot({ path: testInfo.outputPath(`clients-${language}-${viewport.width}.png`) });
      await expectNoViolations(visitor, `home page with client logos (${language}, ${viewport.width} px)`);
      await context.close();
    }
  }
});


/**
 * Both languages from where she works: the admin's Portfolio has a language switch of its
 * own, as Content and Testimonials have, so the English items are listed, added and edited without
 * switching the public site; the list shows a long title whole; the screen says which language each
 * part is in (the sidebar English, the Norwegian screen Norwegian). At a phone's and a desk's width.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin, type RunningServer } from "../lib/server";

test.use({ ownServer: "admin-portfolio-language" });

const longTitle =
  "Hudpleierutine på tretti sekunder for en norsk merkevare, filmet i naturlig morgenlys ved vinduet";

async function loginAsAdmin(page: Page, server: RunningServer, email: string) {
  const account = { email, name: "Kari", password: "hemmelig-passord" };
  await createAdmin(server, account);
  const res = await page.request.post("/api/login", {
    data: { username: account.email, password: account.password },
  });
  expect(res.status()).toBe(200);
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`the admin portfolio switches language without the public site at ${width} px`, async ({
    page,
    server,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await loginAsAdmin(page, server, `portfolio-language-${width}@example.no`);
    for (const [title, language] of [
      [`${longTitle} ${width}`, "no"],
      [`Cabin weekend ${width}`, "en"],
    ] as const) {
      const res = await page.request.post("/api/admin/portfolio", {
        data: {
          title,
          description: "",
          imageUrl: "https://images.example.com/still.jpg",
          videoUrl: "",
          category: "lifestyle",
          featured: false,
          language,
        },
      });
      expect(res.status()).toBe(201);
    }

    await page.goto("/admin/portfolio");
    const list = page.getByRole("heading", { name: /^Porteføljeelementer/ });
    // The admin's script loads first (a busy machine takes its time).
    await expect(list).toHaveText("Porteføljeelementer (norsk)", { timeout: 30_000 });
    const row = (title: string) => page.getByTestId("portfolio-row").filter({ hasText: title });
    await expect(row(`${longTitle} ${width}`)).toBeVisible();
    await expect(row(`Cabin weekend ${width}`)).toHaveCount(0);
    // The long title is shown whole, wrapped, not cut with an ellipsis.
    const heading = row(`${longTitle} ${width}`).getByRole("heading");
    await expect(heading).toHaveText(`${longTitle} ${width}`);
    expect(
      await heading.evaluate(
        (h) => h.scrollWidth <= h.clientWidth && getComputedStyle(h).textOverflow !== "ellipsis",
      ),
    ).toBe(true);
    // Each part says its language: the frame English, the screen Norwegian.
    await expect(page.locator("#admin-sidebar")).toHaveAttribute("lang", "en");
    await expect(page.locator("main")).toHaveAttribute("lang", "no");

    // The switch: the English list, and a new item goes into it.
    await page.getByRole("combobox", { name: "Språk" }).click();
    await page.getByRole("option", { name: "Engelsk" }).click();
    await expect(list).toHaveText("Porteføljeelementer (engelsk)");
    await expect(row(`Cabin weekend ${width}`)).toBeVisible();
    await expect(row(`${longTitle} ${width}`)).toHaveCount(0);
    await expect(page.getByTestId("portfolio-form-language")).toHaveText("På den engelske siden");

    await page.getByLabel("Tittel").fill(`Stand mixer tutorial ${width}`);
    await page.getByLabel("Bilde URL").fill("https://images.example.com/mixer.jpg");
    await page.getByRole("button", { name: "Opprett" }).click();
    await expect(page.getByText("Portfolio item created successfully")).toBeVisible();
    await expect(row(`Stand mixer tutorial ${width}`)).toBeVisible();
    const english = await (await page.request.get("/api/portfolio/en")).json();
    expect(english.map((i: { title: string }) => i.title)).toContain(
      `Stand mixer tutorial ${width}`,
    );
    const norwegian = await (await page.request.get("/api/portfolio/no")).json();
    expect(norwegian.map((i: { title: string }) => i.title)).not.toContain(
      `Stand mixer tutorial ${width}`,
    );

    // The public site's language is untouched: the visitor's page still opens in Norwegian.
    expect(await page.evaluate(() => localStorage.getItem("language"))).not.toBe("en");
    // Nothing sticks out sideways on a phone.
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    // Back to Norwegian: the Norwegian list again.
    await page.getByRole("combobox", { name: "Språk" }).click();
    await page.getByRole("option", { name: "Norsk" }).click();
    await expect(list).toHaveText("Porteføljeelementer (norsk)");
    await expect(row(`${longTitle} ${width}`)).toBeVisible();
  });
}

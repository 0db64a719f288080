/**
 * Every screen passes axe-core's WCAG 2.2 AA rules at a desktop (1280 px) and a phone (390 px)
 * width: the public pages in both languages, 404, /auth, and each admin screen with its tabs,
 * dialogs and popups open. The gate screen needs a server with the gate on: a11y-gate.spec.ts.
 */
import type { Page } from "@playwright/test";
import { atBothWidths, expectAccessibleAtBothWidths, expectNoViolations } from "../lib/axe";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// The admin part adds content that other files assert: a server of its own.
test.use({ ownServer: "a11y" });

const creator = { email: "a11y-admin@example.no", name: "Kari Nordmann", password: "hemmelig-a11y" };

/** Waits until no spinner is left on the page (lists and lazy screens loaded). */
async function settled(page: Page) {
  await expect(page.locator("[role=status] .animate-spin")).toHaveCount(0, { timeout: 15_000 });
}

test.describe("public screens", () => {
  for (const language of ["no", "en"] as const) {
    test(`the home page (${language})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.addInitScript((l) => localStorage.setItem("language", l), language);
      await expectAccessibleAtBothWidths(page, `home (${language})`, async () => {
        await page.goto("/");
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        // The contact form's code loads as its section comes near.
        await page.locator("#contact").scrollIntoViewIfNeeded();
        await expect(page.locator("#contact form")).toBeVisible({ timeout: 15_000 });
        await page.evaluate(() => window.scrollTo(0, 0));
      });
    });
  }

  test("the not-found screen and /auth with both tabs", async ({ page }) => {
    test.setTimeout(90_000);
    await expectAccessibleAtBothWidths(page, "404", async () => {
      await page.goto("/no-such-page");
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    });
    await expectAccessibleAtBothWidths(page, "auth (login)", async () => {
      await page.goto("/auth");
      await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    });
    await expectAccessibleAtBothWidths(page, "auth (register)", async () => {
      await page.goto("/auth?register=true");
      await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    });
  });
});

test.describe("admin screens", () => {
  test.beforeAll(async ({ server, request }) => {
    await createAdmin(server, creator);
    const login = await request.post(`${server.baseURL}/api/login`, {
      data: { username: creator.email, password: creator.password },
    });
    expect(login.status()).toBe(200);
    const created = await Promise.all([
      request.post(`${server.baseURL}/api/admin/portfolio`, {
        data: { title: "Sommerkampanje", description: "Produktvideo for en kaffebrenner.", category: "product", imageUrl: "", videoUrl: "https://www.youtube.com/watch?v=abc123", featured: true, language: "no" },
      }),
      request.post(`${server.baseURL}/api/admin/testimonials`, {
        data: { name: "Ingrid Dahl", company: "Nordlys AS", imageUrl: "", rating: 4, testimonial: "Rask levering og gode videoer.", isActive: true, language: "no" },
      }),
      request.post(`${server.baseURL}/api/admin/testimonials`, {
        data: { name: "Per Lund", company: "Fjellkaffe", imageUrl: "", rating: 5, testimonial: "Skjult sitat.", isActive: false, language: "no" },
      }),
      request.post(`${server.baseURL}/api/contact`, {
        data: { name: "Ola Hansen", email: "ola@example.no", company: "Nordlys AS", service: "", message: "Vi ønsker tre produktvideoer til lanseringen." },
      }),
    ]);
    for (const res of created) expect(res.status(), await res.text()).toBe(201);
  });

  test.beforeEach(async ({ page }) => {
    test.setTimeout(120_000); // axe runs a few times per test on a busy 2-core machine
    const login = await page.request.post("/api/login", {
      data: { username: creator.email, password: creator.password },
    });
    expect(login.status()).toBe(200);
  });

  /** Opens `path`, then checks each tab in turn at both widths. */
  async function eachTab(page: Page, screen: string, path: string, tabs: Array<string | RegExp>) {
    await atBothWidths(page, async (width) => {
      await page.goto(path);
      await settled(page);
      for (const name of tabs) {
        const tab = page.getByRole("tab", { name });
        await tab.click();
        await expect(tab).toHaveAttribute("aria-selected", "true");
        await settled(page);
        await expectNoViolations(page, `${screen} (${String(name)}) at ${width} px`);
      }
    });
  }

  test("the dashboard with each tab", async ({ page }) => {
    await eachTab(page, "dashboard", "/admin", ["Overview", "Analytics", "Updates"]);
  });

  test("the content editor with each section", async ({ page }) => {
    await eachTab(page, "content", "/admin/content", ["Hero Section", "About UGC", "Services", "Contact", "Footer", "Client Logos"]);
  });

  test("the portfolio manager: list, both form tabs, the category select", async ({ page }) => {
    await expectAccessibleAtBothWidths(page, "portfolio", async () => {
      await page.goto("/admin/portfolio");
      await settled(page);
      await expect(page.getByTestId("portfolio-row")).toHaveCount(1);
    });
    await expectAccessibleAtBothWidths(page, "portfolio (editing, Video tab)", async () => {
      await page.goto("/admin/portfolio");
      await settled(page);
      await page.getByRole("button", { name: "Rediger Sommerkampanje" }).click();
      await expect(page.getByRole("heading", { name: "Rediger porteføljeelement" })).toBeVisible();
      await page.getByRole("tab", { name: "Video" }).click();
      await expect(page.getByLabel("Video URL")).toBeVisible();
    });
    await expectAccessibleAtBothWidths(page, "portfolio (category select open)", async () => {
      await page.goto("/admin/portfolio");
      await settled(page);
      await page.getByRole("combobox", { name: "Kategori" }).click();
      await expect(page.getByRole("listbox")).toBeVisible();
    });
  });

  test("the testimonials manager: list, the form dialog, the delete dialog", async ({ page }) => {
    await expectAccessibleAtBothWidths(page, "testimonials", async () => {
      await page.goto("/admin/testimonials");
      await settled(page);
      await expect(page.getByTestId("testimonial-card")).toHaveCount(2);
    });
    await expectAccessibleAtBothWidths(page, "testimonials (edit dialog)", async () => {
      await page.goto("/admin/testimonials");
      await settled(page);
      await page.getByRole("button", { name: "Edit Ingrid Dahl" }).click();
      await expect(page.getByRole("dialog", { name: "Edit Testimonial" })).toBeVisible();
    });
    await expectAccessibleAtBothWidths(page, "testimonials (delete dialog)", async () => {
      await page.goto("/admin/testimonials");
      await settled(page);
      await page.getByRole("button", { name: "Delete Ingrid Dahl" }).click();
      await expect(page.getByRole("dialog", { name: "Delete testimonial?" })).toBeVisible();
    });
  });

  test("the client logos screen and its form dialog (with logos: client-logos.spec.ts)", async ({ page }) => {
    await expectAccessibleAtBothWidths(page, "client logos (none yet)", async () => {
      await page.goto("/admin/client-logos");
      await settled(page);
      await expect(page.getByText("No client logos yet.")).toBeVisible();
    });
    await expectAccessibleAtBothWidths(page, "client logos (add dialog with its messages)", async () => {
      await page.goto("/admin/client-logos");
      await settled(page);
      await page.getByRole("button", { name: "Add Logo" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add Logo" });
      await dialog.getByRole("button", { name: "Add Logo" }).click();
      await expect(dialog.getByText("Brand name is required")).toBeVisible();
    });
  });

  test("the inquiries screen with each tab and the detail dialog", async ({ page }) => {
    await eachTab(page, "inquiries", "/admin/inquiries", [/^All/, /^Unread/, /^Read/]);
    await expectAccessibleAtBothWidths(page, "inquiries (detail dialog)", async () => {
      await page.goto("/admin/inquiries");
      await settled(page);
      await page.getByRole("button", { name: "View & Mark Read" }).first().click();
      await expect(page.getByRole("dialog", { name: "Inquiry from Ola Hansen" })).toBeVisible();
    });
  });
});

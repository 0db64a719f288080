/**
 * The admin back office as the creator works with it, against the real binary.
 *
 * The public lists (GET /api/portfolio|testimonials/{lang}, GET /api/content/…) and the contact form
 * belong to the public-site issue; the tests in the last describe block need them and run once the
 * branches are merged. Everything above it passes with or without them.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin, type RunningServer } from "../lib/server";

// These tests change site content that other files assert: a server of their own.
test.use({ ownServer: "admin" });

const run = promisify(execFile);
const shotsDir = path.resolve(__dirname, "../test-results/admin-screens");

let accounts = 0;

/** Creates a fresh admin and logs the page's browser context in as it. */
async function loginAsAdmin(page: Page, server: RunningServer) {
  accounts += 1;
  const account = {
    email: `creator${accounts}-${Date.now()}@example.no`,
    name: "Kari Nordmann",
    password: "hemmelig-passord",
  };
  await createAdmin(server, account);
  const res = await page.request.post("/api/login", {
    data: { username: account.email, password: account.password },
  });
  expect(res.status()).toBe(200);
  return account;
}

/** Radix select: open the combobox, pick the option. */
async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Runs one SQL statement on the server's SQLite file and answers its rows as "a|b" lines. */
async function sql(server: RunningServer, statement: string): Promise<string> {
  const { stdout } = await run("sqlite3", [
    path.join(server.dataDir, "ugcfolio.db"),
    `PRAGMA busy_timeout=5000; ${statement}`,
  ]);
  return stdout.replace(/^5000\n/, "").trim();
}

/** Adds an inquiry straight into the server's SQLite file (the contact form is another issue's). */
async function insertInquiry(server: RunningServer, name: string, message: string) {
  const q = (s: string) => `'${s.replaceAll("'", "''")}'`;
  await run("sqlite3", [
    path.join(server.dataDir, "ugcfolio.db"),
    `PRAGMA busy_timeout=5000; INSERT INTO contact_inquiries (name, email, company, service, message) VALUES (${q(name)}, ${q(`${name.split(" ")[0]?.toLowerCase()}@example.no`)}, 'Nordlys AS', 'Enkeltvideo', ${q(message)});`,
  ]);
}

test.describe("admin back office", () => {
  test("the sidebar shows the user, collapses on a phone and logs out", async ({ page, server }) => {
    await loginAsAdmin(page, server);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav).not.toBeInViewport();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav).toBeInViewport();
    await expect(page.getByText("Kari Nordmann")).toBeVisible();
    await expect(page.getByText(/^creator\d+-\d+@example\.no$/)).toBeVisible();
    for (const link of ["Dashboard", "Content", "Portfolio", "Testimonials", "Inquiries", "Back to site"]) {
      await expect(page.getByRole("link", { name: link, exact: true })).toBeVisible();
    }
    await nav.getByRole("link", { name: "Content" }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(nav).not.toBeInViewport();

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(nav).toBeInViewport();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("You have been successfully logged out.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });

  test("the creator edits the hero text in English", async ({ page, server }) => {
    await loginAsAdmin(page, server);
    await page.goto("/admin/content");
    await expect(page.getByRole("tab", { name: "Hero Section" })).toHaveAttribute("aria-selected", "true");
    for (const tab of ["About UGC", "Services", "Contact", "Footer"]) {
      await expect(page.getByRole("tab", { name: tab })).toBeVisible();
    }
    await choose(page, "Language", "English");
    // By role: the panel also holds the Norwegian form, hidden, and roles skip hidden elements.
    const hero = page.getByRole("tabpanel", { name: "Hero Section" });
    await expect(hero.getByRole("textbox", { name: "Tagline", exact: true })).toBeVisible({ timeout: 15_000 });

    // Every field is required: an empty tagline is refused on the page.
    await hero.getByRole("textbox", { name: "Tagline", exact: true }).fill("");
    await hero.getByRole("button", { name: "Save Changes" }).click();
    await expect(hero.getByText("Tagline is required")).toBeVisible();

    const tagline = `UGC creator for Nordic brands ${Date.now()}`;
    await hero.getByRole("textbox", { name: "Tagline", exact: true }).fill(tagline);
    await hero.getByRole("textbox", { name: "Greeting", exact: true }).fill("Hi, I'm Kari!");
    await hero.getByRole("textbox", { name: "Intro", exact: true }).fill("I make scroll-stopping videos.");
    await hero.getByRole("textbox", { name: "Description", exact: true }).fill("Product videos, lifestyle content and photography.");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/admin/content") && r.request().method() === "POST",
    );
    await hero.getByRole("button", { name: "Save Changes" }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    const row = (await res.json()) as { section: string; language: string; content: { tagline: string } };
    expect(row).toMatchObject({ section: "hero", language: "en", content: { tagline } });
    await expect(page.getByText("The content has been successfully updated.")).toBeVisible();
    await expect(hero.getByRole("textbox", { name: "Tagline", exact: true })).toHaveValue(tagline);
  });

  test("the creator adds a testimonial through the dialog", async ({ page, server }) => {
    await loginAsAdmin(page, server);
    await page.goto("/admin/testimonials");
    await choose(page, "Language", "English");
    await page.getByRole("button", { name: "Add Testimonial" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Testimonial is required")).toBeVisible();

    await dialog.getByLabel("Name").fill("Ingrid Berg");
    await dialog.getByLabel("Company").fill("Nordlys AS");
    await dialog.getByLabel("Image URL (optional)").fill("javascript:alert(1)");
    await dialog.getByLabel("Testimonial").fill("Kari's videos doubled our conversion.");
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    await expect(dialog.getByText("Image URL must start with http://, https:// or /uploads/")).toBeVisible();
    await dialog.getByLabel("Image URL (optional)").fill("");
    await choose(page, "Rating", "4 stars");
    const created = page.waitForResponse(
      (r) => r.url().endsWith("/api/admin/testimonials") && r.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    await expect(page.getByText("Testimonial added")).toBeVisible();
    expect(
      await sql(server, "SELECT name, company, rating, language, is_active FROM testimonials WHERE name = 'Ingrid Berg'"),
    ).toBe("Ingrid Berg|Nordlys AS|4|en|1");
    await expect(dialog).toBeHidden();
  });

  test("the creator reads and deletes inquiries", async ({ page, server }) => {
    await loginAsAdmin(page, server);
    await insertInquiry(server, "Ola Hansen", "Vi ønsker tre produktvideoer til lanseringen.");
    await insertInquiry(server, "Sara Lie", "Kan du lage en unboxing-video for oss?");
    await page.goto("/admin");
    await expect(page.getByTestId("unread-badge")).toHaveText(/^2/);
    await expect(page.getByTestId("stat-Unread Inquiries")).toHaveText("2");

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /Inquiries/ }).click();
    await expect(page.getByRole("tab", { name: "All (2)" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Unread (2)" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Read (0)", exact: true })).toBeVisible();
    const ola = page.getByTestId("inquiry-card").filter({ hasText: "Ola Hansen" });
    await expect(ola.getByText("New")).toBeVisible();
    await expect(ola.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} • \d{1,2}:\d{2} (AM|PM)/)).toBeVisible();

    await ola.getByRole("button", { name: "View & Mark Read" }).click();
    const detail = page.getByRole("dialog", { name: "Inquiry from Ola Hansen" });
    await expect(detail.getByText("Vi ønsker tre produktvideoer til lanseringen.")).toBeVisible();
    await expect(page.getByTestId("unread-badge")).toHaveText(/^1/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tab", { name: "Read (1)", exact: true })).toBeVisible();
    await expect(ola.getByText("New")).toHaveCount(0);

    await page.getByRole("tab", { name: /^Read/ }).click();
    await page.getByRole("button", { name: "Delete inquiry from Ola Hansen" }).click();
    await page.getByRole("dialog", { name: "Delete inquiry?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Inquiry deleted")).toBeVisible();
    await expect(page.getByText("No read inquiries found.")).toBeVisible();
    await expect(page.getByRole("tab", { name: "All (1)", exact: true })).toBeVisible();
  });

  test("the creator creates a brand portfolio item with an image URL", async ({ page, server }) => {
    await loginAsAdmin(page, server);
    await page.goto("/admin/portfolio");
    await expect(page.getByRole("heading", { name: "Portefølje", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Legg til porteføljeelement" })).toBeVisible();

    await page.getByRole("button", { name: "Opprett" }).click();
    await expect(page.getByText("Tittel er påkrevd")).toBeVisible();
    await expect(
      page.getByText("Vennligst oppgi enten en bilde-URL eller en video-URL, eller last opp en video"),
    ).toBeVisible();

    await page.getByLabel("Tittel").fill("Vinterkampanje for Nordlys");
    await page.getByLabel("Beskrivelse").fill("Tre korte reels og produktbilder.");
    await page.getByRole("tab", { name: "Video" }).click();
    await page.getByLabel("Video URL").fill("https://example.com/not-a-video");
    await expect(page.getByText("Ugyldig video-URL", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /Åpne lenke i ny fane/ })).toBeVisible();
    await page.getByLabel("Video URL").fill("");
    await page.getByRole("tab", { name: "Bilde" }).click();
    await page.getByLabel("Bilde URL").fill("/uploads/missing-image.jpg");
    await expect(page.getByRole("img", { name: "Ugyldig bilde-URL" })).toBeVisible();
    await choose(page, "Kategori", "Merkevare");
    await page.getByLabel("Fremhevet element").check();

    const created = page.waitForResponse(
      (r) => r.url().endsWith("/api/admin/portfolio") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Opprett" }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    await expect(page.getByText("Portfolio item created successfully")).toBeVisible();
    expect(
      await sql(
        server,
        "SELECT category, featured, image_url, language, is_active FROM portfolio_items WHERE title = 'Vinterkampanje for Nordlys'",
      ),
    ).toBe("brand|1|/uploads/missing-image.jpg|no|1");
    await expect(page.getByLabel("Tittel")).toHaveValue("");
  });

  test("a failed video upload shows the error and clears the marker", async ({ page, server }) => {
    await loginAsAdmin(page, server);
    // Fault injection: whatever the upload API does, this run sees the server refuse to start.
    await page.route("**/api/admin/upload/initialize", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Disk full"}' }),
    );
    await page.goto("/admin/portfolio");
    await page.getByRole("tab", { name: "Video" }).click();
    await expect(page.getByRole("button", { name: "Velg videofil" })).toBeVisible();
    await page.getByTestId("video-file-input").setInputFiles({
      name: "klipp.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.alloc(2048, 1),
    });
    await expect(page.getByText("Opplastingsfeil")).toBeVisible();
    // The step's Norwegian text (SPEC.md section 8), never the server's English message.
    await expect(page.getByText("Kunne ikke initialisere opplastning")).toBeVisible();
    await expect(page.getByText("Disk full")).toHaveCount(0);
    await expect(page.getByLabel("Video URL")).toHaveValue("");
  });

  test("screenshots of every admin screen at 1440 and 390 px", async ({ page, server }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page, server);
    await insertInquiry(server, "Mona Berg", "Hei! Vi vil gjerne høre mer om pakketilbud 2 for sommeren.");
    const screens = [
      ["dashboard", "/admin"],
      ["content", "/admin/content"],
      ["portfolio", "/admin/portfolio"],
      ["testimonials", "/admin/testimonials"],
      ["inquiries", "/admin/inquiries"],
    ] as const;
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [name, url] of screens) {
        await page.goto(url);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("[role=status] .animate-spin")).toHaveCount(0, { timeout: 15_000 });
        // Usable on a phone: nothing makes the page scroll sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
      }
      const shot = (name: string) => page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`) });
      await page.goto("/admin/testimonials");
      await page.getByRole("button", { name: "Add Testimonial" }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot("testimonial-dialog");
      await page.goto("/admin/inquiries");
      await page.getByRole("button", { name: "View & Mark Read" }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot("inquiry-dialog");
      await page.goto("/admin/portfolio");
      await page.getByRole("tab", { name: "Video" }).click();
      await page.getByLabel("Video URL").fill("https://example.com/page");
      await shot("portfolio-video");
      if (width < 1024) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("navigation", { name: "Admin" })).toBeInViewport();
        await shot("sidebar-open");
      }
    }
  });
});

test.describe("after merge with the public site", () => {
  test("the English hero text shows on the public page in English only", async ({ page, server }) => {
    await loginAsAdmin(page, server);
    await page.goto("/admin/content");
    await choose(page, "Language", "English");
    const hero = page.getByRole("tabpanel", { name: "Hero Section" });
    const tagline = `Scroll-stopping UGC ${Date.now()}`;
    await hero.getByRole("textbox", { name: "Tagline", exact: true }).fill(tagline);
    await hero.getByRole("textbox", { name: "Greeting", exact: true }).fill("Hi, I'm Kari!");
    await hero.getByRole("textbox", { name: "Intro", exact: true }).fill("I make videos.");
    await hero.getByRole("textbox", { name: "Description", exact: true }).fill("Product videos and photography.");
    await hero.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("The content has been successfully updated.")).toBeVisible();

    await page.reload();
    await choose(page, "Language", "English");
    await expect(page.getByRole("tabpanel", { name: "Hero Section" }).getByRole("textbox", { name: "Tagline", exact: true })).toHaveValue(tagline);

    await page.evaluate(() => localStorage.setItem("language", "en"));
    await page.goto("/");
    await expect(page.getByText(tagline)).toBeVisible();
    await page.evaluate(() => localStorage.setItem("language", "no"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(tagline)).toHaveCount(0);
  });

  test("a saved text shows when the creator goes back to the site without a reload", async ({
    page,
    server,
  }) => {
    await loginAsAdmin(page, server);
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("language", "en"));
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible(); // the texts are cached now
    // Client-side from here on: the app's cache must follow the save.
    await page.getByRole("link", { name: "Admin" }).first().click();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" }).click();
    await choose(page, "Language", "English");
    const hero = page.getByRole("tabpanel", { name: "Hero Section" });
    const tagline = `Back-to-site tagline ${Date.now()}`;
    await hero.getByRole("textbox", { name: "Tagline", exact: true }).fill(tagline);
    await hero.getByRole("textbox", { name: "Greeting", exact: true }).fill("Hi, I'm Kari!");
    await hero.getByRole("textbox", { name: "Intro", exact: true }).fill("I make videos.");
    await hero.getByRole("textbox", { name: "Description", exact: true }).fill("Product videos and photography.");
    await hero.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("The content has been successfully updated.")).toBeVisible();
    await page.getByRole("link", { name: "Back to site" }).click();
    await expect(page.getByText(tagline)).toBeVisible();
  });

  test("a testimonial is added, hidden, edited and deleted, and the public page follows", async ({
    page,
    server,
  }) => {
    await loginAsAdmin(page, server);
    const name = `Ingrid ${Date.now()}`;
    await page.goto("/admin/testimonials");
    await choose(page, "Language", "English");
    await page.getByRole("button", { name: "Add Testimonial" }).first().click();
    const add = page.getByRole("dialog", { name: "Add Testimonial" });
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Company").fill("Nordlys AS");
    await add.getByLabel("Testimonial").fill("Fantastic videos.");
    await add.getByRole("button", { name: "Add Testimonial" }).click();
    const card = page.getByTestId("testimonial-card").filter({ hasText: name });
    await expect(card).toBeVisible();

    const publicPage = await page.context().newPage();
    await publicPage.addInitScript(() => localStorage.setItem("language", "en"));
    await publicPage.goto("/#testimonials");
    await expect(publicPage.getByText("Fantastic videos.")).toBeVisible();

    // Hide it: the card fades with a Hidden badge and the public page drops it.
    await card.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Testimonial" });
    await edit.getByLabel("Active (shown on the website)").uncheck();
    await edit.getByLabel("Testimonial").fill("Fantastic videos, again.");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Testimonial updated")).toBeVisible();
    await expect(card.getByText("Hidden")).toBeVisible();
    await publicPage.reload();
    await expect(publicPage.getByText(name)).toHaveCount(0);

    await card.getByRole("button", { name: `Edit ${name}` }).click();
    await edit.getByLabel("Active (shown on the website)").check();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    // The save is done once the dialog has closed and the card lost its Hidden badge; only then
    // can the public page show it (reloading earlier raced the save).
    await expect(edit).toHaveCount(0);
    await expect(card.getByText("Hidden")).toHaveCount(0);
    await publicPage.reload();
    await expect(publicPage.getByText("Fantastic videos, again.")).toBeVisible();

    await page.bringToFront(); // a background tab gets no animation frames: clicks never settle
    await card.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog", { name: "Delete testimonial?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Testimonial deleted")).toBeVisible();
    await expect(card).toHaveCount(0);
    await publicPage.reload();
    await expect(publicPage.getByText(name)).toHaveCount(0);
  });

  test("an inquiry sent on the public page is read and deleted", async ({ page, server }) => {
    const name = `Per ${Date.now()}`;
    await page.goto("/#contact");
    await page.getByLabel(/name|navn/i).first().fill(name);
    await page.getByLabel(/e-?post|email/i).first().fill("per@example.no");
    await page.getByLabel(/melding|message/i).first().fill("Jeg vil bestille tre videoer.");
    await page.getByRole("button", { name: /send/i }).click();
    await expect(page.getByText("Message sent successfully")).toBeVisible();

    await loginAsAdmin(page, server);
    await page.goto("/admin/inquiries");
    await expect(page.getByTestId("unread-badge")).toBeVisible();
    const card = page.getByTestId("inquiry-card").filter({ hasText: name });
    await expect(card.getByText("New")).toBeVisible();
    await card.getByRole("button", { name: "View & Mark Read" }).click();
    await expect(page.getByRole("dialog", { name: `Inquiry from ${name}` })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(card.getByText("New")).toHaveCount(0);
    await page.getByRole("button", { name: `Delete inquiry from ${name}` }).click();
    await page.getByRole("dialog", { name: "Delete inquiry?" }).getByRole("button", { name: "Delete" }).click();
    await expect(card).toHaveCount(0);
  });

  test("a brand portfolio item shows under the Brand pill", async ({ page, server }) => {
    await loginAsAdmin(page, server);
    await page.addInitScript(() => localStorage.setItem("language", "en"));
    const title = `Brand story ${Date.now()}`;
    await page.goto("/admin/portfolio");
    await page.getByLabel("Tittel").fill(title);
    await page.getByLabel("Bilde URL").fill("https://images.example.com/brand.jpg");
    await choose(page, "Kategori", "Merkevare");
    await page.getByRole("button", { name: "Opprett" }).click();
    const row = page.getByTestId("portfolio-row").filter({ hasText: title });
    await expect(row.getByText("Kategori: Merkevare")).toBeVisible();

    await page.goto("/#work");
    await page.getByRole("button", { name: "Brand", exact: true }).click();
    await expect(page.getByText(title)).toBeVisible();
    await page.getByRole("button", { name: "Lifestyle", exact: true }).click();
    await expect(page.getByText(title)).toHaveCount(0);
  });
});

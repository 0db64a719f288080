/**
 * The public site: both languages, every section, the work filters and video modal,
 * the contact form end to end, and axe-core on the whole page.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";

const repoRoot = path.resolve(__dirname, "../..");
let dbtool = "";

/** Runs e2e/scripts/dbtool against the worker's database. */
function db(args: string[], input?: string): string {
  return execFileSync(dbtool, args, { input, encoding: "utf8" });
}

interface SeedItem {
  title: string;
  description: string;
  category: string;
  imageUrl?: string;
  videoUrl?: string;
  featured?: boolean;
  language: "no" | "en";
}

// Per language: two product items (one an .mp4), a lifestyle item linking to a page (new tab),
// a brand item with only an image, an "other" item (only under All), and no social item.
function seedItems(language: "no" | "en"): SeedItem[] {
  const tag = language.toUpperCase();
  return [
    { title: `${tag} Product mp4`, description: "A direct video file.", category: "product", videoUrl: "http://127.0.0.1:9/clip.mp4", language, featured: true },
    { title: `${tag} Product still`, description: "An image only.", category: "product", imageUrl: "/favicon.svg", language },
    { title: `${tag} Lifestyle link`, description: "A case study page.", category: "lifestyle", videoUrl: "https://example.com/case-study", language },
    { title: `${tag} Brand still`, description: "Brand image.", category: "brand", imageUrl: "/favicon.svg", language },
    { title: `${tag} Other thing`, description: "", category: "other", language },
  ];
}

test.beforeAll(async ({ server }) => {
  const out = mkdtempSync(path.join(tmpdir(), "ugcfolio-dbtool-"));
  dbtool = path.join(out, "dbtool");
  execFileSync("go", ["build", "-o", dbtool, "./e2e/scripts/dbtool"], { cwd: repoRoot, stdio: "inherit" });
  db(["seed-portfolio", server.dataDir], JSON.stringify([...seedItems("no"), ...seedItems("en")]));
});

async function gotoHome(page: Page, language?: "no" | "en") {
  if (language) {
    await page.addInitScript((l) => {
      if (!sessionStorage.getItem("seeded-language")) {
        localStorage.setItem("language", l);
        sessionStorage.setItem("seeded-language", "1");
      }
    }, language);
  }
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The server sent the page; the app takes it over after the first paint.
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
}

/** Scrolls to the contact section so the lazily loaded form appears. */
async function contactForm(page: Page) {
  await page.locator("#contact").scrollIntoViewIfNeeded();
  const form = page.locator("#contact form");
  // Its code loads only now: on a busy 2-core machine that can take more than the usual 5 s.
  await expect(form).toBeVisible({ timeout: 15_000 });
  return form;
}

const sections: Record<"no" | "en", Array<[string, RegExp | string]>> = {
  no: [
    ["#about h1", "Hei, jeg lager innhold som selger"],
    ["#ugc h2", "Hva er UGC – og hvorfor virker det?"],
    ["#services h2", "Tjenester"],
    ["#work h2", "Utvalgte arbeider"],
    ["#testimonials h2", "Hva kundene sier"],
    ["#pricing h2", "Pakker og priser"],
    ["#contact h2", "La oss jobbe sammen"],
  ],
  en: [
    ["#about h1", "Hi, I create content that sells"],
    ["#ugc h2", "What is UGC – and why does it work?"],
    ["#services h2", "Services"],
    ["#work h2", "Selected work"],
    ["#testimonials h2", "What clients say"],
    ["#pricing h2", "Packages and prices"],
    ["#contact h2", "Let's work together"],
  ],
};

test.describe("languages", () => {
  for (const language of ["no", "en"] as const) {
    test(`every section renders in ${language}`, async ({ page }) => {
      await gotoHome(page, language);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // Sections in the spec's order.
      await expect
        .poll(() => page.locator("main > section").evaluateAll((els) => els.map((el) => el.id)))
        .toEqual(["about", "ugc", "services", "work", "testimonials", "pricing", "contact"]);
      for (const [selector, text] of sections[language]) {
        await expect(page.locator(selector)).toHaveText(text);
      }
      // UGC stats, services items, results, pricing, contact info, footer.
      for (const stat of ["79%", "2.4x", "73%"]) {
        await expect(page.locator("#ugc").getByText(stat, { exact: true })).toBeVisible();
      }
      // The services in the page's one language (English names on the Norwegian page).
      const services =
        language === "no"
          ? ["Unboxing", "Produktfotografering", "PR-pakke", "TikTok-innhold"]
          : ["Unboxing", "Product Photography", "PR Package", "TikTok content creation"];
      for (const item of services) {
        await expect(page.locator("#services").getByText(item, { exact: true })).toBeVisible();
      }
      await expect(page.locator("#services")).toContainText(
        language === "no" ? "Over 4,7 millioner visninger i 2022" : "Over 4.7 million views in 2022",
      );
      const packages = page.getByTestId("pricing-package");
      await expect(packages).toHaveCount(3);
      await expect(packages.nth(1)).toHaveAttribute("data-popular", "true");
      await expect(packages.nth(1)).toContainText(language === "no" ? "POPULÆR" : "POPULAR");
      await expect(packages.nth(0)).toContainText(language === "no" ? "2 500 kr" : "2,500 kr");
      await expect(packages.nth(2)).toContainText(language === "no" ? "Prioritert levering" : "Prioritised delivery");
      // With no testimonials stored, the three English samples show.
      await expect(page.getByTestId("testimonial")).toHaveCount(3);
      await expect(page.locator("#contact")).toContainText(
        language === "no" ? "Man-Fre: 09:00 - 17:00" : "Mon-Fri: 09:00 - 17:00",
      );
      await expect(page.locator("#contact")).toContainText(
        language === "no" ? "Porsgrunn, Telemark, Norge" : "Porsgrunn, Telemark, Norway",
      );
      const footer = page.locator("footer");
      // Footer links go where they say: this year's copyright, "About me" to the hero
      // (who she is), no terms link while there are no terms.
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ugcfolio.`);
      await expect(footer.locator('a[href="#about"]')).toHaveText(language === "no" ? "Om meg" : "About me");
      await expect(footer.getByRole("link", { name: language === "no" ? "Vilkår" : "Terms" })).toHaveCount(0);
      await expect(footer.getByRole("link", { name: language === "no" ? "Personvern" : "Privacy" })).toHaveAttribute(
        "href",
        language === "no" ? "/privacy" : "/en/privacy",
      );
      await expect(footer.locator('a[href^="mailto:"]').first()).toBeVisible();
      // Every call to action on the page links to #contact or #work.
      await expect(page.locator("#about").getByRole("link", { name: language === "no" ? "Samarbeid med meg" : "Work with me" })).toHaveAttribute("href", "#contact");
      await expect(page.locator("#about").getByRole("link", { name: language === "no" ? "Se porteføljen" : "View portfolio" })).toHaveAttribute("href", "#work");
    });
  }

  test("the language switch is kept across a reload", async ({ page }) => {
    await gotoHome(page);
    await expect(page.locator("#about h1")).toHaveText(sections.no[0]?.[1] as string);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("#about h1")).toHaveText("Hi, I create content that sells");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    await page.reload();
    // The server renders the English page, so its heading shows before the app is live: a
    // click before then would be lost.
    await expect(page.locator("#about h1")).toHaveText("Hi, I create content that sells");
    await expect(page.getByRole("link", { name: "Pricing" }).first()).toBeVisible();
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await page.getByRole("button", { name: "Norsk" }).click();
    // The page was loaded in English: the Norwegian texts arrive first (a small script), and only
    // then is the choice stored; a reload before that would find English still chosen.
    await expect(page.locator("#about h1")).toHaveText("Hei, jeg lager innhold som selger");
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.locator("#about h1")).toHaveText("Hei, jeg lager innhold som selger");
  });
});

test.describe("navigation", () => {
  test("sticky navigation changes past 10 px; anchors; mobile menu", async ({ page }) => {
    await gotoHome(page, "no");
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    for (const anchor of ["ugc", "services", "work", "testimonials", "pricing", "contact"]) {
      await expect(header.locator(`a[href="#${anchor}"]`).first()).toBeAttached();
    }
    await expect(header.getByRole("link", { name: "Admin" })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole("button", { name: "Åpne meny" });
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Priser" }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator("#pricing")).toBeInViewport();
  });
});

test.describe("work", () => {
  test("each filter pill shows its category; an empty one says so", async ({ page }) => {
    await gotoHome(page, "no");
    const work = page.locator("#work");
    const cards = work.getByTestId("work-card");
    const pill = (name: string) => work.getByRole("button", { name, exact: true });
    await expect(pill("Alle")).toHaveAttribute("aria-pressed", "true");
    await expect(cards).toHaveCount(5);
    await expect(cards.first()).toContainText("NO Product mp4"); // featured first

    const expected: Array<[string, string[]]> = [
      ["Produktvideoer", ["NO Product mp4", "NO Product still"]],
      ["Livsstil", ["NO Lifestyle link"]],
      ["Merkevare", ["NO Brand still"]],
    ];
    for (const [name, titles] of expected) {
      await pill(name).click();
      await expect(pill(name)).toHaveAttribute("aria-pressed", "true");
      await expect(cards.locator("h3")).toHaveText(titles);
    }
    await pill("Sosiale Medier").click();
    await expect(cards).toHaveCount(0);
    await expect(work.getByText("Ingen elementer å vise i denne kategorien")).toBeVisible();
    await pill("Alle").click();
    await expect(cards).toHaveCount(5);
    // Thumbnails: an image is lazy with its size set; no image and no video says 'No Image'.
    const image = cards.filter({ hasText: "NO Brand still" }).locator("img");
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("width", "720");
    await expect(image).toHaveAttribute("height", "1280");
    await expect(cards.filter({ hasText: "NO Other thing" })).toContainText("No Image");
    await expect(cards.filter({ hasText: "NO Other thing" })).toContainText("Annet");

    await page.getByRole("button", { name: "English" }).click();
    await pill("Social Media").click();
    await expect(work.getByText("No items to show in this category")).toBeVisible();
  });

  test("an .mp4 item opens the modal and the page cannot scroll until it closes", async ({ page }) => {
    await gotoHome(page, "no");
    await page.locator("#work").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Spill av «NO Product mp4»" }).click();
    const modal = page.getByTestId("video-modal");
    await expect(modal).toBeVisible();
    await page.waitForTimeout(500); // let any smooth scroll in progress settle
    const before = await page.evaluate(() => window.scrollY);
    await expect(modal.locator("video")).toHaveAttribute("src", "http://127.0.0.1:9/clip.mp4");
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await page.mouse.wheel(0, 1200);
    await page.keyboard.press("PageDown");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await modal.getByRole("button", { name: "Lukk video" }).click();
    await expect(modal).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);

    // A backdrop click closes it too.
    await page.locator("#work").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Spill av «NO Product mp4»" }).click();
    await expect(modal).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(modal).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
  });

  test("an external non-video link opens a new tab, not the modal", async ({ page, context }) => {
    await context.route("https://example.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Case study</title>" }),
    );
    await gotoHome(page, "no");
    await page.locator("#work").scrollIntoViewIfNeeded();
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Åpne «NO Lifestyle link» i ny fane" }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe("https://example.com/case-study");
    // noopener: the new tab has no handle on our page.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page.getByTestId("video-modal")).toHaveCount(0);
  });
});

test.describe("contact", () => {
  test("shows each validation message, then sends, toasts, resets and stores the inquiry", async ({ page, server }) => {
    await gotoHome(page, "no");
    const form = await contactForm(page);
    const send = form.getByRole("button", { name: "Send melding" });
    await send.click();
    // An empty name is asked for, not said to be too short.
    await expect(form.getByText("Please enter your name")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Message must be at least 10 characters")).toBeVisible();
    await expect(form.getByLabel("Navn")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Navn").fill("K");
    await form.getByLabel("E-post").fill("kari@");
    await form.getByLabel("Melding").fill("For kort");
    await send.click();
    await expect(form.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Message must be at least 10 characters")).toBeVisible();

    const unique = `E2E inquiry ${Date.now()}`;
    await form.getByLabel("Navn").fill("Kari Nordmann");
    await form.getByLabel("E-post").fill("kari@example.no");
    await form.getByLabel("Bedrift (valgfritt)").fill("Fjellkaffe");
    await form.getByLabel("Tjeneste (valgfritt)").selectOption({ label: "Skreddersydd løsning" });
    await form.getByLabel("Melding").fill(`${unique}: tre videoer til lansering.`);
    await expect(form.getByText("Name must be at least 2 characters")).toHaveCount(0);

    // Hold the answer briefly so the sending state is visible.
    await page.route("**/api/contact", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await send.click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByText("Message sent successfully")).toBeVisible();
    await expect(page.getByText("Thank you for your inquiry. We'll get back to you shortly.")).toBeVisible();
    await expect(form.getByLabel("Navn")).toHaveValue("");
    await expect(form.getByLabel("E-post")).toHaveValue("");
    await expect(form.getByLabel("Melding")).toHaveValue("");
    await expect(form.getByLabel("Tjeneste (valgfritt)")).toHaveValue("");

    const stored = JSON.parse(db(["inquiries", server.dataDir])) as Array<Record<string, unknown>>;
    const inquiry = stored.find((i) => String(i.message).startsWith(unique));
    expect(inquiry).toMatchObject({
      name: "Kari Nordmann",
      email: "kari@example.no",
      company: "Fjellkaffe",
      service: "Skreddersydd",
      isRead: false,
    });
  });

  test("a server error shows its message in the error toast", async ({ page }) => {
    await gotoHome(page, "en");
    const form = await contactForm(page);
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: '{"message":"Too many requests, please try again later"}' }),
    );
    await form.getByLabel("Name").fill("Kari Nordmann");
    await form.getByLabel("Email").fill("kari@example.no");
    await form.getByLabel("Message").fill("Ten characters at least.");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Error sending message")).toBeVisible();
    await expect(page.getByText("Too many requests, please try again later")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Kari Nordmann"); // nothing lost
  });
});

test.describe("accessibility", () => {
  for (const language of ["no", "en"] as const) {
    test(`axe finds no violations on the home page (${language})`, async ({ page }) => {
      await gotoHome(page, language);
      await contactForm(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });

    // The page's toasts (sonner's rich colours: text on a tinted background) must pass too. The
    // contact call is answered here, so the test sends nothing to the server's rate limit.
    for (const [kind, status, title] of [
      ["success", 201, "Message sent successfully"],
      ["error", 500, "Error sending message"],
    ] as const) {
      test(`axe finds no violations with the ${kind} toast up (${language})`, async ({ page }) => {
        await gotoHome(page, language);
        const form = await contactForm(page);
        await page.route("**/api/contact", (route) =>
          route.fulfill({ status, contentType: "application/json", body: status === 201 ? '{"id":1}' : '{"message":"Server error"}' }),
        );
        const label = language === "no"
          ? { name: "Navn", email: "E-post", message: "Melding", send: "Send melding" }
          : { name: "Name", email: "Email", message: "Message", send: "Send message" };
        await form.getByLabel(label.name, { exact: true }).fill("Kari Nordmann");
        await form.getByLabel(label.email, { exact: true }).fill("kari@example.no");
        await form.getByLabel(label.message, { exact: true }).fill("Ten characters at least.");
        await form.getByRole("button", { name: label.send }).click();
        const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
        await expect(toast).toBeVisible();
        await toast.hover(); // a hovered toast stays up while axe reads it
        // The page around it is the test above's; here axe reads the toasts' region only.
        const results = await new AxeBuilder({ page }).include("[data-sonner-toaster]").analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      });
    }
  }
});

// DESIGN.md section 5: the JavaScript sent to a visitor is at most 100 KB gzip. Counted here as a
// visitor who reads the whole page, cache cold: the first load and the contact form, which loads
// as its section comes near (what only a click loads, the video player or the toast after sending,
// is not counted). A byte count, not a timing: it is the same on any machine.
const visitorJavaScriptBudget = 100_000;

test.describe("budget", () => {
  for (const language of ["no", "en"] as const) {
    test(`a visitor's JavaScript stays within ${visitorJavaScriptBudget / 1000} KB gzip (${language})`, async ({ page, baseURL }) => {
      const encodings = new Map<string, string>();
      page.on("response", (response) => {
        const file = new URL(response.url()).pathname;
        if (file.endsWith(".js")) encodings.set(file, response.headers()["content-encoding"] ?? "none");
      });
      // A returning visitor's choice is in localStorage and in the cookie the app writes beside it
      // (lib/i18n/language.tsx), so the server renders the page in that language and the page loads
      // that language's texts only. (Without the cookie the server renders Norwegian first and the
      // page then switches, loading both catalogues: the rare case of a choice made before the
      // cookie existed.)
      await page.context().addCookies([{ name: "language", value: language, url: `${baseURL}/` }]);
      await gotoHome(page, language);
      await contactForm(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState("networkidle");
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => ({
            file: new URL(entry.name).pathname,
            gzipBytes: (entry as PerformanceResourceTiming).encodedBodySize,
            plainBytes: (entry as PerformanceResourceTiming).decodedBodySize,
          })),
      );
      // Script inside the page counts too (the home page's loader, internal/ssr/shell.go): what
      // it adds is taken as its own gzip size, a bit more than it adds to the page's.
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll("script:not([src])")]
          .filter((s) => ["", "module", "text/javascript"].includes(s.getAttribute("type") ?? ""))
          .map((s) => s.textContent ?? ""),
      );
      const inlineBytes = inline.map((code) => gzipSync(code, { level: 9 }).length);
      const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0) + inlineBytes.reduce((a, b) => a + b, 0);
      console.log(`visitor JavaScript (${language}): ${total} bytes gzip in ${scripts.length} files and ${inline.length} inline`);
      for (const s of scripts) console.log(`  ${s.file} ${s.gzipBytes} (${s.plainBytes} plain)`);
      inline.forEach((code, i) => console.log(`  inline script ${inlineBytes[i]} (${code.length} plain)`));
      // Every sizeable file came gzipped (bytes sent plain would not be the figure the budget means).
      for (const s of scripts.filter((s) => s.plainBytes > 1024)) {
        expect(encodings.get(s.file), s.file).toBe("gzip");
      }
      expect(scripts.some((s) => s.file.includes("contact-form"))).toBe(true);
      expect(total).toBeLessThanOrEqual(visitorJavaScriptBudget);
      // No admin code reaches a visitor (DESIGN.md section 2): none of the admin screens' texts.
      for (const s of scripts) {
        const code = await (await page.request.get(s.file)).text();
        for (const adminText of ["Reply by email", "Velg videofil", "Add Testimonial"]) {
          expect(code.includes(adminText), `${s.file} holds "${adminText}"`).toBe(false);
        }
      }
    });
  }
});

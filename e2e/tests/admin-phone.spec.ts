/**
 * The dashboard on a phone: every admin screen fits 390 px, the document no wider than
 * the viewport, with what makes screens wide in use: long names that do not break (underscores) (the Overview's recent
 * activity scrolled sideways on a long file name, 409 px on 390; here an inquiry's company of one
 * long word takes its place in the same line), a draft of a long file name on the deal's page.
 */
import { copyFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin, type RunningServer } from "../lib/server";

test.use({ ownServer: "admin-phone" });

const shots = path.resolve(__dirname, "../test-results/admin-phone-screens");
const longName =
  "fjellkaffe_vinterkampanje_lansering_endelig_versjon_med_lyd_og_undertekster_v1.mp4";
const longCompany = "Fjellkaffebrenneriet_Vinterkampanjen_Lanseringsteamet_Oslo";

async function loginAsAdmin(page: Page, server: RunningServer) {
  const account = {
    email: `phone-${Date.now()}@example.no`,
    name: "Kari",
    password: "hemmelig-passord",
  };
  await createAdmin(server, account);
  const res = await page.request.post("/api/login", {
    data: { username: account.email, password: account.password },
  });
  expect(res.status()).toBe(200);
}

/** How far the document is wider than the viewport, and the widest things sticking out. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wide: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 0.5 && r.width > 0) {
        const text = (el.textContent ?? "").trim().slice(0, 40);
        wide.push(
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(r.right)} "${text}"`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5) };
  });
}

test("every admin screen fits a 390 px phone", async ({ page, server }) => {
  test.setTimeout(180_000);
  await loginAsAdmin(page, server);

  // What the screens show: an inquiry and its deal, with a room and a draft of a long file name.
  const sent = await page.request.post("/api/contact", {
    data: {
      name: "Ola Nordmann",
      email: "ola@fjellkaffe.no",
      company: longCompany,
      service: "Pakketilbud 1",
      message: "Three launch videos for the winter coffee, please.",
      language: "en",
    },
  });
  expect(sent.status()).toBe(201);
  const inquiries = (await (await page.request.get("/api/admin/contact")).json()) as Array<{
    id: number;
  }>;
  const made = await page.request.post(`/api/admin/contact/${inquiries[0]?.id}/deal`);
  expect(made.status()).toBe(201);
  const deal = (await made.json()) as { id: number };
  const dir = await mkdtemp(path.join(tmpdir(), "ugcfolio-phone-"));
  const clip = path.join(dir, longName);
  await copyFile(path.resolve(__dirname, "../fixtures/clip.mp4"), clip);
  await page.goto(`/admin/deals/${deal.id}`);
  await page.getByTestId("room-link").getByRole("button", { name: "Make the room link" }).click();
  await expect(page.getByTestId("room-url")).toBeVisible();
  await page.getByTestId("draft-file-input").setInputFiles(clip);
  await expect(page.getByText("Draft v1 of video 1 uploaded")).toBeVisible({ timeout: 30_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  const screens = [
    "/admin",
    "/admin/analytics",
    "/admin/content",
    "/admin/portfolio",
    "/admin/testimonials",
    "/admin/client-logos",
    "/admin/inquiries",
    "/admin/deals",
    `/admin/deals/${deal.id}`,
    "/admin/invoices",
    "/admin/settings",
  ];
  const tooWide: string[] = [];
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.getByRole("main")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByText("Loading…")).toHaveCount(0);
    const o = await overflow(page);
    if (o.scrollWidth > o.width)
      tooWide.push(`${screen}: ${o.scrollWidth} px on ${o.width}\n  ${o.wide.join("\n  ")}`);
    if (screen === "/admin") {
      await expect(page.getByTestId("recent-activity")).toContainText(longCompany);
      await page.screenshot({ path: path.join(shots, "overview-phone.png"), fullPage: true });
    }
    if (screen.startsWith("/admin/deals/")) {
      await expect(page.getByText(longName).first()).toBeVisible();
      await page.screenshot({ path: path.join(shots, "deal-phone.png"), fullPage: true });
    }
  }
  expect(tooWide, tooWide.join("\n")).toEqual([]);
});

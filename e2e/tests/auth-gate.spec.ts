import type { Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

let counter = 0;
/** An address no other test in this worker's database has used. */
function freshEmail(name: string): string {
  counter += 1;
  return `${name}-${Date.now()}-${counter}@example.no`;
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

// The gate is on for this file's server (a worker of its own).
test.use({
  serverEnv: { UGCFOLIO_GATE_USERNAME: "forhandsvisning", UGCFOLIO_GATE_PASSWORD: "sommer-2025" },
});

test.describe("the coming-soon gate", () => {
  async function passGate(page: Page, username: string, password: string) {
    await page.getByLabel("Brukernavn").fill(username);
    await page.getByLabel("Passord").fill(password);
    await page.getByRole("button", { name: "Få tilgang" }).click();
  }

  test("locks / until the right credentials, for this browser session only", async ({
    page,
    browser,
    server,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL((url) => url.pathname === "/coming-soon");
    await expect(page.getByRole("heading", { name: "Kommer snart" })).toBeVisible();

    await passGate(page, "forhandsvisning", "feil");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Feil brukernavn eller passord");
    await expect(alert).toContainText("Vennligst prøv igjen");
    await expect(page).toHaveURL((url) => url.pathname === "/coming-soon");

    await passGate(page, "forhandsvisning", "sommer-2025");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Kommer snart" })).toHaveCount(0);

    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Kommer snart" })).toHaveCount(0);

    // A new browser session starts locked again.
    const fresh = await browser.newContext({ baseURL: server.baseURL });
    try {
      const other = await fresh.newPage();
      await other.goto("/");
      await expect(other).toHaveURL((url) => url.pathname === "/coming-soon");
    } finally {
      await fresh.close();
    }
  });

  test("/auth stays reachable, and an admin is not gated", async ({ page, server }) => {
    const email = freshEmail("owner");
    await createAdmin(server, { email, name: "Owner", password: "admin-passord" });
    await page.goto("/auth");
    await expect(page).toHaveURL((url) => url.pathname === "/auth");
    await logIn(page, email, "admin-passord");
    await expect(page).toHaveURL((url) => url.pathname === "/admin"); // her dashboard
    await page.goto("/");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { name: "Kommer snart" })).toHaveCount(0);
  });

  test("/auth and /coming-soon fit phone and desktop widths", async ({ page }, testInfo) => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const path of ["/auth", "/coming-soon"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: testInfo.outputPath(`${path.slice(1)}-${width}.png`),
          fullPage: true,
        });
      }
    }
  });
});

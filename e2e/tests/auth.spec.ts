import type { Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// These tests register accounts, and the worker's server may have an admin already (this file
// creates one): by default registration closes once a site has an admin, so open it here.
test.use({ serverEnv: { UGCFOLIO_REGISTRATION: "open" } });

let counter = 0;
/** An address no other test in this worker's database has used. */
function freshEmail(name: string): string {
  counter += 1;
  return `${name}-${Date.now()}-${counter}@example.no`;
}

async function expectToast(page: Page, title: string, text: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(text);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test.describe("accounts", () => {
  test("register, log out and log in again through the UI, with the spec's toasts", async ({
    page,
  }) => {
    const email = freshEmail("kari");
    await page.goto("/auth?register=true");
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    // A typo in the confirmation is caught before anything is sent.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Display name").fill("Kari Nordmann");
    await page.getByLabel("Password", { exact: true }).fill("hemmelig-1");
    await page.getByLabel("Confirm password").fill("hemmelig-2");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("Confirm password").fill("hemmelig-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expectToast(page, "Registration successful", "Your account has been created.");
    await expect(page).toHaveURL((url) => url.pathname === "/");

    // A logged-in user who opens /auth is sent home.
    await page.goto("/auth");
    await expect(page).toHaveURL((url) => url.pathname === "/");

    // The only logout a non-admin has is on the access-denied screen.
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await page.getByRole("button", { name: "Log out" }).click();
    await expectToast(page, "Logged out", "You have been successfully logged out.");
    await expect(page).toHaveURL((url) => url.pathname === "/auth");

    await logIn(page, email, "feil-passord");
    await expectToast(page, "Login failed", "Invalid username or password");
    await expect(page).toHaveURL((url) => url.pathname === "/auth");

    await logIn(page, email, "hemmelig-1");
    await expectToast(page, "Welcome back!", "You have successfully logged in.");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    const me = await page.request.get("/api/user");
    expect(await me.json()).toMatchObject({ username: email, displayName: "Kari Nordmann", isAdmin: false });
  });

  test("a visitor at /admin is sent to /auth", async ({ page }) => {
    await page.goto("/admin/portfolio");
    await expect(page).toHaveURL((url) => url.pathname === "/auth");
    await expect(page.getByRole("tab", { name: "Login" })).toBeVisible();
  });

  test("a non-admin at /admin sees 'Access Denied', and the admin API refuses them", async ({
    page,
  }) => {
    const email = freshEmail("ola");
    const registered = await page.request.post("/api/register", {
      data: { username: email, password: "hemmelig", displayName: "Ola" },
    });
    expect(registered.status()).toBe(201);

    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this area.")).toBeVisible();
    await page.getByRole("link", { name: "Go back home" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");

    const adminApi = await page.request.get("/api/admin/contact");
    expect(adminApi.status()).toBe(403);
  });

  // Signing in lands the creator on her dashboard, not the public home page.
  for (const width of [390, 1280]) {
    test(`an admin created with the CLI lands on the dashboard at ${width} px`, async ({ page, server }) => {
      await page.setViewportSize({ width, height: 900 });
      const email = freshEmail("admin");
      await createAdmin(server, { email, name: "Site Owner", password: "admin-passord" });

      await page.goto("/auth");
      await logIn(page, email, "admin-passord");
      await expectToast(page, "Welcome back!", "You have successfully logged in.");
      await expect(page).toHaveURL((url) => url.pathname === "/admin");
      await expect(page.getByRole("heading", { name: "Dashboard" }).first()).toBeVisible();
      await expect(page.getByText("Access Denied")).toHaveCount(0);

      // Opening /auth again, signed in, goes to the dashboard too.
      await page.goto("/auth");
      await expect(page).toHaveURL((url) => url.pathname === "/admin");
    });
  }
});

/**
 * The creator orders her portfolio and testimonials by hand, by dragging with the mouse
 * or with the keyboard; after a reload the admin and the public page show the new order.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// These tests add site content: a server of their own.
test.use({ ownServer: "ordering" });

const creator = { email: "ordering@example.no", name: "Kari", password: "hemmelig-rekkefolge" };

test.beforeAll(async ({ server }) => {
  await createAdmin(server, creator);
});

async function login(page: Page) {
  const res = await page.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(res.status()).toBe(200);
}

/** The titles of a list's items as they stand on the page, top to bottom. */
async function texts(items: Locator): Promise<string[]> {
  return (await items.allTextContents()).map((t) => t.trim());
}

const adminRows = (page: Page) => page.getByTestId("portfolio-row").locator("h3");
const homeCards = (page: Page) => page.locator("#work article h3");

/** Waits for the reorder the action sends and checks the server took it. */
async function reorder(page: Page, path: string, action: () => Promise<void>) {
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === path && r.request().method() === "PUT",
  );
  await action();
  expect((await saved).status()).toBe(204);
}

/**
 * Moves an item with the keyboard on its grip as a person does: Space picks it up, each key moves
 * it one place, Space drops it; each step waits for what a screen reader is told (dnd-kit's live
 * region), which also lets the sensor start listening before the next key.
 */
async function keyboardMove(page: Page, grip: Locator, steps: { key: string; says: string }[]) {
  const region = page.locator('[id^="DndLiveRegion"]');
  await grip.focus();
  for (const { key, says } of steps) {
    await page.keyboard.press(key);
    await expect(region).toHaveText(says);
  }
}

/** Drags `item`'s grip with the mouse onto `target`'s place, in small steps as a hand does. */
async function dragOnto(page: Page, grip: Locator, target: Locator) {
  const from = await grip.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("nothing to drag");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(
      from.x + from.width / 2,
      from.y + from.height / 2 + ((to.y + 10 - from.y - from.height / 2) * i) / steps,
    );
  }
  await page.mouse.up();
}

test("the portfolio: a drag with the mouse and a move with the keyboard; the home page follows", async ({
  page,
}) => {
  await login(page);
  for (const [title, featured] of [
    ["Ett", true],
    ["To", false],
    ["Tre", false],
    ["Fire", false],
  ] as const) {
    const res = await page.request.post("/api/admin/portfolio", {
      data: { title, imageUrl: "https://cdn.example.no/a.jpg", featured, language: "no" },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto("/admin/portfolio");
  // Until she orders it: featured first, then newest.
  await expect(adminRows(page)).toHaveText(["Ett", "Fire", "Tre", "To"]);

  // "To" dragged by its grip onto the second place.
  await reorder(page, "/api/admin/portfolio/order/no", () =>
    dragOnto(
      page,
      page.getByRole("button", { name: "Dra for å flytte To" }),
      page.getByTestId("portfolio-row").nth(1),
    ),
  );
  await expect(adminRows(page)).toHaveText(["Ett", "To", "Fire", "Tre"]);

  // "Ett" moved down two places with the keyboard on its grip.
  await reorder(page, "/api/admin/portfolio/order/no", () =>
    keyboardMove(page, page.getByRole("button", { name: "Dra for å flytte Ett" }), [
      { key: "Space", says: "Ett er over plass 1 av 4." },
      { key: "ArrowDown", says: "Ett er over plass 2 av 4." },
      { key: "ArrowDown", says: "Ett er over plass 3 av 4." },
      { key: "Space", says: "Ett ble sluppet på plass 3 av 4." },
    ]),
  );
  await expect(adminRows(page)).toHaveText(["To", "Fire", "Ett", "Tre"]);
  // The grip keeps the focus, for the next move.
  await expect(page.getByRole("button", { name: "Dra for å flytte Ett" })).toBeFocused();

  await page.reload();
  await expect(adminRows(page)).toHaveText(["To", "Fire", "Ett", "Tre"]);
  // The visitor's page, rendered by the server, shows the same order.
  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error("no browser");
  await visitor.goto(page.url().replace("/admin/portfolio", "/"));
  await expect(homeCards(visitor)).toHaveText(["To", "Fire", "Ett", "Tre"]);
  const served = await (await visitor.request.get("/api/portfolio/no")).json();
  expect(served.map((i: { title: string }) => i.title)).toEqual(["To", "Fire", "Ett", "Tre"]);
  await visitor.close();
});

test("the testimonials: a card moved with the keyboard and one with its arrow", async ({
  page,
  baseURL,
}) => {
  await login(page);
  for (const name of ["Ingrid", "Martin", "Sara"]) {
    const res = await page.request.post("/api/admin/testimonials", {
      data: { name, company: "Firma", testimonial: `Sitat fra ${name}`, language: "no" },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto("/admin/testimonials");
  const cards = page.getByTestId("testimonial-card").locator("h2");
  await expect(cards).toHaveText(["Ingrid", "Martin", "Sara"]);

  // Two columns: the arrow right moves "Ingrid" one place on.
  await reorder(page, "/api/admin/testimonials/order/no", () =>
    keyboardMove(page, page.getByRole("button", { name: "Drag to reorder Ingrid" }), [
      { key: "Space", says: "Ingrid is over position 1 of 3." },
      { key: "ArrowRight", says: "Ingrid is over position 2 of 3." },
      { key: "Space", says: "Ingrid was dropped at position 2 of 3." },
    ]),
  );
  await expect(cards).toHaveText(["Martin", "Ingrid", "Sara"]);
  await reorder(page, "/api/admin/testimonials/order/no", () =>
    page.getByRole("button", { name: "Move Sara up" }).click(),
  );
  await expect(cards).toHaveText(["Martin", "Sara", "Ingrid"]);

  await page.reload();
  await expect(cards).toHaveText(["Martin", "Sara", "Ingrid"]);
  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error("no browser");
  await visitor.goto(`${baseURL}/`);
  await expect(
    visitor.locator("#testimonials").getByTestId("testimonial").locator("p.font-bold"),
  ).toHaveText(["Martin", "Sara", "Ingrid"]);
  await visitor.close();
  expect(await texts(cards)).toEqual(["Martin", "Sara", "Ingrid"]);
});

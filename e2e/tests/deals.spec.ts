import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expectAccessibleAtBothWidths } from "../lib/axe";
import { expect as expectWithin5s, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// An inquiry sent with the contact form becomes a deal in one click; the deal is
// moved across the board with the mouse, with the keyboard and with its stage select; its history
// shows each move with who made it; the Overview shows the pipeline's value and what is due this
// week. Its own server: the figures start at zero.
test.use({ ownServer: "deals", actionTimeout: 20_000, navigationTimeout: 30_000 });
// A busy machine (CI, or several test runs on two cores) takes seconds for a page to be ready: the
// steps wait longer than the default 5 s, which says nothing of how fast the board is.
const expect = expectWithin5s.configure({ timeout: 15_000 });

const admin = { email: "deals-admin@example.no", name: "Kari Nordmann", password: "hemmelig-deals" };
const shotsDir = path.resolve(__dirname, "../test-results/deals");

async function signIn(page: Page, email = admin.email) {
  const res = await page.request.post("/api/login", {
    data: { username: email, password: admin.password },
  });
  expect(res.status()).toBe(200);
}

/**
 * The file's tests share a server, and each may run again on it (`--repeat-each`): the board and
 * the inbox are emptied first, so the figures start at zero.
 */
async function emptyBoardAndInbox(page: Page) {
  for (const d of (await (await page.request.get("/api/admin/deals")).json()) as DealJSON[]) {
    expect((await page.request.delete(`/api/admin/deals/${d.id}`)).status()).toBe(204);
  }
  for (const i of (await (await page.request.get("/api/admin/contact")).json()) as Array<{ id: number }>) {
    expect((await page.request.delete(`/api/admin/contact/${i.id}`)).status()).toBe(204);
  }
}

const column = (page: Page, stage: string) => page.getByTestId(`deal-column-${stage}`);
const card = (page: Page, brand: string) =>
  page.getByTestId("deal-card").filter({ has: page.getByRole("link", { name: brand }) });

/** Drags with the mouse, in small steps as a hand does, from a card's body to a column. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error("nothing to drag, or nowhere to drop it");
  // The card's body, below its title link and above its select.
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 8);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + 120, { steps: 12 });
  await page.mouse.up();
}

interface DealJSON {
  id: number;
  stage: string;
  brand: string;
  events: Array<{ kind: string; fromStage?: string; toStage?: string; actor: { name: string } }>;
}

test("an inquiry becomes a deal in one click, moves across the board, and the Overview counts it", async ({
  page,
  browser,
  server,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // One admin per run, all named Kari Nordmann (the history names her).
  const email = `deals-admin-${test.info().repeatEachIndex}@example.no`;
  await createAdmin(server, { ...admin, email });
  await signIn(page, email);
  await emptyBoardAndInbox(page);

  // A brand writes through the English contact form.
  const visitor = await browser.newContext({ baseURL });
  const site = await visitor.newPage();
  await site.goto("/en");
  await expect(site.locator("html[data-app-ready]")).toHaveCount(1);
  await site.locator("#contact").scrollIntoViewIfNeeded();
  const form = site.locator("#contact form");
  await expect(form).toBeVisible({ timeout: 15_000 });
  await form.getByLabel("Name").fill("Ola Nordmann");
  await form.getByLabel("Email").fill("ola@nordlys.no");
  await form.getByLabel("Company (optional)").fill("Nordlys AS");
  await form.getByLabel("Service (optional)").selectOption({ label: "Package 1" });
  await form.getByLabel("Message").fill("Three videos for our spring launch, please.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(site.getByText("Message sent successfully")).toBeVisible();
  await visitor.close();

  // One click in the inbox.
  await page.goto("/admin/inquiries");
  const inquiry = page.getByTestId("inquiry-card").filter({ hasText: "Ola Nordmann" });
  await inquiry.getByRole("button", { name: "Make a deal from the inquiry of Ola Nordmann" }).click();
  await expect(page.getByText("Deal made", { exact: true })).toBeVisible();
  const dealLink = inquiry.getByRole("link", { name: "Deal: New" });
  await expect(dealLink).toBeVisible();
  const href = await dealLink.getAttribute("href");
  const id = Number(href?.split("/").pop());
  expect(id).toBeGreaterThan(0);
  // A second click (the API's own) answers the same deal.
  const inbox = (await (await page.request.get("/api/admin/contact")).json()) as Array<{
    id: number;
    deal: { id: number } | null;
  }>;
  expect(inbox.map((i) => i.deal?.id)).toEqual([id]);
  const again = await page.request.post("/api/admin/deals", { data: { inquiryId: inbox[0]?.id } });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as DealJSON).id).toBe(id);

  // The deal is prefilled from the inquiry, with the package's videos and price, named in the
  // brand's language; its due date (today: due this week) is set.
  await dealLink.click();
  await expect(page.getByRole("heading", { level: 1, name: "Nordlys AS" })).toBeVisible();
  await expect(page.getByLabel("Contact e-mail")).toHaveValue("ola@nordlys.no");
  await expect(page.getByLabel("Package")).toHaveValue("Package 1");
  await expect(page.getByLabel("Price")).toHaveValue("6300");
  await expect(page.getByLabel("Videos")).toHaveValue("3");
  await expect(page.getByLabel("Brief")).toHaveValue("Three videos for our spring launch, please.");
  await expect(page.getByRole("combobox", { name: "Brand's language" })).toHaveText("English");
  const today = await page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
  await page.getByLabel("Due date").fill(today);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Deal saved")).toBeVisible();
  await expect(page.getByTestId("deal-history")).toContainText("Kari Nordmann changed the due date from none to");

  // The board: New → Negotiating with the mouse.
  await page.getByRole("link", { name: "All deals", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deals" })).toBeVisible();
  await expect(column(page, "new").getByTestId("deal-card")).toHaveCount(1);
  await drag(page, card(page, "Nordlys AS"), column(page, "negotiating"));
  await expect(card(page, "Nordlys AS")).toHaveCount(1);
  await expect(column(page, "negotiating").getByRole("link", { name: "Nordlys AS" })).toBeVisible();
  await expect(page.getByText("Nordlys AS moved to Negotiating", { exact: true })).toBeVisible();
  // What a screen reader heard.
  await expect(page.getByRole("status").filter({ hasText: "Nordlys AS moved to Negotiating." })).toHaveCount(1);

  // Negotiating → Booked with the keyboard: the card's handle, space, →, space.
  const handle = page.getByRole("button", { name: "Move Nordlys AS" });
  await handle.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await expect(column(page, "booked")).toHaveClass(/border-amber-400/);
  await page.keyboard.press("Space");
  await expect(column(page, "booked").getByRole("link", { name: "Nordlys AS" })).toBeVisible();
  await expect(column(page, "booked").getByTestId("column-value")).toHaveText("NOK 6,300");

  // The card moved at once; the server's answer follows.
  const stored = async () => (await (await page.request.get(`/api/admin/deals/${id}`)).json()) as DealJSON;
  await expect.poll(async () => (await stored()).stage).toBe("booked");
  const deal = await stored();
  expect(
    deal.events.filter((e) => e.fromStage).map((e) => `${e.fromStage}→${e.toStage} by ${e.actor.name}`),
  ).toEqual(["new→negotiating by Kari Nordmann", "negotiating→booked by Kari Nordmann"]);

  // The board as the creator sees it, on a desktop and on a phone, from its first column (the
  // keyboard's move scrolled it), with no page wider than the screen.
  const nav = page.getByRole("navigation", { name: "Admin" });
  for (const size of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.getByTestId("deal-board").evaluate((board) => board.scrollTo({ left: 0 }));
    if (size.width < 1024) await expect(nav).not.toBeInViewport(); // the sidebar has slid away
    await expect(card(page, "Nordlys AS")).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
    if (size.width >= 1280) {
      // All seven stages on the screen, the board not scrolling sideways.
      const board = page.getByTestId("deal-board");
      expect(await board.evaluate((b) => b.scrollWidth - b.clientWidth)).toBe(0);
      for (const stage of ["new", "negotiating", "booked", "in_production", "delivered", "paid", "lost"]) {
        await expect(column(page, stage)).toBeInViewport({ ratio: 1 });
      }
    }
    await page.screenshot({ path: path.join(shotsDir, `board-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The deal's history shows both moves.
  await card(page, "Nordlys AS").getByRole("link", { name: "Nordlys AS" }).click();
  const history = page.getByTestId("deal-history");
  await expect(history).toContainText("Kari Nordmann moved it from Negotiating to Booked");
  await expect(history).toContainText("Kari Nordmann moved it from New to Negotiating");
  await expect(history).toContainText(`Kari Nordmann made the deal (from inquiry ${inbox[0]?.id}) in New`);
  await expect(page.getByTestId("deal-stage")).toHaveText("Booked");

  // The Overview: the value per stage, what is due this week, the deal's moves in the activity.
  await page.goto("/admin");
  const pipeline = page.getByTestId("pipeline");
  await expect(pipeline.getByTestId("pipeline-open")).toHaveText("NOK 6,300");
  await expect(pipeline.getByTestId("pipeline-stage-booked")).toContainText("Booked (1)NOK 6,300");
  await expect(pipeline.getByTestId("pipeline-stage-new")).toContainText("New (0)—");
  await expect(pipeline.getByTestId("due-this-week")).toContainText("Nordlys AS");
  await expect(page.getByTestId("recent-activity")).toContainText(
    "Nordlys AS: moved from Negotiating to Booked",
  );
  await page.screenshot({ path: path.join(shotsDir, "overview-1280.png"), fullPage: true });
});

test("the stage select moves a deal, and the board and a deal's page pass axe at both widths", async ({
  page,
  server,
}) => {
  test.setTimeout(90_000); // axe on two screens at two widths
  const email = `deals-admin2-${test.info().repeatEachIndex}@example.no`;
  await createAdmin(server, { ...admin, email });
  await signIn(page, email);
  const made = await page.request.post("/api/admin/deals", {
    data: { brand: "Havbris", price: 2500, stage: "booked" },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as DealJSON;

  await page.goto("/admin/deals");
  await page.getByRole("combobox", { name: "Stage of Havbris" }).click();
  await page.getByRole("option", { name: "In production", exact: true }).click();
  await expect(column(page, "in_production").getByRole("link", { name: "Havbris" })).toBeVisible();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/admin/deals/${id}`)).json()) as DealJSON).stage)
    .toBe("in_production");

  await expectAccessibleAtBothWidths(page, "deals board", async () => {
    await page.goto("/admin/deals");
    await expect(card(page, "Havbris")).toBeVisible();
  });
  await expectAccessibleAtBothWidths(page, "a deal's page", async () => {
    await page.goto(`/admin/deals/${id}`);
    await expect(page.getByTestId("deal-history")).toBeVisible();
  });
});

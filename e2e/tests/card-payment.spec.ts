/**
 * An invoice paid by card through Stripe Checkout, in the browser (docs/billing.md "Paid by card").
 * The server runs with Stripe's keys and its API address pointed at a small fake Stripe this test
 * serves itself (UGCFOLIO_STRIPE_API_URL): it answers the creation of a Checkout Session as Stripe
 * does and plays the Checkout page. The brand, in a browser with no account, opens the delivery
 * room, presses "Betal med kort", lands on the fake Checkout and pays; the fake then posts the
 * signed checkout.session.completed to the server's webhook (twice, as Stripe may: recorded once)
 * and sends the brand back to the room, which shows the invoice paid. The creator's invoice page
 * shows the payment, by card, and the deal moved to paid.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoViolations, widths } from "../lib/axe";
import { createAdmin, type RunningServer, startServer } from "../lib/server";

const webhookSecret = "whsec_e2e_card_payment";
const creator = { email: "kari@example.no", name: "Kari", password: "hemmelig-passord" };

interface MadeSession {
  id: string;
  form: URLSearchParams;
  webhooks: Array<{ status: number; body: string }>;
}

let server: RunningServer;
let fake: Server;
let fakeURL = "";
const sessions = new Map<string, MadeSession>();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

/** Stripe's Stripe-Signature of a payload: t=<unix>,v1=HMAC-SHA256(secret, "<t>.<payload>"). */
function sign(payload: string, secret: string): string {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** The fake Stripe: POST /v1/checkout/sessions, and the Checkout page at /pay/<id>. */
async function startFakeStripe(): Promise<void> {
  fake = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", fakeURL);
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (req.headers.authorization !== "Bearer sk_test_e2e") {
        res.writeHead(401, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            error: { type: "invalid_request_error", message: "Invalid API Key provided" },
          }),
        );
        return;
      }
      const form = new URLSearchParams(await readBody(req));
      const id = `cs_test_e2e_${sessions.size + 1}`;
      sessions.set(id, { id, form, webhooks: [] });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          id,
          object: "checkout.session",
          url: `${fakeURL}/pay/${id}`,
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: form.get("line_items[0][price_data][currency]"),
          metadata: {
            invoice_id: form.get("metadata[invoice_id]"),
            invoice_number: form.get("metadata[invoice_number]"),
          },
          payment_status: "unpaid",
          status: "open",
        }),
      );
      return;
    }
    const id = url.pathname.replace(/^\/pay\//, "");
    const session = sessions.get(id);
    if (!url.pathname.startsWith("/pay/") || !session) {
      res.writeHead(404);
      res.end("not found");
      return;
    }
    const amount = Number(session.form.get("line_items[0][price_data][unit_amount]"));
    const currency = session.form.get("line_items[0][price_data][currency]") ?? "";
    if (req.method === "GET") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><title>Fake Checkout</title><main><h1>Fake Checkout</h1>
<p data-testid="line">${session.form.get("line_items[0][price_data][product_data][name]")}: ${amount} ${currency}</p>
<form method="post"><button type="submit">Pay</button></form></main></html>`);
      return;
    }
    // Paid: Stripe posts the event to the webhook (here twice, as Stripe may resend), then
    // sends the brand back to the success URL.
    const event = JSON.stringify({
      id: `evt_${id}`,
      object: "event",
      type: "checkout.session.completed",
      api_version: "2025-07-30.basil",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id,
          object: "checkout.session",
          amount_total: amount,
          currency,
          payment_status: "paid",
          status: "complete",
          metadata: {
            invoice_id: session.form.get("metadata[invoice_id]"),
            invoice_number: session.form.get("metadata[invoice_number]"),
          },
        },
      },
    });
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${server.baseURL}/api/stripe/webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": sign(event, webhookSecret),
        },
        body: event,
      });
      session.webhooks.push({ status: answer.status, body: await answer.text() });
    }
    res.writeHead(303, { Location: session.form.get("success_url") ?? "/" });
    res.end();
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeURL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
}

test.beforeAll(async () => {
  await startFakeStripe();
  server = await startServer({
    env: {
      UGCFOLIO_STRIPE_SECRET_KEY: "sk_test_e2e",
      UGCFOLIO_STRIPE_WEBHOOK_SECRET: webhookSecret,
      UGCFOLIO_STRIPE_API_URL: fakeURL,
    },
  });
  await createAdmin(server, creator);
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (fake ? fake.close(() => resolve()) : resolve()));
});

async function signedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const login = await page.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);
  return page;
}

test("an invoice paid by card through Checkout: the room shows it paid, the creator sees the card payment", async ({
  browser,
}) => {
  test.setTimeout(120_000); // a loaded 2-core machine runs the server, the fake and two browsers
  const admin = await signedIn(browser);
  const api = admin.request;
  const profile = await api.put("/api/admin/billing", {
    data: {
      legalName: "Kari Nordmann UGC",
      orgNumber: "988077917",
      vatRegistered: true,
      address: { street: "Fjellveien 3", postalCode: "5003", city: "Bergen", country: "NO" },
      email: creator.email,
      accountNumber: "86011117947",
      paymentTermsDays: 14,
      firstInvoiceNumber: 1001,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const deal = await api.post("/api/admin/deals", {
    data: {
      brand: "Fjellkaffe AS",
      contactEmail: "ola@fjellkaffe.no",
      package: "Instagram-pakke",
      price: 6300,
      currency: "NOK",
      deliverableCount: 3,
      deliverableSeconds: 30,
      dueDate: "2026-03-12",
      stage: "booked",
    },
  });
  expect(deal.status(), await deal.text()).toBe(201);
  const dealId = ((await deal.json()) as { id: number }).id;
  const draft = (await (
    await api.post(`/api/admin/deals/${dealId}/invoices`, { data: {} })
  ).json()) as { id: number };
  const patched = await api.patch(`/api/admin/invoices/${draft.id}`, {
    data: { buyer: { orgNumber: "974760673" } },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const issued = await api.post(`/api/admin/invoices/${draft.id}/issue`, { data: {} });
  expect(issued.status(), await issued.text()).toBe(200);
  const room = (
    (await (await api.post(`/api/admin/deals/${dealId}/room`, { data: {} })).json()) as {
      url: string;
    }
  ).url;

  // The brand, in a browser of its own with no account.
  const brand = await (await browser.newContext()).newPage();
  await brand.goto(room);
  const row = brand.getByTestId("room-invoice").filter({ hasText: "Faktura 1001" });
  await expect(row).toContainText("Til betaling");
  for (const size of widths) {
    await brand.setViewportSize(size);
    await expectNoViolations(brand, `the room with its card button at ${size.width} px`);
    await brand.screenshot({
      path: path.resolve(__dirname, `../test-results/card-payment-screens/room-${size.width}.png`),
      fullPage: true,
    });
  }
  await row.getByRole("link", { name: "Betal med kort" }).click();

  await expect(brand.getByRole("heading", { name: "Fake Checkout" })).toBeVisible();
  await expect(brand.getByTestId("line")).toHaveText("Faktura 1001: 787500 nok");
  expect(sessions.size).toBe(1);
  const made = sessions.get("cs_test_e2e_1");
  if (!made) throw new Error("the server made no Checkout Session");
  expect(made.form.get("mode")).toBe("payment");
  expect(made.form.get("metadata[invoice_id]")).toBe(String(draft.id));
  expect(made.form.get("metadata[invoice_number]")).toBe("1001");
  expect(
    [...made.form.entries()]
      .filter(([k]) => k.startsWith("payment_method_types"))
      .map(([, v]) => v),
  ).toEqual(["card", "klarna", "mobilepay"]);

  await brand.getByRole("button", { name: "Pay" }).click();
  await expect(brand).toHaveURL(/\/room\/[^?]+\?paid=card#invoices$/);
  expect(made.webhooks.map((w) => w.status)).toEqual([200, 200]);
  expect(made.webhooks.map((w) => JSON.parse(w.body).result)).toEqual([
    "recorded",
    "already recorded",
  ]);
  await expect(row).toContainText("Betalt");
  await expect(row.getByRole("link", { name: "Betal med kort" })).toHaveCount(0);

  // The creator's invoice page: paid, one payment, by card; the deal is paid.
  await admin.goto(`/admin/invoices/${draft.id}`);
  await expect(admin.getByTestId("invoice-payments")).toContainText(/· Card/, { timeout: 30_000 });
  const invoice = (await (await api.get(`/api/admin/invoices/${draft.id}`)).json()) as {
    state: string;
    payments: Array<{ amount: number; method: string }>;
  };
  expect(invoice.state).toBe("paid");
  expect(invoice.payments).toEqual([expect.objectContaining({ amount: 787500, method: "card" })]);
  const stage = ((await (await api.get(`/api/admin/deals/${dealId}`)).json()) as { stage: string })
    .stage;
  expect(stage).toBe("paid");
});

/**
 * Billing in the browser, from a deal's quote to paid, as the creator and the brand use it. The
 * creator fills in Settings → Billing (VAT-registered, a MOD10 KID agreement) and sends a quote
 * with usage rights from the deal's page; the brand, in a fresh browser with no account, accepts it
 * in the delivery room (the deal is booked) and approves the draft there. The creator makes the
 * invoice on the deal's page (it starts from the accepted quote), issues it behind the
 * confirmation, downloads its PDF (read with pdftotext) and EHF, and sends it to the brand (the
 * mail carries the same PDF). The test build's clock (UGCFOLIO_TEST_CLOCK) then walks to 3 days
 * before the due date, the due date, 7 and 14 days after it: one reminder each, the formal one with
 * late interest. A second deal's invoice, paid on its due date, gets no reminder after it; a third
 * is corrected by a credit note. The payment of the first moves its deal to paid, and the brand
 * sees it paid in the room. E-mail goes to a real SMTP server (.tools/smtptest).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoViolations, widths } from "../lib/axe";
import { createAdmin, type RunningServer, startServer, testclockBinaryPath } from "../lib/server";

interface SmtpInfo {
  smtpUrl: string;
  caFile: string;
  api: string;
}
interface Received {
  to: string[];
  subject: string;
  text: string;
  attachments: Array<{ name: string; contentType: string; data: string }>;
}
interface Invoice {
  id: number;
  number: number | null;
  state: string;
  dueDate: string;
  kid: string;
  outstanding: number;
}

let smtp: ChildProcess | undefined;
let info: SmtpInfo;
let server: RunningServer;
let dir = "";
let clockFile = "";
let clip = "";
const shots = path.resolve(__dirname, "../test-results/billing-screens");
const creator = { email: "kari@example.no", name: "Kari", password: "hemmelig-passord" };

// The creator's business and the brand's, with numbers whose MOD11 check digits are right.
const seller = { name: "Kari Nordmann UGC", orgNumber: "988077917", account: "86011117947" };
const brandOrg = "974760673";
// Issued on a Monday of the first half of 2026 (the late-interest table's last known half-year).
const issueDay = "2026-03-02";
const dueDay = "2026-03-16"; // 14 days' terms

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "ugcfolio-billing-e2e-"));
  clockFile = path.join(dir, "clock");
  await setClock(issueDay);
  clip = path.join(dir, "fjellkaffe-v1.mp4");
  execFileSync("ffmpeg", [
    ...["-nostdin", "-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "color=c=orange:size=360x640:rate=15", "-f", "lavfi", "-i", "sine"],
    ...["-t", "1", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
    clip,
  ]);

  const child = spawn(path.resolve(__dirname, "../../.tools/smtptest"), [], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  smtp = child;
  info = await new Promise<SmtpInfo>((resolve, reject) => {
    let out = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`smtptest exited ${code}: run make tools`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve(JSON.parse(line) as SmtpInfo);
    });
  });
  server = await startServer({
    binary: testclockBinaryPath,
    env: {
      UGCFOLIO_SMTP_URL: info.smtpUrl,
      UGCFOLIO_MAIL_FROM: "ugcfolio <noreply@ugcfolio.no>",
      UGCFOLIO_NOTIFY_TO: creator.email,
      SSL_CERT_FILE: info.caFile,
      UGCFOLIO_TEST_CLOCK: clockFile,
      // The draft is served as uploaded: this test is about the money, not the transcoding.
      UGCFOLIO_VIDEO_PROCESSING: "off",
    },
  });
  await createAdmin(server, creator);
});

test.afterAll(async () => {
  await server?.stop();
  smtp?.kill();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Moves the site's clock (rooms and billing) to 09:00 UTC of a day. */
async function setClock(day: string) {
  await writeFile(clockFile, `${day}T09:00:00Z`);
}

/** The day `days` after (or before) the due date. */
function fromDue(days: number): string {
  const d = new Date(`${dueDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function received(): Promise<Received[]> {
  return (await (await fetch(`${info.api}/messages`)).json()) as Received[];
}

/** Waits for the one message whose subject matches and answers it. */
async function mailWith(subject: RegExp): Promise<Received> {
  await expect
    .poll(async () => (await received()).filter((m) => subject.test(m.subject)).length, {
      timeout: 15_000,
      message: `a message "${subject}"`,
    })
    .toBeGreaterThan(0);
  const found = (await received()).filter((m) => subject.test(m.subject));
  expect(found, `one message "${subject}"`).toHaveLength(1);
  return found[0] as Received;
}

/** The subjects of the reminders received so far, in order. */
async function reminderSubjects(): Promise<string[]> {
  return (await received())
    .map((m) => m.subject)
    .filter((s) => /^(Påminnelse|Purring|Faktura \d+ (forfaller i dag|er forfalt))/.test(s));
}

/** The MOD10 (Luhn) check digit of a KID's digits. */
function luhnDigit(digits: string): string {
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    let n = Number(c) * (i % 2 === 0 ? 2 : 1);
    if (n > 9) n -= 9;
    sum += n;
  });
  return String((10 - (sum % 10)) % 10);
}

/** A PDF's text as pdftotext reads it, its columns kept. */
function pdfText(file: string): string {
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
}

async function signedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const login = await page.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);
  return page;
}

/** Chooses an option of one of the admin's selects (a listbox, not a native select). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/**
 * Screenshots of the screen at both widths, then the desktop again. The page is loaded afresh
 * first, so no toast is fading in or out over it while axe reads the colours (a toast at rest is
 * public.spec.ts's to check).
 */
async function screenshots(page: Page, name: string, ready: () => Promise<void>) {
  await page.reload();
  for (const size of widths) {
    await page.setViewportSize(size);
    await ready();
    const label = size.width === 390 ? "phone" : "desktop";
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(widths[0]);
}

/** A deal's invoice made, filled in and issued through the API (what the browser did for the first). */
async function issuedByApi(admin: Page, dealId: number, buyerEmail: string): Promise<Invoice> {
  const made = await admin.request.post(`/api/admin/deals/${dealId}/invoices`, {
    data: { kind: "invoice" },
  });
  expect(made.status()).toBe(201);
  const draft = (await made.json()) as Invoice & { buyer: Record<string, unknown> };
  const patched = await admin.request.patch(`/api/admin/invoices/${draft.id}`, {
    data: {
      buyer: {
        ...draft.buyer,
        email: buyerEmail,
        address: { street: "Storgata 1", postalCode: "0155", city: "Oslo", country: "NO" },
      },
      deliveryDate: issueDay,
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const issued = await admin.request.post(`/api/admin/invoices/${draft.id}/issue`, { data: {} });
  expect(issued.status(), await issued.text()).toBe(200);
  return (await issued.json()) as Invoice;
}

test("a deal from its quote to paid: profile, quote, invoice, PDF and EHF, sending, reminders, payment, a credit note", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser);
  await admin.setViewportSize(widths[0]);

  await test.step("Settings → Billing: VAT-registered, KID by MOD10", async () => {
    await admin.goto("/admin/settings");
    const form = admin.getByRole("form", { name: "Billing profile" });
    await form.getByRole("textbox", { name: "Legal name", exact: true }).fill(seller.name);
    await form.getByRole("textbox", { name: "Organisation number", exact: true }).fill(seller.orgNumber);
    await expect(form.locator("#billing-orgNumber-check")).toHaveText("✓ Check digit is right");
    await form.getByRole("checkbox", { name: /^VAT-registered/ }).check();
    await form.getByRole("textbox", { name: "Street address", exact: true }).fill("Fjellveien 3");
    await form.getByRole("textbox", { name: "Postal code", exact: true }).fill("5003");
    await form.getByRole("textbox", { name: "City", exact: true }).fill("Bergen");
    await form.getByRole("textbox", { name: "Country (ISO code, e.g. NO)", exact: true }).fill("NO");
    await form.getByRole("textbox", { name: "Invoice e-mail", exact: true }).fill(creator.email);
    await form.getByRole("textbox", { name: "Account number", exact: true }).fill(seller.account);
    await expect(form.locator("#billing-accountNumber-check")).toHaveText("✓ Check digit is right");
    await choose(admin, "KID agreement", "KID, MOD10 (Luhn)");
    await choose(admin, "KID length (check digit included)", "7 digits");
    await form.getByRole("textbox", { name: "Payment terms (days)", exact: true }).fill("14");
    await choose(admin, "Invoice language", "Norwegian");
    await form.getByRole("textbox", { name: "First invoice number", exact: true }).fill("1001");
    await form.getByRole("button", { name: "Save billing profile" }).click();
    await expect(admin.getByText("Billing profile saved")).toBeVisible();
    const saved = await (await admin.request.get("/api/admin/billing")).json();
    expect(saved).toMatchObject({
      legalName: seller.name,
      orgNumber: seller.orgNumber,
      vatRegistered: true,
      accountNumber: seller.account,
      kidAgreement: { length: 7, algorithm: "mod10" },
      paymentTermsDays: 14,
      firstInvoiceNumber: 1001,
    });
    await screenshots(admin, "settings-billing", async () => {
      await expect(form.getByRole("textbox", { name: "Legal name", exact: true })).toHaveValue(seller.name);
      await expectNoViolations(admin, `Settings → Billing at ${admin.viewportSize()?.width} px`);
    });
  });

  // The deal, being negotiated (the deals API's own test covers making one).
  const made = await admin.request.post("/api/admin/deals", {
    data: {
      brand: "Fjellkaffe AS",
      contactName: "Ola Nordmann",
      contactEmail: "ola@fjellkaffe.no",
      language: "no",
      package: "Pakketilbud 1",
      price: 6300,
      deliverableCount: 3,
      deliverableSeconds: 30,
      dueDate: "2026-02-27",
      stage: "negotiating",
    },
  });
  expect(made.status()).toBe(201);
  const deal = (await made.json()) as { id: number };
  // The brand, in a browser of its own with no account: only the room's link opens anything.
  const brandContext = await browser.newContext();
  const brand = await brandContext.newPage();
  let room = "";

  await test.step("the quote, with usage rights, sent into the room and accepted by the brand", async () => {
    await admin.goto(`/admin/deals/${deal.id}`);
    const roomCard = admin.getByTestId("room-link");
    await roomCard.getByRole("button", { name: "Make the room link" }).click();
    room = await roomCard.getByTestId("room-url").inputValue();
    const quotes = admin.getByRole("region", { name: "Quotes" });
    await quotes.getByRole("button", { name: "New quote" }).click();
    const quote = quotes.getByTestId("quote");
    await expect(quote.getByTestId("quote-line")).toHaveCount(1);
    await quote.getByRole("button", { name: "Add usage rights" }).click();
    const rights = quote.getByTestId("quote-line").nth(1);
    await rights.getByLabel("Unit price (kr, excl. VAT)").fill("1500");
    await rights.getByLabel("Months").fill("3");
    await rights.getByLabel("Territory").fill("Norge");
    await quote.getByRole("button", { name: "Save and send" }).click();
    await expect(quote.getByTestId("quote-state")).toHaveText("Sent – waiting for the brand");
    const offer = await mailWith(/^Tilbud .* – Fjellkaffe AS: til godkjenning$/);
    expect(offer.to).toEqual(["ola@fjellkaffe.no"]);

    await brand.goto(room);
    const card = brand.getByTestId("quote");
    await expect(card).toContainText("Pakketilbud 1");
    await card.getByRole("textbox", { name: "Navn", exact: true }).fill("Ola Nordmann");
    await card.getByRole("textbox", { name: "Stilling", exact: true }).fill("Markedssjef");
    await card.getByRole("textbox", { name: "Selskap", exact: true }).fill("Fjellkaffe AS");
    await card.getByRole("checkbox", { name: "Jeg godtar dette tilbudet på vegne av selskapet" }).check();
    await card.getByRole("button", { name: "Godta tilbudet" }).click();
    await expect(brand.getByTestId("quote").getByRole("status")).toHaveText(/Tilbudet er godtatt/);

    await admin.reload();
    await expect(admin.getByTestId("deal-stage")).toHaveText("Booked");
    await expect(quote.getByTestId("quote-acceptance")).toContainText(
      "Ola Nordmann, Markedssjef, Fjellkaffe AS",
    );
  });

  await test.step("the draft, approved by the brand in the room", async () => {
    await admin.getByTestId("draft-file-input").setInputFiles(clip);
    await expect(admin.getByText("Draft v1 of video 1 uploaded")).toBeVisible({ timeout: 20_000 });
    await brand.goto(room);
    // Approving asks once that it is final.
    await brand.locator("#video-1 summary", { hasText: "Godkjenn" }).click();
    await brand.locator("#video-1").getByRole("button", { name: "Godkjenn som endelig" }).click();
    await expect(brand.locator("#video-1").getByRole("status")).toHaveText(/Utkastet er godkjent/);
  });

  let invoiceUrl = "";
  let kid = "";
  let pdfFile = "";
  await test.step("the invoice made on the deal's page and issued behind the confirmation", async () => {
    await admin.goto(`/admin/deals/${deal.id}`);
    await admin.getByRole("button", { name: "Make invoice" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "Invoice (draft)" })).toBeVisible();
    invoiceUrl = new URL(admin.url()).pathname;
    const draft = admin.getByRole("form", { name: "Draft" });
    await expect(draft.getByRole("textbox", { name: "Buyer name", exact: true })).toHaveValue("Fjellkaffe AS");
    await expect(draft.getByRole("textbox", { name: "Buyer e-mail", exact: true })).toHaveValue("ola@fjellkaffe.no");
    await expect(draft.getByRole("textbox", { name: "Line 1: description", exact: true })).toHaveValue(
      "UGC-video (Pakketilbud 1), 9:16, 30 sek",
    );
    // The accepted quote's lines, the usage rights as their own.
    await expect(draft.getByTestId("draft-line")).toHaveCount(2);
    await draft.getByRole("textbox", { name: "Buyer organisation number", exact: true }).fill(brandOrg);
    await draft.getByRole("textbox", { name: "Buyer's reference", exact: true }).fill("Ola Nordmann");
    await draft.getByRole("textbox", { name: "Street address", exact: true }).fill("Storgata 1");
    await draft.getByRole("textbox", { name: "Postal code", exact: true }).fill("0155");
    await draft.getByRole("textbox", { name: "City", exact: true }).fill("Oslo");
    await draft.getByLabel("Delivery date", { exact: true }).fill(issueDay);
    await draft.getByRole("button", { name: "Issue…" }).click();
    const confirm = admin.getByRole("dialog", { name: "Issue this invoice?" });
    await expect(confirm).toContainText("An issued invoice cannot be changed");
    await confirm.getByRole("button", { name: "Issue" }).click();
    await expect(admin.getByText("Invoice 1001 issued")).toBeVisible();
    await expect(admin.getByRole("heading", { level: 1, name: "Invoice 1001" })).toBeVisible();
    await expect(admin.getByTestId("invoice-number")).toHaveText("1001");
    await expect(admin.getByTestId("invoice-due")).toHaveText(dueDay);
    kid = `001001${luhnDigit("001001")}`;
    await expect(admin.getByTestId("invoice-kid")).toHaveText(kid);

    const [pdf] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "PDF" }).click(),
    ]);
    pdfFile = path.join(dir, "invoice.pdf");
    await pdf.saveAs(pdfFile);
    const text = pdfText(pdfFile);
    // The seller with "MVA", where and how to pay, when, and the VAT of the rate on the summed lines.
    expect(text).toMatch(/Org\.nr\. 988 077 917 MVA/);
    expect(text).toMatch(/Kontonummer\s+8601\.11\.17947/);
    expect(text).toMatch(new RegExp(`KID\\s+${kid}`));
    expect(text).toMatch(/Forfallsdato\s+16\.03\.2026/);
    expect(text).toMatch(/Mva 25 % av 7 800,00\s+1 950,00/);
    expect(text).toMatch(/Totalt\s+9 750,00/);
    expect(text).toMatch(/Bruksrett: betalt bruk \(annonser\), 3 måneder, Norge\s+1\s+1 500,00\s+25 %/);

    const [ehf] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "EHF (XML)" }).click(),
    ]);
    const xml = await readFile(await ehf.path(), "utf8");
    expect(xml).toContain("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>");
    expect(xml).toContain(`<cbc:PaymentID>${kid}</cbc:PaymentID>`);
    expect(xml).toContain(`<cbc:DueDate>${dueDay}</cbc:DueDate>`);
    expect(xml).toMatch(/<cbc:TaxAmount currencyID="NOK">1950\.00<\/cbc:TaxAmount>/);
  });

  await test.step("sent to the brand: the mail carries the same PDF, and the EHF", async () => {
    const send = admin.getByRole("form", { name: "Send by e-mail" });
    await expect(send.getByRole("textbox", { name: "To", exact: true })).toHaveValue("ola@fjellkaffe.no");
    await send.getByRole("button", { name: "Send by e-mail" }).click();
    await expect(send.getByTestId("invoice-sent")).toContainText("Sent to ola@fjellkaffe.no");
    const mail = await mailWith(/^Faktura 1001 fra Kari Nordmann UGC$/);
    expect(mail.to).toEqual(["ola@fjellkaffe.no"]);
    expect(mail.text).toContain(`KID: ${kid}`);
    const names = mail.attachments.map((a) => a.name);
    expect(names).toHaveLength(2);
    const attached = mail.attachments.find((a) => a.contentType === "application/pdf");
    expect(attached).toBeDefined();
    const bytes = Buffer.from(attached?.data ?? "", "base64");
    expect(bytes.equals(await readFile(pdfFile)), "the attached PDF is the downloaded one").toBe(true);
    expect(mail.attachments.some((a) => /xml/.test(a.contentType))).toBe(true);
  });

  // Two more of the brand's invoices, issued the same day (the API's tests cover issuing): one
  // paid on its due date, one corrected by a credit note at once.
  const other = (await (
    await admin.request.post("/api/admin/deals", {
      data: { brand: "Nordlys AS", contactEmail: "per@nordlys.no", language: "no", price: 2500, deliverableCount: 1, stage: "delivered" },
    })
  ).json()) as { id: number };
  const paidOnDue = await issuedByApi(admin, other.id, "per@nordlys.no");
  const mistaken = await issuedByApi(admin, other.id, "per@nordlys.no");
  expect([paidOnDue.number, mistaken.number]).toEqual([1002, 1003]);

  await test.step("a credit note on an issued invoice: its number, the invoice credited", async () => {
    await admin.goto(`/admin/invoices/${mistaken.id}`);
    const credit = admin.getByRole("form", { name: "Credit note" });
    await credit.getByRole("textbox", { name: "Reason", exact: true }).fill("Fakturert to ganger ved en feil");
    await credit.getByRole("button", { name: "Issue credit note" }).click();
    await expect(admin.getByText("Credit note 1004 issued")).toBeVisible();
    await expect(admin.getByRole("heading", { level: 1, name: "Credit note 1004" })).toBeVisible();
    await admin.getByRole("link", { name: "the invoice it credits" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "Invoice 1003" })).toBeVisible();
    await expect(admin.getByTestId("invoice-state")).toHaveText("Credited");
  });

  await test.step("reminders on the site's clock: 3 days before, on the due date", async () => {
    await setClock(fromDue(-3));
    await mailWith(/^Påminnelse: faktura 1001 forfaller 16\.03\.2026$/);
    await mailWith(/^Påminnelse: faktura 1002 forfaller 16\.03\.2026$/);
    await setClock(fromDue(0));
    await mailWith(/^Faktura 1001 forfaller i dag$/);
    await mailWith(/^Faktura 1002 forfaller i dag$/);
  });

  await test.step("invoice 1002 paid on its due date", async () => {
    await admin.goto(`/admin/invoices/${paidOnDue.id}`);
    const pay = admin.getByRole("form", { name: "Record payment" });
    await pay.getByLabel("Paid on", { exact: true }).fill(fromDue(0));
    await pay.getByRole("button", { name: "Record payment" }).click();
    await expect(admin.getByTestId("invoice-state")).toHaveText("Paid");
  });

  await test.step("7 days after: overdue, on the Overview", async () => {
    await setClock(fromDue(7));
    await mailWith(/^Faktura 1001 er forfalt$/);
    await admin.goto("/admin");
    const card = admin.getByTestId("billing-overview");
    await expect(card).toContainText("1001");
    await expect(card).not.toContainText("1002");
    await screenshots(admin, "overview", async () => {
      await expect(card).toContainText("Invoice 1001 · Fjellkaffe AS");
      const width = admin.viewportSize()?.width === 390 ? "phone" : "desktop";
      await card.screenshot({ path: path.join(shots, `overview-card-${width}.png`) });
    });
  });

  await test.step("14 days after: the formal reminder with late interest", async () => {
    await setClock(fromDue(14));
    const formal = await mailWith(/^Purring: faktura 1001$/);
    expect(formal.to).toEqual(["ola@fjellkaffe.no"]);
    // 12 % a year (from 1 January 2026) on 9 750,00 kr for 14 days: 44,88 kr.
    expect(formal.text).toContain("Forsinkelsesrente til 30.03.2026: 44,88 NOK");
    // Norwegian amounts group thousands with a no-break space.
    expect(formal.text.replace(/\u00a0/g, " ")).toContain("Å betale: 9 794,88 NOK");
    expect(formal.text).toContain(`KID: ${kid}`);
    // Invoice 1002, paid on its due date, got nothing after it: a sweep runs every second here,
    // so two seconds more let any reminder of it queued beside 1001's arrive.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Each step was awaited in turn above; within a step the two mails may come in either order.
    expect((await reminderSubjects()).sort()).toEqual([
      "Påminnelse: faktura 1001 forfaller 16.03.2026",
      "Påminnelse: faktura 1002 forfaller 16.03.2026",
      "Faktura 1001 forfaller i dag",
      "Faktura 1002 forfaller i dag",
      "Faktura 1001 er forfalt",
      "Purring: faktura 1001",
    ].sort());
  });

  await test.step("the payment recorded: invoice paid, deal paid", async () => {
    await admin.goto(invoiceUrl);
    await expect(admin.getByTestId("invoice-state")).toHaveText("Overdue");
    const pay = admin.getByRole("form", { name: "Record payment" });
    await pay.getByLabel("Paid on", { exact: true }).fill(fromDue(14));
    await pay.getByRole("button", { name: "Record payment" }).click();
    await expect(admin.getByTestId("invoice-state")).toHaveText("Paid");
    await expect(admin.getByTestId("invoice-outstanding")).toHaveText(/0[.,]00/);
    await screenshots(admin, "invoice", async () => {
      await expect(admin.getByTestId("invoice-payments")).toBeVisible();
      await expectNoViolations(admin, `the invoice page at ${admin.viewportSize()?.width} px`);
    });
    await admin.goto(`/admin/deals/${deal.id}`);
    await expect(admin.getByTestId("deal-stage")).toHaveText("Paid");
    // The brand sees it paid in the room, and downloads the same PDF there.
    await brand.goto(room);
    const row = brand.getByTestId("room-invoice").filter({ hasText: "Faktura 1001" });
    await expect(row).toContainText("Betalt");
    const [fromRoom] = await Promise.all([
      brand.waitForEvent("download"),
      row.getByRole("link", { name: "Last ned PDF" }).click(),
    ]);
    expect((await readFile(await fromRoom.path())).equals(await readFile(pdfFile))).toBe(true);
    await admin.goto("/admin/deals");
    await expect(admin.getByTestId("deal-column-paid")).toContainText("Fjellkaffe AS");
    await expect(admin.getByTestId("deal-column-paid")).toContainText("Nordlys AS");
  });

  await test.step("the Invoices screen", async () => {
    await admin.goto("/admin/invoices");
    await expect(admin.getByTestId("invoice-row")).toHaveCount(4);
    await screenshots(admin, "invoices", async () => {
      await expect(admin.getByTestId("invoice-row").first()).toBeVisible();
      await expectNoViolations(admin, `the Invoices screen at ${admin.viewportSize()?.width} px`);
    });
  });
  await brandContext.close();

});

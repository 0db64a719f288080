/**
 * An inquiry sent from the public form is mailed to the creator through a
 * real SMTP server (.tools/smtptest, built by `make tools`), the admin inquiries screen shows it as
 * sent, and 'Reply by e-mail' opens the mail program with the sender's address and a Re: subject.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createAdmin, type RunningServer, startServer } from "../lib/server";

interface SmtpInfo {
  smtpUrl: string;
  caFile: string;
  api: string;
}
interface Received {
  to: string[];
  subject: string;
  replyTo: string;
  text: string;
}

let smtp: ChildProcess | undefined;
let info: SmtpInfo;
let server: RunningServer;
const shotsDir = path.resolve(__dirname, "../test-results/mail-screens");

test.beforeAll(async () => {
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
    env: {
      UGCFOLIO_SMTP_URL: info.smtpUrl,
      UGCFOLIO_MAIL_FROM: "ugcfolio <noreply@ugcfolio.no>",
      SSL_CERT_FILE: info.caFile, // trust the test server's STARTTLS certificate
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  smtp?.kill();
});

async function received(): Promise<Received[]> {
  return (await (await fetch(`${info.api}/messages`)).json()) as Received[];
}

test("an inquiry from the public form is mailed, shows as sent, and Reply by e-mail answers the sender", async ({
  page,
}) => {
  const admin = { email: "creator@example.no", name: "Kari", password: "hemmelig-passord" };
  await createAdmin(server, admin); // no UGCFOLIO_NOTIFY_TO: the admins get it

  await page.goto(`${server.baseURL}/`);
  await page.locator("#contact").scrollIntoViewIfNeeded();
  const form = page.locator("#contact form");
  await expect(form).toBeVisible();
  await form.getByLabel("Navn").fill("Ola Nordmann");
  await form.getByLabel("E-post").fill("ola@brand.no");
  await form.getByLabel("Bedrift (valgfritt)").fill("Fjellkaffe");
  await form.getByLabel("Tjeneste (valgfritt)").selectOption({ label: "Skreddersydd løsning" });
  await form.getByLabel("Melding").fill("Vi vil gjerne ha tre videoer til lanseringen.");
  await form.getByRole("button", { name: "Send melding" }).click();
  await expect(form.getByLabel("Navn")).toHaveValue("");

  await expect.poll(async () => (await received()).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await received();
  expect(mail?.to).toEqual([admin.email]);
  expect(mail?.subject).toBe("Ny henvendelse fra Ola Nordmann (Fjellkaffe) – Skreddersydd");
  expect(mail?.replyTo).toBe('"Ola Nordmann" <ola@brand.no>');
  expect(mail?.text).toContain(`${server.baseURL}/admin/inquiries?inquiry=`);

  const login = await page.request.post(`${server.baseURL}/api/login`, {
    data: { username: admin.email, password: admin.password },
  });
  expect(login.status()).toBe(200);
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${server.baseURL}/admin/inquiries`);
    const card = page.getByTestId("inquiry-card").filter({ hasText: "Ola Nordmann" });
    // The job is marked done just after the message arrives; the screen polls every 3 s meanwhile.
    await expect(card.getByTestId("delivery")).toContainText("E-mail sent", { timeout: 15_000 });
    await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();
    await page.screenshot({ path: path.join(shotsDir, `inquiries-${name}.png`), fullPage: true });
  }

  const card = page.getByTestId("inquiry-card").filter({ hasText: "Ola Nordmann" });
  await card.getByRole("button", { name: "View & Mark Read" }).click();
  const reply = page.getByRole("link", { name: "Reply by e-mail" });
  await expect(reply).toHaveAttribute(
    "href",
    "mailto:ola@brand.no?subject=Re%3A%20Din%20henvendelse%20om%20Skreddersydd",
  );
  await page.screenshot({ path: path.join(shotsDir, "inquiry-dialog-phone.png") });
});

// The first opening of a pitch link is mailed to the creator, once.
test("a pitch link's first opening is mailed to the creator, once", async ({ page, browser }) => {
  const creator = { email: "pitcher@example.no", name: "Pia", password: "hemmelig-pitch-passord" };
  await createAdmin(server, creator);
  const login = await page.request.post(`${server.baseURL}/api/login`, {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);

  // The creator makes the link in the Analytics tab; the e-mail is on unless she clears the box.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.baseURL}/admin/analytics`);
  await page.getByLabel("Brand or contact").fill("Fjellkaffe AS");
  await page.getByLabel("Note (optional)").fill("Sent after the trade fair");
  await expect(
    page.getByRole("checkbox", { name: "E-mail me the first time it is opened" }),
  ).toBeChecked();
  await page.getByRole("button", { name: "Create link" }).click();
  const card = page.getByTestId("pitch-link").filter({ hasText: "Fjellkaffe AS" });
  await expect(card.getByText("Not opened yet")).toBeVisible();
  await expect(
    card.getByRole("checkbox", { name: "E-mail me the first time it is opened" }),
  ).toBeChecked();
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shotsDir, `pitch-links-${name}.png`) });
  }
  const url = (await card.getByTestId("pitch-link-url").textContent()) ?? "";
  const ref = new URL(url).search;
  expect(ref).toMatch(/^\?ref=/);

  // The brand opens it, and again later (a browser that says Chrome: HeadlessChrome is a bot).
  const chrome =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
  for (const _opening of [1, 2]) {
    const visitor = await browser.newContext({ userAgent: chrome });
    const visit = await visitor.newPage();
    await visit.goto(`${server.baseURL}/${ref}`);
    await expect(visit.locator("html[data-app-ready]")).toBeAttached();
    await visitor.close();
    const pitchMails = async () =>
      (await received()).filter((m) => m.subject.includes("Fjellkaffe AS"));
    await expect.poll(async () => (await pitchMails()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await pitchMails();
    expect(mail?.to).toContain(creator.email);
    expect(mail?.subject).toBe(
      "Pitch-lenken din til Fjellkaffe AS ble åpnet / Your pitch link for Fjellkaffe AS was opened",
    );
    expect(mail?.text).toContain("Sent after the trade fair");
    expect(mail?.text).toContain(`${server.baseURL}/admin/analytics`);
  }
  // The link shows as opened, and its switch is gone: its first opening has passed.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(card.getByText("Opened", { exact: true })).toBeVisible();
  await expect(card.getByRole("checkbox")).toHaveCount(0);
});

/**
 * A deal made from an inquiry gets a delivery room. The creator uploads a
 * draft on the deal's page; the brand, in a fresh browser with no account, opens the room link,
 * plays the draft and asks for changes; the creator uploads version 2; the brand approves it and
 * downloads the final; the licence summary shows its dates; a revoked link answers 404; and with the
 * rooms' clock moved to the licence's last day (the test build's UGCFOLIO_TEST_CLOCK) the creator is
 * reminded. E-mail goes to a real SMTP server (.tools/smtptest).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "../lib/axe";
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
}

let smtp: ChildProcess | undefined;
let info: SmtpInfo;
let server: RunningServer;
let dir = "";
let clockFile = "";
let v1 = "";
let v2 = "";
const shots = path.resolve(__dirname, "../test-results/deals-room-screens");
const creator = { email: "kari@example.no", name: "Kari", password: "hemmelig-passord" };

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "ugcfolio-room-e2e-"));
  clockFile = path.join(dir, "clock");
  // Two short vertical clips (the deal's 9:16), told apart by their colour.
  for (const [file, colour] of [
    ["fjellkaffe-v1.mp4", "orange"],
    ["fjellkaffe-v2.mp4", "teal"],
  ] as const) {
    execFileSync("ffmpeg", [
      ...["-nostdin", "-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "lavfi", "-i", `color=c=${colour}:size=360x640:rate=15`, "-f", "lavfi", "-i", "sine"],
      ...["-t", "1", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
      path.join(dir, file),
    ]);
  }
  v1 = path.join(dir, "fjellkaffe-v1.mp4");
  v2 = path.join(dir, "fjellkaffe-v2.mp4");

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
      UGCFOLIO_TEST_CLOCK: clockFile, // missing until the test writes it: the real time
    },
  });
  await createAdmin(server, creator);
});

test.afterAll(async () => {
  await server?.stop();
  smtp?.kill();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function received(): Promise<Received[]> {
  return (await (await fetch(`${info.api}/messages`)).json()) as Received[];
}

/** Waits for a message whose subject matches and answers it. */
async function mailWith(subject: RegExp): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      async () => {
        found = (await received()).find((m) => subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 20_000, message: `a message "${subject}"` },
    )
    .toBe(true);
  return found as Received;
}

/** Reloads the brand's room until video 1's newest version plays version n. */
async function waitForDraft(brand: Page, room: string, version: number) {
  const label = brand.locator("#video-1 [data-testid=draft-label]").first();
  await expect(async () => {
    await brand.goto(room);
    await expect(label).toHaveText(`Draft v${version}`, { timeout: 1_000 });
    await expect(brand.locator("#video-1 video").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 120_000, intervals: [1_000] });
}

/** Plays the first video of the page and answers once it has moved. */
async function play(brand: Page) {
  const video = brand.locator("#video-1 video").first();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
}

async function signedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  const login = await page.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);
  return page;
}

test("a deal's room: drafts, changes, approval, the final, the licence, a revoked link, a reminder", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await signedIn(browser);

  // An inquiry from the English page becomes a deal (the deals API's one click).
  const sent = await admin.request.post("/api/contact", {
    data: {
      name: "Ola Nordmann",
      email: "ola@fjellkaffe.no",
      company: "Fjellkaffe",
      service: "Pakketilbud 1",
      message: "One launch video for the winter coffee, please.",
      language: "en",
    },
  });
  expect(sent.status()).toBe(201);
  const inquiries = (await (await admin.request.get("/api/admin/contact")).json()) as Array<{
    id: number;
    email: string;
  }>;
  const inquiry = inquiries.find((i) => i.email === "ola@fjellkaffe.no");
  const made = await admin.request.post(`/api/admin/contact/${inquiry?.id}/deal`);
  expect(made.status()).toBe(201);
  const deal = (await made.json()) as { id: number; brand: string; language: string };
  expect(deal).toMatchObject({ brand: "Fjellkaffe", language: "en" });

  // Her billing profile names her to the brand.
  const billed = await admin.request.put("/api/admin/billing", {
    data: {
      legalName: "Kari Nordmann Film",
      orgNumber: "988 077 917",
      address: { street: "Storgata 1", postalCode: "0155", city: "Oslo", country: "no" },
      email: "kari@example.no",
      accountNumber: "8601.11.17947",
      paymentTermsDays: 14,
      invoiceLanguage: "no",
      firstInvoiceNumber: 1001,
    },
  });
  expect(billed.status()).toBe(200);
  const named = "Creator: Kari Nordmann Film · Contact: kari@example.no";

  // The creator makes the room link on the deal's page and uploads version 1.
  await admin.goto(`/admin/deals/${deal.id}`);
  const roomCard = admin.getByTestId("room-link");
  await roomCard.getByRole("button", { name: "Make the room link" }).click();
  const room = await roomCard.getByTestId("room-url").inputValue();
  expect(room).toMatch(/\/room\/[A-Za-z0-9_-]{32}$/);
  await expect(roomCard.getByTestId("room-state")).toHaveText("Link works");
  // The link stays: after a reload it is there to copy again, and a new link is asked first
  // (cancelled here: the brand's link goes on working, as the rest of the journey shows).
  await admin.reload();
  await expect(roomCard.getByTestId("room-url")).toHaveValue(room);
  await roomCard.getByRole("button", { name: "Copy link" }).click();
  await expect(admin.getByText("Link copied")).toBeVisible();
  expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(room);
  await roomCard.getByRole("button", { name: "Make a new link" }).click();
  const ask = admin.getByRole("dialog", { name: "Make a new link?" });
  await expect(ask).toContainText("The brand's current link stops working at once");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
  await expect(roomCard.getByTestId("room-url")).toHaveValue(room);
  await admin.getByLabel("Note to the brand (optional)").fill("First cut: is the pace right?");
  await admin.getByTestId("draft-file-input").setInputFiles(v1);
  await expect(admin.getByText("Draft v1 of video 1 uploaded")).toBeVisible({ timeout: 30_000 });
  const toBrand = await mailWith(/^New draft for your approval: video 1, version 1/);
  expect(toBrand.to).toEqual(["ola@fjellkaffe.no"]);
  expect(toBrand.text).toMatch(/\/room\/[A-Za-z0-9_-]{32}/);

  // The brand, with no account, opens the room, plays the draft and asks for changes.
  const brandContext = await browser.newContext();
  const brand = await brandContext.newPage();
  // Nothing the room asks for is missing (the icon was a 404 on every load); the room's own 404s
  // come when its link is revoked, at the end.
  const missing: string[] = [];
  brand.on("response", (r) => {
    if (r.status() === 404 && !new URL(r.url()).pathname.startsWith("/room/")) missing.push(r.url());
  });
  await waitForDraft(brand, room, 1);
  await expect(brand.getByTestId("creator")).toHaveText(named);
  await expect(brand.getByRole("link", { name: "kari@example.no" })).toHaveAttribute(
    "href",
    "mailto:kari@example.no",
  );
  await expect(brand.getByRole("heading", { level: 1, name: "Fjellkaffe" })).toBeVisible();
  await expect(brand.locator("html")).toHaveAttribute("lang", "en");
  await expect(brand.getByText("First cut: is the pace right?")).toBeVisible();
  await play(brand);
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await brand.setViewportSize(viewport);
    // The 9:16 draft plays in a 9:16 frame, with no black bars beside it.
    const frame = await brand.locator("#video-1 figure.player").first().boundingBox();
    expect(frame && Math.abs(frame.width / frame.height - 9 / 16)).toBeLessThan(0.02);
    await brand.screenshot({ path: path.join(shots, `room-${name}.png`), fullPage: true });
    await expectNoViolations(brand, `the room at ${viewport.width} px`);
  }
  await brand.setViewportSize({ width: 1280, height: 900 });
  const video1 = brand.locator("#video-1");
  await video1.getByLabel("Comment").fill("Show the cup in the first second, please.");
  await video1.getByRole("button", { name: "Ask for changes" }).click();
  await expect(video1.getByRole("status")).toHaveText(/Your comment is sent/);
  await expect(video1.getByTestId("draft-state")).toHaveText(/Changes asked for/);
  const changes = await mailWith(/^Fjellkaffe ber om endringer på video 1 v1$/);
  expect(changes.to).toEqual([creator.email]);
  expect(changes.text).toContain("Show the cup in the first second, please.");

  // The creator sees the answer: the Overview names it and leads to the deal, and once she has
  // opened the deal it waits for her no more.
  await admin.goto("/admin");
  const answered = admin
    .getByTestId("needs-you")
    .getByRole("link", { name: "1 deal where the brand has answered" });
  await expect(answered).toHaveAttribute("href", `/admin/deals/${deal.id}`);
  await answered.click();
  await expect(admin.getByTestId("draft-comment")).toHaveText("Show the cup in the first second, please.");
  await admin.goBack();
  await expect(admin.getByTestId("needs-you")).toBeVisible();
  await expect(admin.getByTestId("needs-you").getByText(/brand has answered/)).toHaveCount(0);
  await admin.goForward();
  // She uploads version 2; the brand approves it and downloads it.
  await admin.getByLabel("Note to the brand (optional)").fill("The cup comes first now.");
  await admin.getByTestId("draft-file-input").setInputFiles(v2);
  await expect(admin.getByText("Draft v2 of video 1 uploaded")).toBeVisible({ timeout: 30_000 });
  await mailWith(/^New draft for your approval: video 1, version 2/);
  await waitForDraft(brand, room, 2);
  await play(brand);
  // Approving asks once that it is final.
  await brand.locator("#video-1 summary", { hasText: "Approve" }).click();
  await expect(brand.locator("#video-1").getByText("Approval is final")).toBeVisible();
  await brand.locator("#video-1").getByRole("button", { name: "Approve as final" }).click();
  await expect(brand.locator("#video-1").getByRole("status")).toHaveText(/The draft is approved/);
  await expect(brand.locator("#video-1 [data-testid=draft-label]").first()).toHaveText("Final v2");
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await brand.setViewportSize(viewport);
    await brand.screenshot({ path: path.join(shots, `room-approved-${name}.png`), fullPage: true });
  }
  await brand.setViewportSize({ width: 1280, height: 900 });
  const [download] = await Promise.all([
    brand.waitForEvent("download"),
    brand.getByRole("link", { name: "Download video 1 (final file, full quality)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("fjellkaffe-v2.mp4");
  const saved = await download.path();
  expect((await stat(saved)).size).toBe((await stat(v2)).size);
  expect(await readFile(saved)).toEqual(await readFile(v2));
  await mailWith(/^Fjellkaffe godkjente video 1 v2$/);

  // The licence, set on the deal's page, in the room's printable summary.
  await admin.reload();
  const licences = admin.getByTestId("licences-panel");
  // The inquiry named Pakketilbud 1, so the deal has its three videos: video 1's licence.
  await licences.getByRole("button", { name: "Set licence" }).first().click();
  await licences.getByLabel("Use", { exact: true }).selectOption("paid");
  await licences.getByLabel("Channels").fill("TikTok, Instagram");
  await licences.getByLabel("Territory").fill("Norway");
  await licences.getByLabel("First day").fill("2030-01-01");
  await licences.getByLabel("Last day").fill("2030-06-30");
  await licences.getByRole("button", { name: "Save licence" }).click();
  await expect(licences.getByTestId("licence")).toContainText("Jan 1, 2030 – Jun 30, 2030");
  await brand.goto(room);
  await brand.getByRole("link", { name: "Open a printable summary of the usage rights" }).click();
  await expect(brand.getByTestId("licence-period")).toHaveText("1 January 2030 – 30 June 2030");
  await expect(brand.getByText("Paid use (ads)")).toBeVisible();
  await expect(brand.getByText("version 2 · fjellkaffe-v2.mp4")).toBeVisible();
  await expect(brand.getByTestId("creator")).toHaveText(named);
  expect(missing).toEqual([]);
  await brand.screenshot({ path: path.join(shots, "licences-desktop.png"), fullPage: true });
  await expectNoViolations(brand, "the licence summary");
  await expectNoViolations(admin, "the deal's delivery section");

  // Revoked: the link, and the mail's, answer 404 and show nothing of the room.
  await admin.getByRole("button", { name: "Revoke link" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(admin.getByTestId("room-state")).toHaveText("Link revoked");
  for (const link of [room, `${server.baseURL}${/\/room\/[A-Za-z0-9_-]{32}/.exec(toBrand.text)?.[0]}`]) {
    const gone = await brand.goto(link);
    expect(gone?.status()).toBe(404);
    await expect(brand.getByText("This link does not work")).toBeVisible();
    await expect(brand.getByText("Fjellkaffe")).toHaveCount(0);
  }

  // The licence's last day comes: the creator is reminded (the sweep runs every second here).
  await writeFile(clockFile, "2030-06-30T08:00:00Z");
  const reminder = await mailWith(/^Lisensen for Fjellkaffe, video 1 går ut i dag \(30\.06\.2030\)$/);
  expect(reminder.to).toEqual([creator.email]);
  expect(reminder.text).toContain(`/admin/deals/${deal.id}`);
  await brandContext.close();
});

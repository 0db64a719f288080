// How long an admin screen takes to show its data, and how long signing in takes:
//   node scripts/admin-timing.mjs ../bin/ugcfolio [runs] [baseline-binary]
// Each binary is started with the demo content and a fresh admin. For Overview, Deals and Analytics
// it measures, `runs` times, the time from the navigation's start to the moment the screen's data is
// on the page (a MutationObserver notes when its marker appears):
//   - "load": the address opened in a new tab (script, session and data from nothing);
//   - "click": a click on the screen's link in the sidebar, from the Content screen, the pointer
//     resting on the link for 100 ms before (as a hand does), measured from the click.
// Then the sign-in call (POST /api/login) from this process, `runs` times. Prints the medians, each
// binary's runs alternating so that a busy machine weighs on both alike. Uses Debian's Chromium.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const [binary = "../bin/ugcfolio", runsArg = "5", baseline] = process.argv.slice(2);
const runs = Number(runsArg);
const admin = { email: "timing@example.no", name: "Timing", password: "tidtaking-passord-1" };

// The screens, the address that opens each, and the element that shows its data has arrived.
const screens = [
  { name: "Overview", path: "/admin", link: "Dashboard", marker: '[data-testid="pipeline"]' },
  { name: "Deals", path: "/admin/deals", link: "Deals", marker: '[data-testid="deals-open"]' },
  {
    name: "Analytics",
    path: "/admin/analytics",
    link: null, // a tab of the dashboard, not in the sidebar
    marker: '[data-testid="analytics-funnel"]',
  },
];

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function start(bin) {
  const data = mkdtempSync(path.join(tmpdir(), "admin-timing-"));
  const created = spawnSync(bin, ["admin", "create", "--email", admin.email, "--name", admin.name, "--data", data], {
    input: `${admin.password}\n`,
    env: { PATH: process.env.PATH },
  });
  if (created.status !== 0) throw new Error(`admin create: ${created.stderr}`);
  const port = await freePort();
  const child = spawn(bin, ["serve", "--addr", `127.0.0.1:${port}`, "--data", data, "--demo"], {
    env: { PATH: process.env.PATH },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop() {
      child.kill();
      rmSync(data, { recursive: true, force: true });
    },
  };
}

// Notes, on the page, when each marker first appears (performance.now(): since the navigation).
function watchMarkers(selectors) {
  window.__seen = {};
  const look = () => {
    for (const s of selectors) if (!window.__seen[s] && document.querySelector(s)) window.__seen[s] = performance.now();
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
}

async function signedInContext(browser, base) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const res = await context.request.post("/api/login", {
    data: { username: admin.email, password: admin.password },
  });
  if (!res.ok()) throw new Error(`login: ${res.status()}`);
  await context.addInitScript(watchMarkers, screens.map((s) => s.marker));
  return context;
}

async function timeLoad(context, screen) {
  const page = await context.newPage();
  await page.goto(screen.path);
  await page.waitForFunction((m) => window.__seen[m], screen.marker);
  const ms = await page.evaluate((m) => window.__seen[m], screen.marker);
  await page.close();
  return ms;
}

async function timeClick(context, screen) {
  const page = await context.newPage();
  await page.goto("/admin/content");
  await page.locator("main h1").waitFor();
  const link = page.getByRole("navigation").getByRole("link", { name: screen.link, exact: true });
  await link.hover();
  await page.waitForTimeout(100);
  const clicked = await link.evaluate((a) => {
    const at = performance.now();
    a.click();
    return at;
  });
  await page.waitForFunction((m) => window.__seen[m], screen.marker);
  const ms = (await page.evaluate((m) => window.__seen[m], screen.marker)) - clicked;
  await page.close();
  return ms;
}

async function timeSignIn(base) {
  const at = performance.now();
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: admin.email, password: admin.password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return performance.now() - at;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const builds = [{ label: "this build", bin: binary }];
if (baseline) builds.unshift({ label: "baseline", bin: baseline });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
for (const build of builds) {
  build.server = await start(build.bin);
  build.context = await signedInContext(browser, build.server.base);
  build.times = {};
}
const record = (build, key, ms) => {
  build.times[key] ??= [];
  build.times[key].push(ms);
};
for (let run = 0; run < runs; run++) {
  for (const build of builds) {
    for (const screen of screens) {
      record(build, `${screen.name} load`, await timeLoad(build.context, screen));
      if (screen.link) record(build, `${screen.name} click`, await timeClick(build.context, screen));
    }
    record(build, "sign-in", await timeSignIn(build.server.base));
  }
}
console.log(`load average: ${(await import("node:os")).loadavg().map((l) => l.toFixed(2)).join(" ")}`);
for (const build of builds) {
  console.log(`${build.label} (${build.bin}), median of ${runs}, ms:`);
  for (const [key, values] of Object.entries(build.times)) {
    console.log(
      `  ${key.padEnd(16)} ${Math.round(median(values)).toString().padStart(6)}   (${values.map(Math.round).join(", ")})`,
    );
  }
  await build.context.close();
  build.server.stop();
}
await browser.close();

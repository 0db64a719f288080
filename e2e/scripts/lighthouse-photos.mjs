#!/usr/bin/env node
// Lighthouse (mobile) on the home page with 10 uploaded photo items: starts the real
// binary with demo content, creates an admin, uploads 10 photos made by ffmpeg (JPEG, in turn
// 1080x1920 — an upright phone photo, what a UGC creator shoots — 1920x1080 and 1600x1200, the
// landscape ones that the 9:16 card crops; or all LIGHTHOUSE_PHOTO=WxH)
// through the chunked upload API, saves a portfolio item for each, waits until every photo is
// processed, and runs Lighthouse. Prints the image audits (uses-responsive-images,
// modern-image-formats, unsized-images) and the /media/ files the page loaded, and exits 1 when an
// image audit fails.
//   make lighthouse-photos       (builds first)
//   node e2e/scripts/lighthouse-photos.mjs [path/to/ugcfolio]
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const e2e = path.dirname(here);
const bin = path.resolve(process.argv[2] ?? path.join(e2e, "../bin/ugcfolio"));
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const data = mkdtempSync(path.join(tmpdir(), "lh-photos-"));
const port = await new Promise((resolve) => {
  const s = createServer();
  s.listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(bin, ["serve", "--addr", `127.0.0.1:${port}`, "--data", data, "--demo"], {
  stdio: "ignore",
});
const cleanup = () => {
  server.kill();
  rmSync(data, { recursive: true, force: true });
};
process.on("exit", cleanup);

for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}

const email = "lighthouse@example.no";
const password = "hemmelig-lighthouse";
execFileSync(bin, ["admin", "create", "--email", email, "--name", "Lighthouse"], {
  input: `${password}\n`,
  env: { ...process.env, UGCFOLIO_DATA: data },
});
const login = await fetch(`${base}/api/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: base },
  body: JSON.stringify({ username: email, password }),
});
const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const api = async (method, url, body) => {
  const headers = { Cookie: cookie, Origin: base };
  let payload = body;
  if (body && !(body instanceof FormData)) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body: payload });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
};

const sizes = process.env.LIGHTHOUSE_PHOTO ? [process.env.LIGHTHOUSE_PHOTO] : ["1080x1920", "1920x1080", "1600x1200"];
let originalBytes = 0;
const uploaded = [];
for (let i = 0; i < 10; i++) {
  // testsrc2 at a different moment for each: colourful, with detail.
  const photo = execFileSync("ffmpeg", [
    "-loglevel", "error", "-f", "lavfi", "-i", `testsrc2=size=${sizes[i % sizes.length]}:rate=1`, "-ss", String(i),
    "-frames:v", "1", "-q:v", "3", "-f", "image2", "-c:v", "mjpeg", "pipe:1",
  ]);
  originalBytes += photo.length;
  const uploadId = `lighthouse-photo-${i}`;
  const chunkSize = 1 << 20;
  const totalChunks = Math.ceil(photo.length / chunkSize);
  await api("POST", "/api/admin/upload/initialize", {
    uploadId, fileName: `foto-${i}.jpg`, fileSize: photo.length, fileType: "image/jpeg", totalChunks,
  });
  for (let c = 0; c < totalChunks; c++) {
    const form = new FormData();
    form.append("uploadId", uploadId);
    form.append("chunkIndex", String(c));
    form.append("totalChunks", String(totalChunks));
    form.append("chunk", new Blob([photo.subarray(c * chunkSize, (c + 1) * chunkSize)]), `foto-${i}.jpg`);
    await api("POST", "/api/admin/upload/chunk", form);
  }
  const { url } = await (await api("POST", "/api/admin/upload/finalize", { uploadId })).json();
  await api("POST", "/api/admin/portfolio", {
    title: `Foto ${i + 1}`, description: "Et opplastet bilde", category: "lifestyle", imageUrl: url,
    language: "no", featured: false,
  });
  uploaded.push(url);
}
for (const url of uploaded) {
  for (;;) {
    const info = await (await api("GET", `/api/admin/media/${url.slice("/uploads/".length)}`)).json();
    if (info.status === "ready") break;
    if (info.status === "failed") throw new Error(`${url}: ${info.error}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const report = path.join(data, "report.json");
execFileSync(path.join(e2e, "node_modules/.bin/lighthouse"), [
  `${base}/${process.env.LIGHTHOUSE_HASH ?? "#work"}`, "--quiet", "--form-factor=mobile", "--only-categories=performance",
  "--chrome-flags=--headless --no-sandbox --disable-gpu", "--output=json", `--output-path=${report}`,
], { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "inherit", "inherit"] });

const lhr = JSON.parse(readFileSync(report, "utf8"));
let failed = false;
for (const id of ["uses-responsive-images", "modern-image-formats", "unsized-images"]) {
  const a = lhr.audits[id];
  const ok = a.score === null ? a.scoreDisplayMode === "notApplicable" : a.score >= 0.9;
  failed ||= !ok;
  console.log(`${ok ? "pass" : "FAIL"}  ${id}: score ${a.score} (${a.scoreDisplayMode})${a.displayValue ? `, ${a.displayValue}` : ""}`);
}
const media = (lhr.audits["network-requests"].details?.items ?? []).filter((r) => new URL(r.url).pathname.startsWith("/media/"));
const mediaBytes = media.reduce((n, r) => n + (r.transferSize ?? 0), 0);
console.log(`performance score ${Math.round(lhr.categories.performance.score * 100)}`);
console.log(`/media/ files loaded: ${media.length}, ${Math.round(mediaBytes / 1024)} KiB (10 originals: ${Math.round(originalBytes / 1024)} KiB)`);
for (const r of media) console.log(`  ${new URL(r.url).pathname} ${Math.round((r.transferSize ?? 0) / 1024)} KiB`);
process.exit(failed ? 1 : 0);

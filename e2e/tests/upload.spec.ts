import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// These tests change site content that other files assert: a server of their own. They check the
// upload protocol and the original as stored, so video processing (video.spec.ts) is off.
test.use({ ownServer: "upload", serverEnv: { UGCFOLIO_VIDEO_PROCESSING: "off" } });

// A 2-second H.264 test card (320x240), made with
//   ffmpeg -f lavfi -i testsrc=size=320x240:rate=25 -t 2 -pix_fmt yuv420p -c:v libx264 -crf 32 \
//     -movflags +faststart clip.mp4
// and shipped so the test needs no ffmpeg at run time.
const fixture = path.resolve(__dirname, "../fixtures/clip.mp4");

const admin = { email: "video-admin@example.no", name: "Video Admin", password: "hemmelig-video" };

test("an admin uploads a real video in chunks and the browser plays it through the video proxy", async ({
  page,
  server,
}) => {
  await createAdmin(server, admin);
  const bytes = await readFile(fixture);
  await page.goto("/");

  // The chunked protocol as the portfolio form speaks it, from the page (same origin, session
  // cookie, CSRF rules of the real browser). Small chunks so the file goes in several pieces.
  const result = await page.evaluate(
    async ({ base64, credentials }) => {
      const login = await fetch("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: credentials.email, password: credentials.password }),
      });
      if (!login.ok) return { error: `login ${login.status}` };
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const chunkSize = 4096;
      const totalChunks = Math.ceil(data.length / chunkSize);
      const uploadId = crypto.randomUUID();
      const json = (body: unknown) => ({
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const init = await fetch(
        "/api/admin/upload/initialize",
        json({ uploadId, fileName: "clip.mp4", fileSize: data.length, fileType: "video/mp4", totalChunks }),
      );
      if (!init.ok) return { error: `initialize ${init.status} ${await init.text()}` };
      // Last chunk first: the server must assemble by index, not by arrival.
      const order = [...Array(totalChunks).keys()].reverse();
      for (const index of order) {
        const form = new FormData();
        form.append("uploadId", uploadId);
        form.append("chunkIndex", String(index));
        form.append("totalChunks", String(totalChunks));
        form.append("chunk", new Blob([data.slice(index * chunkSize, (index + 1) * chunkSize)]), "clip.mp4");
        const res = await fetch("/api/admin/upload/chunk", { method: "POST", body: form });
        if (!res.ok) return { error: `chunk ${index} ${res.status} ${await res.text()}` };
      }
      const fin = await fetch("/api/admin/upload/finalize", json({ uploadId }));
      if (!fin.ok) return { error: `finalize ${fin.status} ${await fin.text()}` };
      return { url: ((await fin.json()) as { url: string }).url, totalChunks };
    },
    { base64: bytes.toString("base64"), credentials: admin },
  );
  expect(result.error).toBeUndefined();
  expect(result.totalChunks).toBeGreaterThan(1);
  expect(result.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.mp4$/);
  const url = result.url as string;

  // The stored file is the original, byte for byte.
  const stored = await page.request.get(url);
  expect(stored.status()).toBe(200);
  expect(Buffer.compare(await stored.body(), bytes)).toBe(0);

  // Play it as the player does: a <video> whose source is the proxy, on the served origin.
  const playback = await page.evaluate(async (src) => {
    const video = document.createElement("video");
    video.muted = true;
    video.preload = "auto";
    document.body.append(video);
    const ready = new Promise<string>((resolve) => {
      video.addEventListener("loadeddata", () => resolve("loaded"), { once: true });
      video.addEventListener("error", () => resolve(`error ${video.error?.code}`), { once: true });
    });
    video.src = `/api/video-proxy?url=${encodeURIComponent(src)}`;
    const outcome = await ready;
    if (outcome !== "loaded") return { outcome, readyState: video.readyState };
    // Seek: the browser asks for a byte range, which the proxy answers with 206.
    const seeked = new Promise<void>((resolve) => video.addEventListener("seeked", () => resolve(), { once: true }));
    video.currentTime = 1.5;
    await seeked;
    return { outcome, readyState: video.readyState, duration: video.duration, time: video.currentTime };
  }, url);
  expect(playback.outcome).toBe("loaded");
  expect(playback.readyState).toBeGreaterThanOrEqual(2);
  expect(playback.duration).toBeCloseTo(2, 0);
  expect(playback.time).toBeCloseTo(1.5, 1);
});

test("the video proxy refuses addresses that are not our uploads", async ({ request }) => {
  for (const url of [
    "https://example.com/video.mp4",
    "//example.com/uploads/x.mp4",
    "/uploads/../ugcfolio.db",
    "/uploads/%2e%2e%2fugcfolio.db",
    "file:///etc/passwd",
  ]) {
    const res = await request.get(`/api/video-proxy?url=${encodeURIComponent(url)}`);
    expect(res.status(), url).toBe(400);
    expect(await res.json()).toEqual({ message: "Only our own uploads can be played: url must be /uploads/NAME" });
  }
});

test("the creator uploads a video in the portfolio form, saves the item, and it plays in the public modal", async ({
  page,
  server,
}) => {
  const creator = { email: "form-video@example.no", name: "Kari Nordmann", password: "hemmelig-video" };
  await createAdmin(server, creator);
  const login = await page.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);

  await page.goto("/admin/portfolio");
  await page.getByLabel("Tittel").fill("Testkort i bevegelse");
  await page.getByRole("tab", { name: "Video" }).click();
  await page.getByTestId("video-file-input").setInputFiles(fixture);
  await expect(page.getByText("Video uploaded successfully")).toBeVisible();
  await expect(page.getByLabel("Video URL")).toHaveValue(/^\/uploads\/[^/]+\.mp4$/);
  const videoUrl = await page.getByLabel("Video URL").inputValue();
  // The stored copy is the file that was chosen, byte for byte.
  const stored = await page.request.get(videoUrl);
  expect(Buffer.compare(await stored.body(), await readFile(fixture))).toBe(0);

  const created = page.waitForResponse(
    (r) => r.url().endsWith("/api/admin/portfolio") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Opprett" }).click();
  expect((await created).status()).toBe(201);

  // A visitor (no session) opens it on the public page: the uploads player plays it.
  await page.context().clearCookies();
  await page.goto("/");
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1); // hydrated
  await page.locator("#work").scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Spill av «Testkort i bevegelse»" }).click();
  const video = page.getByTestId("video-modal").locator("video");
  await expect(video).toHaveAttribute("src", `/api/video-proxy?url=${encodeURIComponent(videoUrl)}`);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
});

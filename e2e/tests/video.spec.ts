import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "../lib/fixtures";
import { createAdmin } from "../lib/server";

// A creator's phone video (HEVC in .mov, filmed in portrait, with the place of the shoot
// in its metadata), which Debian's Chromium cannot decode, becomes a poster and H.264 renditions
// that it plays. A server of its own: it changes the public list.
test.use({ ownServer: "video" });

let dir = "";
let clip = "";

// 1408×792 coded with a 90° display matrix: 792×1408 displayed, above 1280, so there is a small
// rendition for phones (720×1280) and a large one (792×1408). 2 s at 15 fps keeps it quick.
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "ugcfolio-video-e2e-"));
  const plain = path.join(dir, "plain.mov");
  clip = path.join(dir, "IMG_0042.mov");
  const ffmpeg = (args: string[]) =>
    execFileSync("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...args]);
  ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=1408x792:rate=15", "-f", "lavfi", "-i", "sine", "-t", "1"],
    ...["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"],
    ...["-pix_fmt", "yuv420p", "-c:a", "aac", "-metadata", "location=+59.9139+010.7522/", plain],
  ]);
  ffmpeg(["-i", plain, "-c", "copy", "-map_metadata", "0", "-metadata:s:v:0", "rotate=90", clip]);
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("an HEVC .mov uploaded in the portfolio form is processed; the public card shows its poster and the modal plays it", async ({
  page,
  server,
}) => {
  // ffmpeg runs at a lower priority than everything else: on a busy machine it waits its turn.
  test.setTimeout(240_000);
  const creator = { email: "video-e2e@example.no", name: "Kari Nordmann", password: "hemmelig-video" };
  await createAdmin(server, creator);
  const login = await page.request.post("/api/login", {
    data: { username: creator.email, password: creator.password },
  });
  expect(login.status()).toBe(200);

  await page.goto("/admin/portfolio");
  await page.getByLabel("Tittel").fill("Portrett fra telefonen");
  await page.getByRole("tab", { name: "Video" }).click();
  await page.getByTestId("video-file-input").setInputFiles(clip);
  await expect(page.getByText("Video uploaded successfully")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Video URL")).toHaveValue(/^\/uploads\/[^/]+\.mov$/);
  // The processing shows after the upload, then ends ready, with the rendition in the preview.
  await expect(page.getByText("Videoen er klar for nettet.")).toBeVisible({ timeout: 180_000 });
  const preview = page.getByTestId("admin-video-preview");
  await expect(preview).toHaveAttribute("poster", /^\/media\/p_[0-9a-f]{32}\.jpg$/);
  await expect(preview).toHaveAttribute("src", /^\/media\/p_[0-9a-f]{32}\.mp4$/);

  const created = page.waitForResponse(
    (r) => r.url().endsWith("/api/admin/portfolio") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Opprett" }).click();
  expect((await created).status()).toBe(201);

  // A visitor: the card shows the poster (a real image, portrait), the modal plays the rendition.
  await page.context().clearCookies();
  await page.goto("/");
  await page.locator("#work").scrollIntoViewIfNeeded();
  const poster = page.getByTestId("work-poster");
  await expect(poster).toHaveAttribute("src", /^\/media\/p_[0-9a-f]{32}\.jpg$/);
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(720);
  expect(await poster.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(1280);

  await page.getByRole("button", { name: "Spill av «Portrett fra telefonen»" }).click();
  const video = page.getByTestId("processed-video");
  await expect(video).toHaveAttribute("poster", /^\/media\/p_[0-9a-f]{32}\.jpg$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  // A desktop window gets the large rendition, rotation applied.
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([792, 1408]);

  // A phone-sized window gets the small one.
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Spill av «Portrett fra telefonen»" }).click();
  const small = page.getByTestId("processed-video");
  await expect.poll(() => small.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  expect(await small.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([720, 1280]);
});

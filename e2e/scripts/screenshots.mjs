// Full-page screenshots of the home page at phone and desktop widths, for looking at the design:
//   node scripts/screenshots.mjs http://127.0.0.1:8080 out-dir [no|en]
// Uses Debian's Chromium.
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:8080", out = ".", lang = "no"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [390, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await page.addInitScript((l) => localStorage.setItem("language", l), lang);
  await page.goto(base);
  // Scroll through so lazy images and the lazy contact form load.
  for (let y = 0; y < 16000; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.locator("#contact form").waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/home-${lang}-${width}.png`, fullPage: true });
  // And the page in slices, to look at details.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const slice = width < 600 ? 1200 : 1000;
  for (let y = 0, n = 0; y < height; y += slice, n++) {
    await page.screenshot({
      path: `${out}/home-${lang}-${width}-${n}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(slice, height - y) },
    });
  }
  await page.close();
}
await browser.close();

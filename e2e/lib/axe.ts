/**
 * axe-core (WCAG 2.2 AA) on a page at the two widths every screen is made for: a 1280 px desktop
 * and a 390 px phone. A violation fails the test with its rule id and the elements it names.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export const widths = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The violations axe finds on the page as it is now, as "rule (impact): targets" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** Soft-asserts that axe finds nothing, so one run lists every screen's violations. */
export async function expectNoViolations(page: Page, label: string) {
  expect.soft(await axeViolations(page), label).toEqual([]);
}

/**
 * Runs `check` at each width (the viewport set first), with the width for the labels: `check`
 * brings the page into the states to check (load a screen, open a tab or a dialog) and calls
 * expectNoViolations on each.
 */
export async function atBothWidths(page: Page, check: (width: number) => Promise<void>) {
  for (const size of widths) {
    await page.setViewportSize(size);
    await check(size.width);
  }
}

/** The common case: one state of the page, reached by `ready`, checked at both widths. */
export async function expectAccessibleAtBothWidths(
  page: Page,
  label: string,
  ready: () => Promise<void>,
) {
  await atBothWidths(page, async (width) => {
    await ready();
    await expectNoViolations(page, `${label} at ${width} px`);
  });
}

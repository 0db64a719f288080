/** The coming-soon gate screen passes axe-core's WCAG 2.2 AA rules at 1280 and 390 px. */
import { expectAccessibleAtBothWidths } from "../lib/axe";
import { expect, test } from "../lib/fixtures";

// The gate is on for this file's server (a worker of its own).
test.use({ serverEnv: { UGCFOLIO_GATE_USERNAME: "forhandsvisning", UGCFOLIO_GATE_PASSWORD: "sommer-2025" } });

test("the gate screen, empty and after a wrong password", async ({ page }) => {
  test.setTimeout(90_000);
  await expectAccessibleAtBothWidths(page, "gate", async () => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Kommer snart" })).toBeVisible();
  });
  await expectAccessibleAtBothWidths(page, "gate (wrong password)", async () => {
    await page.goto("/coming-soon");
    await page.getByLabel("Brukernavn").fill("forhandsvisning");
    await page.getByLabel("Passord").fill("feil");
    await page.getByRole("button", { name: "Få tilgang" }).click();
    await expect(page.getByRole("alert")).toContainText("Feil brukernavn eller passord");
  });
});

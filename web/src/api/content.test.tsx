import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { catalogues } from "@/lib/i18n/catalogues";
import { json, mockApi, renderApp } from "@/test/render-app";
import { contentUrl, languageContentUrl, retryContent, useContent, withDefaults } from "./content";

const { en, no } = catalogues;

describe("content query", () => {
  it("retries up to 3 times, never on 404", () => {
    const notFound = new ApiError(404, "Not Found", '{"message":"Content not found"}');
    const serverError = new ApiError(500, "Internal Server Error", "");
    expect(retryContent(0, notFound)).toBe(false);
    expect([0, 1, 2].map((n) => retryContent(n, serverError))).toEqual([true, true, true]);
    expect(retryContent(3, serverError)).toBe(false);
    expect(retryContent(0, new TypeError("Failed to fetch"))).toBe(true);
  });

  it("builds the section URL", () => {
    expect(contentUrl("hero", "en")).toBe("/api/content/hero/en");
  });
});

describe("withDefaults", () => {
  const hero = no.defaults.hero;

  it("uses the defaults when the section is missing", () => {
    expect(withDefaults(undefined, hero)).toEqual(hero);
  });

  it("takes stored fields, keeps defaults for blank or missing ones, and ignores strangers", () => {
    const merged = withDefaults({ tagline: "Ny tagline", greeting: "  ", extra: 1 }, hero);
    expect(merged).toEqual({ ...hero, tagline: "Ny tagline" });
  });

  it("merges stats field by field", () => {
    const about = en.defaults.about;
    const merged = withDefaults({ stat2: { number: "3x" } }, about);
    expect(merged.stat2).toEqual({ number: "3x", text: about.stat2.text });
    expect(merged.stat1).toEqual(about.stat1);
  });

  it("has every section in both languages with the spec's statistics and contact info", () => {
    // The spec's contact info, each screen in its one language: "Man-Fre" and "Norge" on the
    // Norwegian page, "Mon-Fri" and "Norway" on the English one.
    for (const [c, hours, location] of [
      [no.defaults, "Man-Fre: 09:00 - 17:00", "Porsgrunn, Telemark, Norge"],
      [en.defaults, "Mon-Fri: 09:00 - 17:00", "Porsgrunn, Telemark, Norway"],
    ] as const) {
      expect([c.about.stat1.number, c.about.stat2.number, c.about.stat3.number]).toEqual([
        "79%",
        "2.4x",
        "73%",
      ]);
      expect(c.contact.hours).toBe(hours);
      expect(c.contact.location).toBe(location);
      // The year is filled in as the footer shows it: always this year.
      expect(c.footer.copyright).toContain("© {year} ugcfolio.");
    }
  });
});

function Sections() {
  const hero = useContent("hero", "en").data;
  const about = useContent("about", "en").data;
  return (
    <p>
      {hero?.tagline ?? "default tagline"} / {about?.title ?? "default title"}
    </p>
  );
}

describe("the public page's content", () => {
  it("reads every section of a language in ONE request, a section never saved keeping its default", async () => {
    const fetchMock = mockApi({
      "GET /api/content/en": () => json({ hero: { tagline: "Saved tagline" } }),
    });
    renderApp(<Sections />);
    expect(await screen.findByText("Saved tagline / default title")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/content/en"]);
  });

  it("builds the language URL", () => {
    expect(languageContentUrl("no")).toBe("/api/content/no");
  });
});

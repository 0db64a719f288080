import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppRouter } from "@/app/router";
import { json, mockApi, renderApp } from "@/test/render-app";
import { privacyBlocks } from "./privacy-page";

describe("privacy page", () => {
  it("shows the built-in text with the contact e-mail when none is saved", async () => {
    mockApi({ "GET /api/content/no": () => json({}) });
    renderApp(<AppRouter />, { path: "/privacy" });

    expect(await screen.findByRole("heading", { level: 1, name: "Personvern" })).toBeVisible();
    // The built-in text comes as a script of its own.
    expect(await screen.findByRole("heading", { level: 2, name: "Hvor lenge" })).toBeVisible();
    expect(screen.getByText(/Enkelthendelser slettes etter 30 dager/)).toBeVisible();
    expect(screen.getByText(/skriv til kontakt@ugcfolio\.no\./)).toBeVisible();
    // The footer's privacy link leads here.
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Personvern" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    // Its quick links lead back to the home page's sections.
    expect(within(footer).getByRole("link", { name: "Priser" })).toHaveAttribute(
      "href",
      "/#pricing",
    );
  });

  it("shows the saved text of the language, with the saved contact e-mail", async () => {
    localStorage.setItem("language", "en");
    mockApi({
      "GET /api/content/en": () =>
        json({
          privacy: { body: "## Short\nWe count visits.\n\nAsk {email}." },
          contact: { email: "hello@brand.test" },
        }),
    });
    renderApp(<AppRouter />, { path: "/en/privacy" });

    expect(await screen.findByText("We count visits.")).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 2, name: "Short" })).toBeVisible();
    expect(screen.getByText("Ask hello@brand.test.")).toBeVisible();
    expect(screen.queryByText(/Single events are deleted/)).not.toBeInTheDocument();
  });

  it("reads headings and paragraphs from plain text", () => {
    expect(privacyBlocks("## One\nfirst line\nsecond line\n\n\nnext\n## Two")).toEqual([
      { heading: true, text: "One" },
      { heading: false, text: "first line\nsecond line" },
      { heading: false, text: "next" },
      { heading: true, text: "Two" },
    ]);
  });
});

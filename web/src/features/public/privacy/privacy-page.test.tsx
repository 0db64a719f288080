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
    // GDPR art. 13: who the controller is, the rights, and where to complain.
    expect(screen.getByRole("heading", { level: 2, name: "Hvem som er ansvarlig" })).toBeVisible();
    expect(
      screen.getByText(
        /^Behandlingsansvarlig er ugcfolio, .*Du når meg på kontakt@ugcfolio\.no\.$/,
      ),
    ).toBeVisible();
    const rights = screen.getByText(/^Du har rett til innsyn/);
    for (const right of [
      "innsyn",
      "rettet",
      "slettet",
      "begrenses",
      "protestere",
      "dataportabilitet",
      "Skriv til kontakt@ugcfolio.no",
      "klage til Datatilsynet (datatilsynet.no)",
    ]) {
      expect(rights).toHaveTextContent(right);
    }
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

  it("names the controller and the rights in English, with the saved contact e-mail", async () => {
    localStorage.setItem("language", "en");
    mockApi({ "GET /api/content/en": () => json({ contact: { email: "kari@film.test" } }) });
    renderApp(<AppRouter />, { path: "/en/privacy" });

    expect(await screen.findByRole("heading", { level: 2, name: "Your rights" })).toBeVisible();
    expect(
      screen.getByText(/^The controller is ugcfolio, .*You can reach me at kari@film\.test\.$/),
    ).toBeVisible();
    const rights = screen.getByText(/^You have the right to access/);
    for (const right of [
      "access",
      "rectification",
      "erasure",
      "restriction",
      "objection",
      "portability",
      "Write to kari@film.test",
      "complain to the Norwegian Data Protection Authority, Datatilsynet (datatilsynet.no)",
    ]) {
      expect(rights).toHaveTextContent(right);
    }
  });

  it("shows the saved text of the language, with the saved contact e-mail", async () => {
    localStorage.setItem("language", "en");
    mockApi({
      "GET /api/content/en": () =>
        json({
          privacy: { body: "## Short\nWe count visits.\n\nAsk {site} at {email}." },
          contact: { email: "hello@brand.test" },
        }),
    });
    renderApp(<AppRouter />, { path: "/en/privacy" });

    expect(await screen.findByText("We count visits.")).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 2, name: "Short" })).toBeVisible();
    expect(screen.getByText("Ask ugcfolio at hello@brand.test.")).toBeVisible();
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

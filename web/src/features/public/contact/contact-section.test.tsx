import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "@/components/site/site-footer";
import { json, mockApi, renderApp } from "@/test/render-app";
import { ContactSection } from "./contact-section";

describe("contact e-mail", () => {
  it("is a mailto link in the contact section and in the footer, with the saved address", async () => {
    mockApi({ "GET /api/content/no": () => json({ contact: { email: "kari@film.test" } }) });
    renderApp(
      <>
        <ContactSection />
        <SiteFooter />
      </>,
    );

    const section = document.getElementById("contact");
    if (!section) throw new Error("no #contact section");
    const inSection = await within(section).findByRole("link", { name: "kari@film.test" });
    expect(inSection).toHaveAttribute("href", "mailto:kari@film.test");

    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "kari@film.test" })).toHaveAttribute(
      "href",
      "mailto:kari@film.test",
    );
  });
});

import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ClientLogo } from "@/api/client-logos";
import { languageStorageKey } from "@/lib/i18n";
import { json, mockApi, renderApp } from "@/test/render-app";
import { ClientLogos } from "./client-logos";

const logo = (id: number, name: string, linkUrl = ""): ClientLogo => ({
  id,
  name,
  imageUrl: `/media/p_${id}.jpg`,
  linkUrl,
  imageMedia: {
    status: "ready",
    width: 600,
    height: 200,
    durationMs: 0,
    posterUrl: "",
    sources: [320, 600].flatMap((w) => [
      { url: `/media/p_${id}_${w}.webp`, width: w, height: w / 3, type: "image/webp", bytes: w },
      { url: `/media/p_${id}_${w}.jpg`, width: w, height: w / 3, type: "image/jpeg", bytes: w },
    ]),
  },
});

describe("the client logos on the home page", () => {
  it("shows each brand's logo in order, named by its alt text, linked in a new tab when it has a link", async () => {
    mockApi({
      "GET /api/client-logos": () =>
        json([logo(1, "Nordlys", "https://nordlys.example.no"), logo(2, "Fjellkaffe")]),
      "GET /api/content/no": () => json({}),
    });
    renderApp(<ClientLogos />);
    const heading = await screen.findByRole("heading", { name: "Merkevarer jeg har jobbet med" });
    const section = heading.closest("section") as HTMLElement;
    const items = within(section).getAllByTestId("client-logo");
    expect(items.map((li) => within(li).getByRole("img").getAttribute("alt"))).toEqual([
      "Nordlys",
      "Fjellkaffe",
    ]);
    // The link's name is the logo's text and that it opens a new tab; it never hands the opener over.
    const link = within(section).getByRole("link", { name: "Nordlys (åpnes i ny fane)" });
    expect(link).toHaveAttribute("href", "https://nordlys.example.no");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(items[1] as HTMLElement).queryByRole("link")).toBeNull();
    // The processed variants, sized for a logo about 44 px high (3:1 → 132 px wide).
    const img = within(items[0] as HTMLElement).getByRole("img");
    expect(img).toHaveAttribute("src", "/media/p_1.jpg");
    expect(img).toHaveAttribute("sizes", "132px");
    expect(img).toHaveAttribute("width", "600");
    expect(img).toHaveAttribute("height", "200");
    expect(section.querySelector("source")).toHaveAttribute("type", "image/webp");
  });

  it("uses the saved heading of the page's language", async () => {
    localStorage.setItem(languageStorageKey, "en");
    mockApi({
      "GET /api/client-logos": () => json([logo(1, "Nordlys", "https://nordlys.example.no")]),
      "GET /api/content/en": () => json({ clients: { title: "Trusted by" } }),
    });
    renderApp(<ClientLogos />, { path: "/en" });
    expect(await screen.findByRole("heading", { name: "Trusted by" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Nordlys (opens in a new tab)" })).toBeInTheDocument();
  });

  it("is not there at all without logos", async () => {
    const fetchMock = mockApi({
      "GET /api/client-logos": () => json([]),
      "GET /api/content/no": () => json({}),
    });
    const { container } = renderApp(<ClientLogos />);
    await screen.findByTestId("location");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledWith("/api/client-logos", expect.anything());
    expect(container.querySelector("section")).toBeNull();
  });
});

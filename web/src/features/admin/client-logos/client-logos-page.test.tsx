import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MediaInfo } from "@/lib/media";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { ClientLogosPage } from "./client-logos-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };

const ready: MediaInfo = {
  status: "ready",
  width: 480,
  height: 160,
  durationMs: 0,
  posterUrl: "",
  sources: [
    { url: "/media/p_logo.webp", width: 480, height: 160, type: "image/webp", bytes: 900 },
    { url: "/media/p_logo.jpg", width: 480, height: 160, type: "image/jpeg", bytes: 1200 },
  ],
};

const logo = (id: number, name: string, linkUrl = "") => ({
  id,
  name,
  imageUrl: `/uploads/logo${id}.png`,
  linkUrl,
  imageMedia: ready,
});

describe("the client logos screen", () => {
  it("lists the logos in their order, with the processed picture and the link", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/client-logos": () =>
        json([logo(1, "Nordlys", "https://nordlys.example.no"), logo(2, "Fjellkaffe")]),
    });
    renderApp(<ClientLogosPage />, { path: "/admin/client-logos" });
    const cards = await screen.findAllByTestId("client-logo-card");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Nordlys",
      "Fjellkaffe",
    ]);
    const link = within(cards[0] as HTMLElement).getByRole("link", { name: /nordlys.example.no/ });
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(cards[1] as HTMLElement).getByText("No link")).toBeInTheDocument();
    // The processed picture, never the private original.
    const img = within(cards[0] as HTMLElement).getByTestId("admin-image");
    expect(img).toHaveAttribute("src", "/media/p_logo.jpg");
    expect(screen.getByRole("button", { name: "Drag to reorder Fjellkaffe" })).toBeInTheDocument();
  });

  it("says the strip is hidden while there is no logo", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/client-logos": () => json([]),
    });
    renderApp(<ClientLogosPage />, { path: "/admin/client-logos" });
    expect(
      await screen.findByText(
        "No client logos yet. The home page shows the strip once you add one.",
      ),
    ).toBeInTheDocument();
  });

  it("adds a logo: the brand's name, an uploaded photo, a link; with the rules' messages first", async () => {
    let stored: ReturnType<typeof logo>[] = [];
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/client-logos": () => json(stored),
      "POST /api/admin/upload/initialize": () => json({ uploadId: "x" }),
      "POST /api/admin/upload/chunk": () => json({ received: true }),
      "POST /api/admin/upload/finalize": () => json({ url: "/uploads/0123456789abcdef.png" }),
      "GET /api/admin/media/0123456789abcdef.png": () => json(ready),
      "POST /api/admin/client-logos": (init) => {
        const body = JSON.parse(String(init?.body));
        stored = [{ ...logo(5, body.name, body.linkUrl), imageUrl: body.imageUrl }];
        return json(stored[0], 201);
      },
    });
    renderApp(<ClientLogosPage />, { path: "/admin/client-logos" });
    fireEvent.click(await screen.findByRole("button", { name: "Add Logo" }));
    const dialog = await screen.findByRole("dialog");

    // Nothing is sent without a name and a logo, and a link must be a web address.
    fireEvent.change(within(dialog).getByLabelText("Link (optional)"), {
      target: { value: "javascript:alert(1)" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Logo" }));
    expect(await within(dialog).findByText("Brand name is required")).toBeInTheDocument();
    expect(
      within(dialog).getByText("Logo is required: upload the brand's logo"),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Link must be a web address starting with http:// or https://"),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/admin/client-logos")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Brand name"), {
      target: { value: " Bølge Studio " },
    });
    fireEvent.change(within(dialog).getByLabelText("Link (optional)"), {
      target: { value: "https://bolge.example.no" },
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], "bolge.png", { type: "image/png" });
    fireEvent.change(within(dialog).getByTestId("logo-file-input"), { target: { files: [file] } });
    // The form shows the processed logo as the home page will.
    const preview = await within(dialog).findByTestId("logo-preview");
    expect(preview).toHaveAttribute("src", "/media/p_logo.jpg");
    expect(within(dialog).getByRole("button", { name: "Replace logo" })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole("button", { name: "Add Logo" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "POST", "/api/admin/client-logos")).toEqual([
        {
          name: "Bølge Studio",
          imageUrl: "/uploads/0123456789abcdef.png",
          linkUrl: "https://bolge.example.no",
        },
      ]),
    );
    expect(await screen.findByText("Logo added")).toBeInTheDocument();
    const cards = await screen.findAllByTestId("client-logo-card");
    expect(within(cards[0] as HTMLElement).getByRole("heading")).toHaveTextContent("Bølge Studio");
  });

  it("moves a logo and saves the whole strip's order", async () => {
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/client-logos": () =>
        json([logo(1, "Nordlys"), logo(2, "Fjellkaffe"), logo(3, "Bølge")]),
      "PUT /api/admin/client-logos/order": () => new Response(null, { status: 204 }),
    });
    renderApp(<ClientLogosPage />, { path: "/admin/client-logos" });
    fireEvent.click(await screen.findByRole("button", { name: "Move Nordlys down" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PUT", "/api/admin/client-logos/order")).toEqual([
        { ids: [2, 1, 3] },
      ]),
    );
    expect(await screen.findByText("Order saved")).toBeInTheDocument();
  });
});

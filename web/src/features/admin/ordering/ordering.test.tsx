import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { PortfolioPage } from "../portfolio/portfolio-page";
import { TestimonialsPage } from "../testimonials/testimonials-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };

const item = (id: number, title: string, featured = false) => ({
  id,
  title,
  description: "",
  category: "product",
  imageUrl: "https://cdn.example.no/a.jpg",
  videoUrl: "",
  featured,
  language: "no",
  isActive: true,
  imageMedia: null,
  videoMedia: null,
});

const portfolio = [item(1, "Hudpleie", true), item(2, "Hytte"), item(3, "Kaffe")];

/**
 * A list the server keeps: GET answers it in the order the last accepted PUT gave (as the real
 * server does), so the refetch after a reorder shows what was stored.
 */
function storedList<T extends { id: number }>(items: T[]) {
  let order = items;
  return {
    get: () => json(order),
    put: (init: RequestInit | undefined) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
      order = ids.map((id) => items.find((x) => x.id === id) as T);
      return new Response(null, { status: 204 });
    },
  };
}

/** The titles of the portfolio rows, top to bottom. */
const rowTitles = () =>
  screen.getAllByTestId("portfolio-row").map((row) => within(row).getByRole("heading").textContent);

// jsdom lays nothing out: every element is a 0×0 box at the origin, so dnd-kit's keyboard sensor
// would find no item below another. Each list item gets the box of a 100 px row at its place in
// the list, as a browser would draw it.
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeEach(() => {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const li = this.closest("li[data-sortable-id]");
    const list = li?.parentElement;
    if (!li || !list) return realRect.call(this);
    const top = [...list.children].indexOf(li) * 100;
    return DOMRect.fromRect({ x: 0, y: top, width: 600, height: 90 });
  };
});
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});

describe("ordering the portfolio by hand", () => {
  it("moves an item down with its arrow: the list changes at once and the whole order is saved", async () => {
    const server = storedList(portfolio);
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/portfolio/no": server.get,
      "PUT /api/admin/portfolio/order/no": server.put,
    });
    renderApp(<PortfolioPage />, { path: "/admin/portfolio" });
    await screen.findAllByTestId("portfolio-row");
    expect(rowTitles()).toEqual(["Hudpleie", "Hytte", "Kaffe"]);
    // The first can go no higher, the last no lower.
    expect(screen.getByRole("button", { name: "Flytt Hudpleie opp" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Flytt Kaffe ned" })).toBeDisabled();

    fireEvent.click(screen.getByRole("button", { name: "Flytt Hytte ned" }));
    await waitFor(() => expect(rowTitles()).toEqual(["Hudpleie", "Kaffe", "Hytte"]));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PUT", "/api/admin/portfolio/order/no")).toEqual([
        { ids: [1, 3, 2] },
      ]),
    );
    expect(document.body).toHaveTextContent("Hytte ble flyttet til plass 3 av 3.");
    // The server kept it, and a toast says so.
    expect(await screen.findByText("Order saved")).toBeInTheDocument();
    // After the save the list is fetched again: the server's order, the same.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => u === "/api/portfolio/no").length).toBe(2),
    );
    expect(rowTitles()).toEqual(["Hudpleie", "Kaffe", "Hytte"]);
  });

  it("moves an item with the keyboard on its grip: Space, arrow down, Space", async () => {
    const server = storedList(portfolio);
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/portfolio/no": server.get,
      "PUT /api/admin/portfolio/order/no": server.put,
    });
    renderApp(<PortfolioPage />, { path: "/admin/portfolio" });
    const grip = await screen.findByRole("button", { name: "Dra for å flytte Hudpleie" });
    // The grip says what it is and how to use it to a screen reader.
    expect(grip).toHaveAttribute("aria-roledescription", "sortable");
    const help = document.getElementById(grip.getAttribute("aria-describedby") ?? "");
    expect(help).toHaveTextContent("piltastene");

    // What dnd-kit's live region says last is what a screen reader hears.
    const liveRegion = () =>
      [...document.querySelectorAll("[aria-live]")].map((e) => e.textContent);
    grip.focus();
    fireEvent.keyDown(grip, { code: "Space", key: " " });
    await waitFor(() => expect(liveRegion()).toContain("Hudpleie er over plass 1 av 3."));
    // The sensor listens for the arrow keys from its next task on (dnd-kit adds its listener in a
    // setTimeout when the drag starts): let that task run first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.keyDown(grip, { code: "ArrowDown", key: "ArrowDown" });
    await waitFor(() => expect(liveRegion()).toContain("Hudpleie er over plass 2 av 3."));
    fireEvent.keyDown(grip, { code: "Space", key: " " });
    await waitFor(() => expect(liveRegion()).toContain("Hudpleie ble sluppet på plass 2 av 3."));

    await waitFor(() =>
      expect(sentBodies(fetchMock, "PUT", "/api/admin/portfolio/order/no")).toEqual([
        { ids: [2, 1, 3] },
      ]),
    );
    await waitFor(() => expect(rowTitles()).toEqual(["Hytte", "Hudpleie", "Kaffe"]));
  });

  it("puts the list back and says why when the server refuses the order", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/portfolio/no": () => json(portfolio),
      "PUT /api/admin/portfolio/order/no": () =>
        json(
          { message: "The order must list every portfolio item of the list once; missing: 9" },
          400,
        ),
    });
    renderApp(<PortfolioPage />, { path: "/admin/portfolio" });
    await screen.findAllByTestId("portfolio-row");
    fireEvent.click(screen.getByRole("button", { name: "Flytt Kaffe opp" }));
    expect(
      await screen.findByText(
        "The order must list every portfolio item of the list once; missing: 9",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowTitles()).toEqual(["Hudpleie", "Hytte", "Kaffe"]));
  });
});

describe("ordering the testimonials by hand", () => {
  it("saves the language's whole order when a card moves up", async () => {
    const quote = (id: number, name: string) => ({
      id,
      name,
      company: "Firma",
      imageUrl: "",
      rating: 5,
      testimonial: "Bra.",
      language: "no",
      isActive: id !== 2,
      imageMedia: null,
    });
    const server = storedList([quote(1, "Ingrid"), quote(2, "Martin"), quote(3, "Sara")]);
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/testimonials/no": server.get,
      "PUT /api/admin/testimonials/order/no": server.put,
    });
    renderApp(<TestimonialsPage />, { path: "/admin/testimonials" });
    await screen.findAllByTestId("testimonial-card");
    // A hidden testimonial is ordered too: it keeps its place for when it is shown again.
    fireEvent.click(screen.getByRole("button", { name: "Move Sara up" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PUT", "/api/admin/testimonials/order/no")).toEqual([
        { ids: [1, 3, 2] },
      ]),
    );
    const names = () =>
      screen
        .getAllByTestId("testimonial-card")
        .map((card) => within(card).getByRole("heading").textContent);
    await waitFor(() => expect(names()).toEqual(["Ingrid", "Sara", "Martin"]));
    expect(await screen.findByText("Order saved")).toBeInTheDocument();
    expect(
      screen.getByRole("list", { name: "Testimonials, in the order visitors see them" }),
    ).toBeInTheDocument();
  });
});

import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Deal } from "@/api/deals.admin";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { DealsPage } from "./deals-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };

const deal = (
  id: number,
  brand: string,
  stage: Deal["stage"],
  extra: Partial<Deal> = {},
): Deal => ({
  id,
  brand,
  contactName: "",
  contactEmail: "",
  language: "no",
  package: "",
  price: 0,
  currency: "NOK",
  deliverableCount: 1,
  deliverableSeconds: 0,
  deliverableFormat: "9:16",
  dueDate: "",
  brief: "",
  notes: "",
  stage,
  inquiryId: null,
  createdAt: "2026-03-01T10:00:00Z",
  updatedAt: "2026-03-01T10:00:00Z",
  ...extra,
});

const column = (stage: string) => screen.getByTestId(`deal-column-${stage}`);

/** A server's deals: GET answers them, a PATCH of a stage moves one (`refuse` answers instead). */
function dealsServer(deals: Deal[], refuse?: () => Response | undefined) {
  return {
    "GET /api/user": () => json(admin),
    "GET /api/admin/contact": () => json([]),
    "GET /api/admin/deals": () => json(deals),
    "PATCH /api/admin/deals/1": (init: RequestInit | undefined) => {
      const refusal = refuse?.();
      if (refusal) return refusal;
      const { stage } = JSON.parse(String(init?.body)) as { stage: Deal["stage"] };
      deals = deals.map((d) => (d.id === 1 ? { ...d, stage } : d));
      return json(deals.find((d) => d.id === 1));
    },
  };
}

/**
 * jsdom lays nothing out: every element measures 0×0. The board's columns get the places a
 * browser gives them (a row, 260 px apart), a card its column's, so dnd-kit's keyboard moves and
 * its collision detection have geometry to work with.
 */
function layOutColumns() {
  const stages = ["new", "negotiating", "booked", "in_production", "delivered", "paid", "lost"];
  return vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (
    this: Element,
  ) {
    const col = this.closest("[data-testid^='deal-column-']");
    const index = col ? stages.indexOf(col.getAttribute("data-testid")?.slice(12) ?? "") : -1;
    if (index < 0) return new DOMRect(0, 0, 0, 0);
    const isColumn = this === col;
    const x = index * 260 + (isColumn ? 0 : 8);
    return new DOMRect(x, isColumn ? 0 : 60, isColumn ? 240 : 224, isColumn ? 600 : 120);
  });
}

describe("the deals board", () => {
  beforeEach(() => vi.setSystemTime(new Date("2026-03-10T12:00:00")));
  afterEach(() => vi.useRealTimers());

  it("shows a column per stage with its deals, their value and due date, and the open total", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/deals": () =>
        json([
          deal(1, "Fjellkaffe", "booked", { price: 6300, dueDate: "2026-03-05" }),
          deal(2, "Nordlys", "booked", {
            price: 2500,
            dueDate: "2026-03-20",
            deliverableCount: 3,
            deliverableSeconds: 30,
          }),
          deal(3, "Havbris", "paid", { price: 10000 }),
        ]),
    });
    renderApp(<DealsPage />, { path: "/admin/deals" });
    const booked = await waitFor(() => column("booked"));
    expect(within(booked).getByRole("heading", { name: /Booked/ })).toHaveTextContent("2");
    expect(within(booked).getByTestId("column-value")).toHaveTextContent("NOK 8,800");
    const cards = within(booked).getAllByTestId("deal-card");
    expect(cards.map((c) => within(c).getByRole("link").textContent)).toEqual([
      "Fjellkaffe",
      "Nordlys",
    ]);
    expect(cards[0]).toHaveTextContent("NOK 6,300");
    expect(cards[0]).toHaveTextContent("Due Mar 5, 2026 · overdue");
    expect(cards[1]).toHaveTextContent("3 × 30 s 9:16");
    expect(within(cards[0] as HTMLElement).getByRole("link")).toHaveAttribute(
      "href",
      "/admin/deals/1",
    );
    expect(within(column("new")).queryAllByTestId("deal-card")).toHaveLength(0);
    // An empty stage is a narrow strip that still names itself, so all seven fit a desk screen.
    for (const stage of ["new", "negotiating", "in_production", "delivered", "lost"]) {
      expect(column(stage)).toHaveAttribute("data-empty", "true");
      expect(column(stage)).toHaveClass("w-11");
      expect(within(column(stage)).queryByTestId("column-value")).toBeNull();
    }
    expect(column("new")).toHaveAccessibleName(/^New/);
    expect(column("booked")).not.toHaveAttribute("data-empty");
    expect(column("booked")).toHaveClass("lg:flex-1");
    // Paid is done: the open total leaves it out.
    expect(screen.getByTestId("deals-open")).toHaveTextContent("Open: NOK 8,800 in 2 deals.");
  });

  it("moves a card with its stage select, at once, and puts it back when the server refuses", async () => {
    let refusal: Response | undefined;
    const fetchMock = mockApi(dealsServer([deal(1, "Fjellkaffe", "new")], () => refusal));
    renderApp(<DealsPage />, { path: "/admin/deals" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox", { name: "Stage of Fjellkaffe" }));
    await user.click(await screen.findByRole("option", { name: "Negotiating" }));
    expect(await within(column("negotiating")).findByText("Fjellkaffe")).toBeVisible();
    expect(sentBodies(fetchMock, "PATCH", "/api/admin/deals/1")).toEqual([
      { stage: "negotiating" },
    ]);
    expect(await screen.findByText("Fjellkaffe moved to Negotiating")).toBeInTheDocument();

    refusal = json(
      { message: "The deal was changed at the same time: reload it and try again" },
      409,
    );
    await user.click(screen.getByRole("combobox", { name: "Stage of Fjellkaffe" }));
    await user.click(await screen.findByRole("option", { name: "Paid" }));
    expect(await screen.findByText("The deal could not be moved")).toBeInTheDocument();
    // A toast fades in: in the document is what it shows.
    expect(
      screen.getByText("The deal was changed at the same time: reload it and try again"),
    ).toBeInTheDocument();
    // The server still has it in Negotiating: the card is back there.
    await waitFor(() =>
      expect(within(column("negotiating")).getByText("Fjellkaffe")).toBeVisible(),
    );
    expect(within(column("paid")).queryByText("Fjellkaffe")).toBeNull();
  });

  it("moves a card with the keyboard: its handle, space, the right arrow twice, space", async () => {
    const fetchMock = mockApi(dealsServer([deal(1, "Fjellkaffe", "new")]));
    layOutColumns();
    renderApp(<DealsPage />, { path: "/admin/deals" });
    const handle = await screen.findByRole("button", { name: "Move Fjellkaffe" });
    expect(handle).toHaveAttribute("aria-roledescription", "draggable");
    handle.focus();
    const key = (code: string) =>
      act(async () => {
        fireEvent.keyDown(document.activeElement ?? handle, {
          code,
          key: code === "Space" ? " " : code,
        });
      });
    await key("Space");
    await key("ArrowRight");
    await key("ArrowRight");
    await key("Space");
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PATCH", "/api/admin/deals/1")).toEqual([{ stage: "booked" }]),
    );
    expect(within(column("booked")).getByText("Fjellkaffe")).toBeVisible();
    // A screen reader heard where it went.
    expect(document.body).toHaveTextContent("Fjellkaffe moved to Booked.");
  });

  it("keeps an arrow pressed at once after the pick-up, before dnd-kit listens for keys", async () => {
    const fetchMock = mockApi(dealsServer([deal(1, "Fjellkaffe", "new")]));
    layOutColumns();
    renderApp(<DealsPage />, { path: "/admin/deals" });
    const handle = await screen.findByRole("button", { name: "Move Fjellkaffe" });
    handle.focus();
    // Space and the arrow in one task, as a quick hand or a busy browser sends them: dnd-kit's
    // own sensor listens one task after the pick-up, and the arrow went nowhere.
    await act(async () => {
      fireEvent.keyDown(handle, { code: "Space", key: " " });
      fireEvent.keyDown(document.activeElement ?? handle, {
        code: "ArrowRight",
        key: "ArrowRight",
      });
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: "Space", key: " " });
    });
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PATCH", "/api/admin/deals/1")).toEqual([
        { stage: "negotiating" },
      ]),
    );
    expect(within(column("negotiating")).getByText("Fjellkaffe")).toBeVisible();
  });

  it("moves a card dragged by its name with the mouse, and a click on the name still opens it", async () => {
    const fetchMock = mockApi(dealsServer([deal(1, "Fjellkaffe", "new")]));
    layOutColumns();
    renderApp(<DealsPage />, { path: "/admin/deals" });
    const name = await screen.findByRole("link", { name: "Fjellkaffe" });
    /** Presses on the name, moves past the sensor's 6 px in steps, releases at `to`. */
    const dragName = async (to: number) => {
      await act(async () => {
        fireEvent.mouseDown(name, { button: 0, clientX: 40, clientY: 80 });
      });
      for (const clientX of [50, (40 + to) / 2, to]) {
        await act(async () => {
          fireEvent.mouseMove(document, { clientX, clientY: 100 });
        });
      }
      await act(async () => {
        fireEvent.mouseUp(document, { clientX: to, clientY: 100 });
      });
    };

    // Dragged within its own column and released on its name: the click that follows opens
    // nothing, and nothing moves.
    await dragName(120);
    const opened = fireEvent.click(name, { clientX: 120, clientY: 100 });
    expect(opened, "the link's navigation after a drag").toBe(false);
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/admin\/deals$/);
    expect(sentBodies(fetchMock, "PATCH", "/api/admin/deals/1")).toEqual([]);

    // Dragged over Booked (x 520 to 760): it moves there.
    await dragName(600);
    // The click a browser sends after the release, on what was both pressed and released in.
    fireEvent.click(document.body, { clientX: 600, clientY: 100 });
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PATCH", "/api/admin/deals/1")).toEqual([{ stage: "booked" }]),
    );
    expect(within(column("booked")).getByText("Fjellkaffe")).toBeVisible();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/admin\/deals$/);

    // A click where it was pressed opens the deal.
    const moved = within(column("booked")).getByRole("link", { name: "Fjellkaffe" });
    fireEvent.mouseDown(moved, { button: 0, clientX: 530, clientY: 80 });
    fireEvent.mouseUp(document, { clientX: 530, clientY: 80 });
    fireEvent.click(moved, { clientX: 530, clientY: 80 });
    expect(screen.getByTestId("location")).toHaveTextContent("/admin/deals/1");
  });

  it("adds a deal by hand with the server's defaults, and shows the rules' messages", async () => {
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/deals": () => json([]),
      "POST /api/admin/deals": () => json(deal(7, "Havbris", "new"), 201),
    });
    renderApp(<DealsPage />, { path: "/admin/deals" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New deal" }));
    const dialog = await screen.findByRole("dialog", { name: "New deal" });
    await user.type(within(dialog).getByLabelText("Contact e-mail"), "ola@");
    await user.clear(within(dialog).getByLabelText("Videos"));
    await user.type(within(dialog).getByLabelText("Videos"), "101");
    await user.click(within(dialog).getByRole("button", { name: "Add deal" }));
    expect(await within(dialog).findByText("Brand is required")).toBeVisible();
    expect(within(dialog).getByText("Please enter a valid email address")).toBeVisible();
    expect(
      within(dialog).getByText("Number of videos must be a whole number from 0 to 100"),
    ).toBeVisible();
    expect(sentBodies(fetchMock, "POST", "/api/admin/deals")).toEqual([]);

    await user.type(within(dialog).getByLabelText("Brand"), "  Havbris ");
    await user.clear(within(dialog).getByLabelText("Contact e-mail"));
    await user.clear(within(dialog).getByLabelText("Videos"));
    await user.type(within(dialog).getByLabelText("Videos"), "2");
    await user.clear(within(dialog).getByLabelText("Price"));
    await user.type(within(dialog).getByLabelText("Price"), "4500");
    await user.type(within(dialog).getByLabelText("Due date"), "2026-04-01");
    await user.click(within(dialog).getByRole("button", { name: "Add deal" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "POST", "/api/admin/deals")).toEqual([
        {
          brand: "Havbris",
          contactName: "",
          contactEmail: "",
          language: "no",
          package: "",
          price: 4500,
          currency: "NOK",
          deliverableCount: 2,
          deliverableSeconds: 0,
          deliverableFormat: "9:16",
          dueDate: "2026-04-01",
          brief: "",
          notes: "",
          stage: "new",
        },
      ]),
    );
    expect(await screen.findByText("Deal added")).toBeInTheDocument();
  });
});

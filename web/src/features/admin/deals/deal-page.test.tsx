import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { DealWithEvents } from "@/api/deals.admin";
import { paths } from "@/lib/paths";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { DealPage } from "./deal-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };

const stored: DealWithEvents = {
  id: 4,
  brand: "Nordlys AS",
  contactName: "Ola Nordmann",
  contactEmail: "ola@nordlys.no",
  language: "en",
  package: "Pakketilbud 1",
  price: 6300,
  currency: "NOK",
  deliverableCount: 3,
  deliverableSeconds: 30,
  deliverableFormat: "9:16",
  dueDate: "2026-03-20",
  brief: "Tre videoer til lanseringen.",
  notes: "",
  stage: "booked",
  inquiryId: 9,
  createdAt: "2026-03-01T10:00:00Z",
  updatedAt: "2026-03-02T10:00:00Z",
  events: [
    {
      id: 1,
      dealId: 4,
      brand: "Nordlys AS",
      at: "2026-03-01T10:00:00Z",
      actor: { id: 1, name: "Kari" },
      kind: "created",
      toStage: "new",
      changes: [],
      detail: "from inquiry 9",
    },
    {
      id: 2,
      dealId: 4,
      brand: "Nordlys AS",
      at: "2026-03-02T10:00:00Z",
      actor: { id: 1, name: "Kari" },
      kind: "updated",
      fromStage: "new",
      toStage: "booked",
      changes: [{ field: "price", from: "2500", to: "6300" }, { field: "brief" }],
    },
  ],
};

function renderDeal() {
  return renderApp(<Route path={paths.admin.deal} component={DealPage} />, {
    path: "/admin/deals/4",
  });
}

describe("a deal's page", () => {
  it("shows every field and the history with who did what", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/deals/4": () => json(stored),
    });
    renderDeal();
    expect(await screen.findByRole("heading", { level: 1, name: "Nordlys AS" })).toBeVisible();
    expect(screen.getByTestId("deal-stage")).toHaveTextContent("Booked");
    expect(screen.getByLabelText("Brand")).toHaveValue("Nordlys AS");
    expect(screen.getByLabelText("Contact e-mail")).toHaveValue("ola@nordlys.no");
    expect(screen.getByLabelText("Price")).toHaveValue(6300);
    expect(screen.getByLabelText("Due date")).toHaveValue("2026-03-20");
    expect(screen.getByRole("combobox", { name: "Brand's language" })).toHaveTextContent("English");
    expect(screen.getByRole("link", { name: /From an inquiry/ })).toHaveAttribute(
      "href",
      "/admin/inquiries?inquiry=9",
    );
    const events = within(screen.getByTestId("deal-history")).getAllByTestId("deal-event");
    // Newest first.
    expect(events[0]).toHaveTextContent("Kari moved it from New to Booked");
    expect(events[0]).toHaveTextContent("Kari changed the price from NOK 2,500 to NOK 6,300");
    expect(events[0]).toHaveTextContent("Kari changed the brief");
    expect(events[1]).toHaveTextContent("Kari made the deal (from inquiry 9) in New");
  });

  it("saves only the fields the admin changed, and refuses a broken rule first", async () => {
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/deals/4": () => json(stored),
      "PATCH /api/admin/deals/4": () => json({ ...stored, price: 7000 }),
    });
    renderDeal();
    const user = userEvent.setup();
    const price = await screen.findByLabelText("Price");
    await user.clear(price);
    await user.type(price, "7000");
    await user.clear(screen.getByLabelText("Due date"));
    await user.type(screen.getByLabelText("Due date"), "2026-03-27");
    await user.type(screen.getByLabelText(/Notes/), "x".repeat(3));
    await user.clear(screen.getByLabelText("Brand"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Brand is required")).toBeVisible();
    expect(sentBodies(fetchMock, "PATCH", "/api/admin/deals/4")).toEqual([]);

    await user.type(screen.getByLabelText("Brand"), "Nordlys AS");
    await user.click(screen.getByRole("button", { name: "Save" }));
    // The brand is back as it was: only what changed goes (a move on the board stays).
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PATCH", "/api/admin/deals/4")).toEqual([
        { price: 7000, dueDate: "2026-03-27", notes: "xxx" },
      ]),
    );
    expect(await screen.findByText("Deal saved")).toBeInTheDocument();
  });

  it("deletes after a confirmation, then shows the board", async () => {
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/deals/4": () => json(stored),
      "DELETE /api/admin/deals/4": () => new Response(null, { status: 204 }),
    });
    renderDeal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this deal?" });
    expect(confirm).toHaveTextContent("the deal with Nordlys AS and its history");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/admin/deals"));
    expect(screen.getByTestId("location").textContent).toBe("/admin/deals");
  });

  it("says so when the deal does not exist", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/deals/4": () => json({ message: "Deal not found" }, 404),
    });
    renderDeal();
    expect(await screen.findByText("This deal does not exist (any more).")).toBeVisible();
  });
});

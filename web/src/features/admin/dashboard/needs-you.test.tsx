import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Link, Route, Switch } from "wouter";
import { json, mockApi, renderApp } from "@/test/render-app";
import { NeedsYou } from "./needs-you";

const summary = (
  dueThisWeek: Array<{ id: number; overdue: boolean }>,
  answered: Array<{ id: number; brand: string }> = [],
) => ({
  stages: [],
  open: { stage: "open", count: 0, value: {} },
  today: "2026-03-11",
  weekStart: "2026-03-09",
  weekEnd: "2026-03-15",
  dueThisWeek: dueThisWeek.map((d) => ({
    brand: `Brand ${d.id}`,
    stage: "booked",
    dueDate: "2026-03-12",
    price: 1000,
    currency: "NOK",
    ...d,
  })),
  answered: answered.map((a) => ({ at: "2026-03-11T08:30:00Z", ...a })),
});
const inquiry = (id: number, isRead: boolean) => ({
  id,
  name: "Kari",
  email: "kari@example.no",
  company: "",
  service: "",
  message: "Hei, vi vil ha video",
  language: "no",
  isRead,
  createdAt: "2026-03-10T10:00:00Z",
});

describe("the Overview's first card", () => {
  it("names what waits for her, each a link to where she acts", async () => {
    mockApi({
      "GET /api/admin/contact": () =>
        json([inquiry(1, false), inquiry(2, false), inquiry(3, true)]),
      "GET /api/admin/deals/summary?today=2026-03-11": () =>
        json(
          summary([
            { id: 1, overdue: true },
            { id: 2, overdue: false },
            { id: 3, overdue: false },
          ]),
        ),
      "GET /api/admin/billing/summary": () =>
        json({ today: "2026-03-11", overdue: [{ id: 9 }], vatRegistered: true, turnover: null }),
    });
    renderApp(<NeedsYou today="2026-03-11" />);
    const card = await screen.findByTestId("needs-you");
    expect(
      await within(card).findByRole("link", { name: "2 new inquiries to answer" }),
    ).toHaveAttribute("href", "/admin/inquiries");
    expect(
      await within(card).findByRole("link", { name: "1 deal past the due date" }),
    ).toHaveAttribute("href", "/admin/deals");
    expect(within(card).getByRole("link", { name: "2 deals due this week" })).toBeVisible();
    expect(await within(card).findByRole("link", { name: "1 invoice overdue" })).toHaveAttribute(
      "href",
      "/admin/invoices",
    );
  });

  it("says so when nothing waits", async () => {
    mockApi({
      "GET /api/admin/contact": () => json([inquiry(3, true)]),
      "GET /api/admin/deals/summary?today=2026-03-11": () => json(summary([])),
      "GET /api/admin/billing/summary": () =>
        json({ today: "2026-03-11", overdue: [], vatRegistered: true, turnover: null }),
    });
    renderApp(<NeedsYou today="2026-03-11" />);
    expect(
      await screen.findByText("Nothing waits for you: no new inquiries, nothing due this week."),
    ).toBeVisible();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("names the deals where the brand has answered: one links to that deal, several to Deals", async () => {
    const routes = (answered: Array<{ id: number; brand: string }>) => ({
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/deals/summary?today=2026-03-11": () => json(summary([], answered)),
      "GET /api/admin/billing/summary": () =>
        json({ today: "2026-03-11", overdue: [], vatRegistered: true, turnover: null }),
    });
    mockApi(routes([{ id: 7, brand: "Fjellkaffe" }]));
    const one = renderApp(<NeedsYou today="2026-03-11" />);
    expect(
      await screen.findByRole("link", { name: "1 deal where the brand has answered" }),
    ).toHaveAttribute("href", "/admin/deals/7");
    one.unmount();

    mockApi(
      routes([
        { id: 9, brand: "Nordlys" },
        { id: 7, brand: "Fjellkaffe" },
      ]),
    );
    renderApp(<NeedsYou today="2026-03-11" />);
    expect(
      await screen.findByRole("link", { name: "2 deals where the brand has answered" }),
    ).toHaveAttribute("href", "/admin/deals");
  });

  it("drops the line once she has opened the deal and comes back to the Overview", async () => {
    // The server clears the answer when the deal is opened; here the test plays the server.
    let opened = false;
    mockApi({
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/deals/summary?today=2026-03-11": () =>
        json(summary([], opened ? [] : [{ id: 7, brand: "Fjellkaffe" }])),
      "GET /api/admin/billing/summary": () =>
        json({ today: "2026-03-11", overdue: [], vatRegistered: true, turnover: null }),
    });
    renderApp(
      <Switch>
        <Route path="/admin/deals/7">
          <Link href="/">Back to the Overview</Link>
        </Route>
        <Route>
          <NeedsYou today="2026-03-11" />
        </Route>
      </Switch>,
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("link", { name: "1 deal where the brand has answered" }),
    );
    opened = true;
    await user.click(screen.getByRole("link", { name: "Back to the Overview" }));
    expect(
      await screen.findByText("Nothing waits for you: no new inquiries, nothing due this week."),
    ).toBeVisible();
    expect(screen.queryByRole("link", { name: /brand has answered/ })).toBeNull();
  });
});

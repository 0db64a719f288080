import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockApi, renderApp } from "@/test/render-app";
import { Pipeline } from "./pipeline";

const stage = (name: string, count: number, value: Record<string, number>) => ({
  stage: name,
  count,
  value,
});

describe("the Overview's pipeline", () => {
  it("shows the value of each stage and what is due this week, for the admin's own day", async () => {
    const fetchMock = mockApi({
      "GET /api/admin/deals/summary?today=2026-03-11": () =>
        json({
          stages: [
            stage("new", 1, { EUR: 500 }),
            stage("negotiating", 0, {}),
            stage("booked", 2, { NOK: 16300 }),
            stage("in_production", 1, { NOK: 2500 }),
            stage("delivered", 0, {}),
            stage("paid", 1, { NOK: 3000 }),
            stage("lost", 1, { NOK: 9000 }),
          ],
          // As Go writes a map: its keys sorted, EUR before NOK.
          open: stage("open", 4, { EUR: 500, NOK: 18800 }),
          today: "2026-03-11",
          weekStart: "2026-03-09",
          weekEnd: "2026-03-15",
          dueThisWeek: [
            {
              id: 3,
              brand: "Late AS",
              stage: "in_production",
              dueDate: "2026-03-02",
              price: 2500,
              currency: "NOK",
              overdue: true,
            },
            {
              id: 4,
              brand: "Sunday AS",
              stage: "booked",
              dueDate: "2026-03-15",
              price: 10000,
              currency: "NOK",
              overdue: false,
            },
          ],
        }),
    });
    renderApp(<Pipeline today="2026-03-11" />);
    expect(await screen.findByTestId("pipeline-open")).toHaveTextContent("NOK 18,800 + EUR 500");
    expect(screen.getByText("open in 4 deals")).toBeVisible();
    expect(screen.getByTestId("pipeline-stage-booked")).toHaveTextContent("Booked (2)NOK 16,300");
    expect(screen.getByTestId("pipeline-stage-negotiating")).toHaveTextContent("Negotiating (0)—");
    const due = within(screen.getByTestId("due-this-week")).getAllByRole("listitem");
    expect(due[0]).toHaveTextContent("Late AS");
    expect(due[0]).toHaveTextContent("Overdue");
    expect(within(due[0] as HTMLElement).getByRole("link")).toHaveAttribute(
      "href",
      "/admin/deals/3",
    );
    expect(due[1]).toHaveTextContent("Sun Mar 15");
    expect(due[1]).not.toHaveTextContent("Overdue");
    expect(screen.getByText("(Mar 9 – Mar 15)")).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

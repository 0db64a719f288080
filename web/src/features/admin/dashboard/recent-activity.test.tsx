import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockApi, renderApp } from "@/test/render-app";
import { RecentActivity } from "./recent-activity";

describe("recent activity", () => {
  it("lists the server's events newest first, each linking its screen", async () => {
    mockApi({
      "GET /api/admin/activity": () =>
        json([
          {
            type: "inquiry",
            at: "2025-06-10T09:30:00Z",
            text: "Inquiry from Kari Nordmann (Acme AS)",
            link: "/admin/inquiries",
          },
          { type: "pitch-open", at: "2025-06-10T08:00:00Z", text: 'Pitch link "Acme" opened' },
        ]),
    });
    renderApp(<RecentActivity />);
    expect(
      await screen.findByRole("link", { name: "Inquiry from Kari Nordmann (Acme AS)" }),
    ).toHaveAttribute("href", "/admin/inquiries");
    expect(screen.getByText('Pitch link "Acme" opened')).toBeVisible();
    const items = screen.getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Kari Nordmann");
  });

  it("says so when nothing happened yet", async () => {
    mockApi({ "GET /api/admin/activity": () => json([]) });
    renderApp(<RecentActivity />);
    expect(await screen.findByText(/Nothing yet/)).toBeVisible();
  });
});

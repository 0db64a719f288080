import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { EndingLicence } from "@/api/rooms.admin";
import { json, mockApi, renderApp } from "@/test/render-app";
import { LicencesEnding } from "./licences-ending";

const licence = (over: Partial<EndingLicence>): EndingLicence => ({
  id: 1,
  dealId: 4,
  deliverable: 1,
  usage: "paid",
  channels: ["TikTok"],
  territory: "Norge",
  startDate: "2026-01-01",
  endDate: "2026-06-30",
  whitelisting: false,
  createdAt: "2026-01-01T10:00:00Z",
  updatedAt: "2026-01-01T10:00:00Z",
  brand: "Fjellkaffe",
  daysLeft: 14,
  ...over,
});

describe("the Overview's licences ending soon", () => {
  it("lists each with its deal, asked for the admin's own day", async () => {
    const fetchMock = mockApi({
      "GET /api/admin/licences/ending?today=2026-06-16&days=30": () =>
        json([
          licence({
            id: 2,
            brand: "Nordlys",
            dealId: 7,
            deliverable: 2,
            endDate: "2026-06-14",
            daysLeft: -2,
          }),
          licence({ daysLeft: 0, endDate: "2026-06-16" }),
          licence({ id: 3, daysLeft: 1, endDate: "2026-06-17" }),
        ]),
    });
    renderApp(<LicencesEnding today="2026-06-16" />);
    const ended = await screen.findByRole("link", { name: "Nordlys · video 2" });
    expect(ended).toHaveAttribute("href", "/admin/deals/7");
    expect(screen.getByText("ended 2 days ago (Jun 14, 2026)")).toBeVisible();
    expect(screen.getByText("ends today (Jun 16, 2026)")).toBeVisible();
    expect(screen.getByText("ends in 1 day (Jun 17, 2026)")).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says when none ends soon", async () => {
    mockApi({ "GET /api/admin/licences/ending?today=2026-06-16&days=30": () => json([]) });
    renderApp(<LicencesEnding today="2026-06-16" />);
    expect(await screen.findByText("No licence ends in the next 30 days.")).toBeVisible();
  });
});

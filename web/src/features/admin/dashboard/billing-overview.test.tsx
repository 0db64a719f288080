import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BillingSummary } from "@/api/billing.admin";
import { json, mockApi, renderApp } from "@/test/render-app";
import { BillingOverview } from "./billing-overview";

const summary = (over: Partial<BillingSummary>): BillingSummary => ({
  today: "2026-03-28",
  overdue: [],
  vatRegistered: false,
  turnover: {
    from: "2025-03-29",
    to: "2026-03-28",
    amount: 12_000_00,
    threshold: 50_000_00,
    warnFrom: 40_000_00,
  },
  vatWarning: "none",
  ...over,
});

describe("the Overview's billing card", () => {
  it("lists the overdue invoices, each linking to its page", async () => {
    const fetchMock = mockApi({
      "GET /api/admin/billing/summary": () =>
        json(
          summary({
            overdue: [
              {
                id: 3,
                dealId: 1,
                kind: "invoice",
                number: 1001,
                buyer: "Fjellkaffe",
                dueDate: "2026-03-27",
                currency: "NOK",
                outstanding: 7875_00,
              },
              {
                id: 9,
                dealId: 2,
                kind: "deposit",
                number: 1003,
                buyer: "Nordlys AB",
                dueDate: "2026-03-27",
                currency: "EUR",
                outstanding: 500_00,
              },
            ],
          }),
        ),
    });
    renderApp(<BillingOverview />);
    const first = await screen.findByRole("link", { name: "Invoice 1001 · Fjellkaffe" });
    expect(first).toHaveAttribute("href", "/admin/invoices/3");
    expect(screen.getByRole("link", { name: "Deposit 1003 · Nordlys AB" })).toHaveAttribute(
      "href",
      "/admin/invoices/9",
    );
    expect(screen.getByText("NOK 7,875.00 due Mar 27, 2026")).toBeVisible();
    expect(screen.getByText("EUR 500.00 due Mar 27, 2026")).toBeVisible();
    // Under 40 000 kr: the figure, no warning.
    expect(screen.getByText("NOK 12,000.00")).toBeVisible();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "24");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("warns from 40 000 kr, in both languages", async () => {
    mockApi({
      "GET /api/admin/billing/summary": () =>
        json(
          summary({
            vatWarning: "approaching",
            turnover: {
              from: "2025-03-29",
              to: "2026-03-28",
              amount: 41_500_00,
              threshold: 50_000_00,
              warnFrom: 40_000_00,
            },
          }),
        ),
    });
    renderApp(<BillingOverview />);
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Du nærmer deg 50 000 kr");
    expect(status).toHaveTextContent("You are nearing NOK 50,000");
    expect(screen.getByText("No invoice is overdue.")).toBeVisible();
  });

  it("says she must register at 50 000 kr, and what to do, in both languages", async () => {
    mockApi({
      "GET /api/admin/billing/summary": () =>
        json(
          summary({
            vatWarning: "must-register",
            turnover: {
              from: "2025-03-29",
              to: "2026-03-28",
              amount: 50_000_00,
              threshold: 50_000_00,
              warnFrom: 40_000_00,
            },
          }),
        ),
    });
    renderApp(<BillingOverview />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("må registrere deg i Merverdiavgiftsregisteret (mval. § 2-1)");
    expect(alert).toHaveTextContent("Samordnet registermelding i Altinn");
    expect(alert).toHaveTextContent("you must register in the VAT Register");
    expect(alert).toHaveTextContent("Settings → Billing");
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  });

  it("shows no turnover once she is VAT-registered", async () => {
    mockApi({
      "GET /api/admin/billing/summary": () =>
        json(summary({ vatRegistered: true, turnover: null })),
    });
    renderApp(<BillingOverview />);
    expect(await screen.findByText("No invoice is overdue.")).toBeVisible();
    expect(screen.queryByTestId("vat-line")).toBeNull();
  });

  it("says when the figures fail to load", async () => {
    mockApi({ "GET /api/admin/billing/summary": () => json({ message: "boom" }, 500) });
    renderApp(<BillingOverview />);
    expect(await screen.findByText("Failed to load the invoices.")).toBeVisible();
  });
});

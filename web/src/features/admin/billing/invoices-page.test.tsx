import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { Invoice } from "@/api/billing.admin";
import { adminPaths } from "@/lib/admin-paths";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { DealInvoices } from "./deal-invoices";
import { InvoicesPage } from "./invoices-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const invoice = (id: number, fields: Partial<Invoice>): Invoice => ({
  id,
  dealId: 4,
  kind: "invoice",
  number: String(1000 + id),
  state: "issued",
  currency: "NOK",
  language: "no",
  issueDate: "2026-03-01",
  dueDate: "2026-03-15",
  deliveryDate: "2026-03-01",
  vatMode: "domestic",
  buyer: {
    name: "Nordlys AS",
    orgNumber: "974760673",
    vatId: "",
    address: { street: "Storgata 1", postalCode: "0155", city: "Oslo", country: "NO" },
    email: "",
    reference: "",
  },
  lines: [],
  totals: { net: 10_000_00, vat: 2_500_00, gross: 12_500_00 },
  kid: "",
  paid: 0,
  outstanding: 12_500_00,
  note: "",
  correctsId: null,
  prepaid: 0,
  payable: 12_500_00,
  credited: 0,
  payments: [],
  pdfSha256: "",
  ehfSha256: "",
  ...fields,
});

const all = [
  invoice(1, { state: "overdue", dueDate: "2026-02-01", outstanding: 12_500_00 }),
  invoice(2, {
    state: "partly-paid",
    buyer: { ...invoice(0, {}).buyer, name: "Fjellkaffe" },
    outstanding: 2_500_50,
  }),
  invoice(3, { number: null, state: "draft", dealId: 9, dueDate: "" }),
  invoice(4, { kind: "credit-note", dealId: 8, dueDate: "", outstanding: 0, correctsId: 1 }),
];

describe("the Invoices screen", () => {
  it("lists number, buyer, state, due date and outstanding, filters by state, and opens a row", async () => {
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/invoices": () => json(all),
      "GET /api/admin/invoices?state=overdue": () => json([all[0]]),
    });
    renderApp(<Route path={adminPaths.invoices} component={InvoicesPage} />, {
      path: "/admin/invoices",
    });
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId("invoice-row");
    expect(rows).toHaveLength(4);
    expect(plain(rows[1]?.textContent ?? "")).toBe(
      "1002InvoiceFjellkaffePartly paidDue 2026-03-15NOK 2,500.50",
    );
    expect(rows[2]).toHaveTextContent("DraftInvoiceNordlys ASDraft");
    // A credit note owes nothing: what it takes off is said in words, not as a negative amount owed.
    expect(plain(rows[3]?.textContent ?? "")).toMatch(/Credit note.*credits NOK 12,500\.00$/);

    await user.click(screen.getByRole("button", { name: "Overdue" }));
    expect(screen.getByRole("button", { name: "Overdue" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(screen.getAllByTestId("invoice-row")).toHaveLength(1));
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain("/api/admin/invoices?state=overdue");
    expect(screen.getByTestId("location")).toHaveTextContent("/admin/invoices");

    await user.click(within(screen.getByTestId("invoice-row")).getByRole("link"));
    expect(screen.getByTestId("location")).toHaveTextContent("/admin/invoices/1");
    expect(sentBodies(fetchMock, "POST", "/api/admin/invoices")).toEqual([]);
  });
});

describe("a deal's invoices", () => {
  it("lists only the deal's, and makes a draft that opens in the editor", async () => {
    const fetchMock = mockApi({
      "GET /api/admin/invoices": () => json(all),
      "POST /api/admin/deals/4/invoices": () =>
        json(invoice(11, { number: null, state: "draft", kind: "deposit" }), 201),
    });
    renderApp(<DealInvoices dealId={4} />);
    const user = userEvent.setup();
    expect(await screen.findAllByTestId("invoice-row")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Make deposit request" }));
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/admin/invoices/11"),
    );
    expect(sentBodies(fetchMock, "POST", "/api/admin/deals/4/invoices")).toEqual([
      { kind: "deposit" },
    ]);
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { Invoice } from "@/api/billing.admin";
import type { FikenConnection, FikenDocument, FikenStatus } from "@/api/fiken.admin";
import { adminPaths } from "@/lib/admin-paths";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { InvoicePage } from "./invoice-page";
import { SettingsPage } from "./settings-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };
const token = "fiken-personal-token-7f3a9c";

const notConnected: FikenConnection = {
  connected: false,
  source: "",
  company: "",
  bankAccount: "",
  connectedAt: null,
};
const connected: FikenConnection = {
  connected: true,
  source: "settings",
  company: "kari-nordmann-film",
  bankAccount: "1920:10001",
  connectedAt: "2026-03-13T10:00:00Z",
};

describe("Settings → Billing → Fiken", () => {
  it("connects with the token, company and account, and never shows the token again", async () => {
    let state = notConnected;
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/billing": () => json({}),
      "GET /api/admin/invoices": () => json([]),
      "GET /api/admin/billing/fiken": () => json(state),
      "PUT /api/admin/billing/fiken": () => {
        state = connected;
        return json(connected);
      },
      "POST /api/admin/billing/fiken/test": () =>
        json({ ok: false, company: "", message: "the API token is wrong or revoked (401)" }),
    });
    renderApp(<Route path={adminPaths.settings} component={SettingsPage} />, {
      path: "/admin/settings",
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Connect Fiken" }));
    expect(await screen.findByText("The API token is required")).toBeVisible();
    await user.type(screen.getByLabelText("API token"), token);
    await user.type(screen.getByLabelText("Company slug"), "kari-nordmann-film");
    await user.click(screen.getByRole("button", { name: "Connect Fiken" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PUT", "/api/admin/billing/fiken")).toEqual([
        { token, company: "kari-nordmann-film", bankAccount: "1920:10001" },
      ]),
    );
    expect(await screen.findByText(/Connected to/)).toHaveTextContent(
      "Connected to kari-nordmann-film; payments go to account 1920:10001.",
    );
    expect(document.body.textContent).not.toContain(token.slice(-4));
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "the API token is wrong or revoked (401)",
    );
  });

  it("shows Fiken's refusal of the connection", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/billing": () => json({}),
      "GET /api/admin/invoices": () => json([]),
      "GET /api/admin/billing/fiken": () => json(notConnected),
      "PUT /api/admin/billing/fiken": () =>
        json(
          {
            message: "Fiken did not accept the connection: the API token is wrong or revoked (401)",
          },
          400,
        ),
    });
    renderApp(<Route path={adminPaths.settings} component={SettingsPage} />, {
      path: "/admin/settings",
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("API token"), "wrong");
    await user.type(screen.getByLabelText("Company slug"), "kari");
    await user.click(screen.getByRole("button", { name: "Connect Fiken" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Fiken did not accept the connection: the API token is wrong or revoked (401)",
    );
  });
});

const draft = {
  id: 7,
  dealId: 4,
  kind: "invoice",
  number: null,
  state: "draft",
  currency: "NOK",
  language: "no",
  issueDate: "",
  dueDate: "",
  deliveryDate: "2026-03-20",
  vatMode: "domestic",
  buyer: {
    name: "Nordlys AS",
    orgNumber: "123456785",
    vatId: "",
    address: { street: "", postalCode: "", city: "", country: "NO" },
    email: "ola@nordlys.no",
    reference: "",
  },
  lines: [{ description: "3 videos", quantity: 3, unitPrice: 2_100_00, vatRate: 25 }],
  totals: { net: 6_300_00, vat: 1_575_00, gross: 7_875_00 },
  kid: "",
  paid: 0,
  outstanding: 0,
  note: "",
  correctsId: null,
  prepaid: 0,
  payable: 0,
  credited: 0,
  payments: [],
  pdfSha256: "",
  ehfSha256: "",
} as unknown as Invoice;

const fikenDoc = (over: Partial<FikenDocument>): FikenDocument => ({
  id: 1,
  kind: "invoice",
  sourceId: 7,
  invoiceId: null,
  state: "pending",
  fikenId: null,
  fikenNumber: null,
  sentVia: "",
  error: "",
  errorStatus: 0,
  retrying: false,
  ...over,
});

describe("The invoice page's Fiken part", () => {
  it("issues a draft in Fiken and shows how it was sent", async () => {
    let status: FikenStatus = { connected: true, document: null, creditNotes: [], payments: [] };
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/invoices/7": () => json(draft),
      "GET /api/admin/invoices/7/fiken": () => json(status),
      "GET /api/admin/billing/fiken": () => json(connected),
      "POST /api/admin/invoices/7/fiken/issue": () => {
        status = {
          ...status,
          document: fikenDoc({ state: "sent", fikenNumber: 10001, sentVia: "ehf", invoiceId: 7 }),
        };
        return json(fikenDoc({}), 202);
      },
    });
    renderApp(<Route path={adminPaths.invoice} component={InvoicePage} />, {
      path: "/admin/invoices/7",
    });
    const user = userEvent.setup();
    const issueInFiken = await screen.findByRole("button", { name: "Issue in Fiken" });
    // Fiken numbers the invoices while connected: the own series' button is not offered.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Issue…" })).toBeNull());
    await user.click(issueInFiken);
    await waitFor(() =>
      expect(sentBodies(fetchMock, "POST", "/api/admin/invoices/7/fiken/issue")).toEqual([{}]),
    );
    expect(await screen.findByText("Invoice 10001 issued in Fiken and sent by EHF.")).toBeVisible();
  });

  it("shows Fiken's refusal and offers to try again; a retry in waiting says so", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/invoices/7": () => json(draft),
      "GET /api/admin/invoices/7/fiken": () =>
        json({
          connected: true,
          document: fikenDoc({
            state: "failed",
            errorStatus: 401,
            error: "Fiken refused the API token (401): Full authentication is required",
          }),
          creditNotes: [
            fikenDoc({ id: 2, kind: "credit-note", retrying: true, error: "Fiken answered 429" }),
          ],
          payments: [],
        }),
    });
    renderApp(<Route path={adminPaths.invoice} component={InvoicePage} />, {
      path: "/admin/invoices/7",
    });
    expect(
      await screen.findByText(
        "Fiken refused: Fiken refused the API token (401): Full authentication is required",
      ),
    ).toHaveClass("text-destructive");
    expect(screen.getByRole("button", { name: "Try again in Fiken" })).toBeEnabled();
    expect(
      screen.getByText(
        "Fiken did not take it yet (Fiken answered 429); trying again automatically.",
      ),
    ).toBeVisible();
  });

  it("shows nothing of Fiken when it is not connected and the invoice was not made there", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
      "GET /api/admin/invoices/7": () => json(draft),
      "GET /api/admin/invoices/7/fiken": () =>
        json({ connected: false, document: null, creditNotes: [], payments: [] }),
      "GET /api/admin/billing/fiken": () => json(notConnected),
    });
    renderApp(<Route path={adminPaths.invoice} component={InvoicePage} />, {
      path: "/admin/invoices/7",
    });
    expect(await screen.findByText("Nordlys AS", { selector: "p" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Issue in Fiken" })).toBeNull();
    expect(await screen.findByRole("button", { name: "Issue…" })).toBeVisible();
  });
});

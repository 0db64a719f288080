import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { Invoice } from "@/api/billing.admin";
import { adminPaths } from "@/lib/admin-paths";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { InvoicePage } from "./invoice-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };
const url = "/api/admin/invoices/7";

/** Intl's no-break spaces as plain ones. */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const draft: Invoice = {
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
    orgNumber: "",
    vatId: "",
    address: { street: "", postalCode: "", city: "", country: "NO" },
    email: "ola@nordlys.no",
    reference: "",
  },
  lines: [
    { description: "3 videos, 30 s, organic use", quantity: 3, unitPrice: 2_100_00, vatRate: 25 },
  ],
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
};

const issued: Invoice = {
  ...draft,
  number: "1001",
  state: "issued",
  issueDate: "2026-03-21",
  dueDate: "2026-04-04",
  kid: "00010016",
  outstanding: 7_875_00,
  payable: 8_875_00,
  totals: { net: 7_100_00, vat: 1_775_00, gross: 8_875_00 },
  paid: 1_000_00,
  payments: [{ id: 3, amount: 1_000_00, paidOn: "2026-03-25", method: "bank" }],
  pdfSha256: "9f2c…",
  ehfSha256: "41ab…",
  lines: [
    { description: "3 videos, 30 s, organic use", quantity: 3, unitPrice: 2_100_00, vatRate: 25 },
    { description: "Paid usage, 3 months, Norway", quantity: 1, unitPrice: 1_000_00, vatRate: 25 },
  ],
};

function renderInvoice(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({
    "GET /api/user": () => json(admin),
    "GET /api/admin/contact": () => json([]),
    ...routes,
  });
  renderApp(<Route path={adminPaths.invoice} component={InvoicePage} />, {
    path: "/admin/invoices/7",
  });
  return fetchMock;
}

describe("a draft invoice", () => {
  it("shows the totals live, with the VAT of a rate on its summed lines, and saves øre exactly", async () => {
    const fetchMock = renderInvoice({
      "GET /api/admin/invoices/7": () => json(draft),
      "PATCH /api/admin/invoices/7": () => json(draft),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Invoice (draft)" })).toBeVisible();
    expect(plain(screen.getByTestId("total-gross").textContent)).toBe("NOK 7,875.00");

    // Three lines of 0.33 kr at 25 %: on their sum (0.99) the VAT is 0.2475 → 0.25 kr, where
    // line by line it would be 3 × 0.08 = 0.24 kr. The server computes it on the sum; so does this.
    const quantity = screen.getByLabelText("Line 1: quantity");
    await user.clear(quantity);
    await user.type(quantity, "1");
    const price = screen.getByLabelText("Line 1: unit price");
    await user.clear(price);
    await user.type(price, "0,33");
    for (const n of [2, 3]) {
      await user.click(screen.getByRole("button", { name: "Add line" }));
      await user.type(screen.getByLabelText(`Line ${n}: description`), `Extra ${n}`);
      await user.type(screen.getByLabelText(`Line ${n}: unit price`), "0.33");
    }
    expect(plain(screen.getByTestId("total-net").textContent)).toBe("NOK 0.99");
    expect(plain(screen.getByTestId("vat-25").textContent)).toBe("VAT 25 % of NOK 0.99NOK 0.25");
    expect(plain(screen.getByTestId("total-gross").textContent)).toBe("NOK 1.24");

    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(sentBodies(fetchMock, "PATCH", url)).toHaveLength(1));
    const [body] = sentBodies(fetchMock, "PATCH", url) as Array<{ lines: unknown }>;
    expect(body?.lines).toEqual([
      { description: "3 videos, 30 s, organic use", quantity: 1, unitPrice: 33, vatRate: 25 },
      { description: "Extra 2", quantity: 1, unitPrice: 33, vatRate: 25 },
      { description: "Extra 3", quantity: 1, unitPrice: 33, vatRate: 25 },
    ]);
    expect(await screen.findByText("Draft saved")).toBeInTheDocument();
  });

  it("refuses a price it cannot read exactly, and sends nothing", async () => {
    const fetchMock = renderInvoice({ "GET /api/admin/invoices/7": () => json(draft) });
    const user = userEvent.setup();
    const price = await screen.findByLabelText("Line 1: unit price");
    await user.clear(price);
    await user.type(price, "2,100");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(
      await screen.findByText("Write thousands with a space (12 500) and at most 2 decimals"),
    ).toBeVisible();
    expect(sentBodies(fetchMock, "PATCH", url)).toEqual([]);
  });

  it("takes only 0 % once the buyer is a business abroad", async () => {
    const fetchMock = renderInvoice({
      "GET /api/admin/invoices/7": () => json(draft),
      "PATCH /api/admin/invoices/7": () => json(draft),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox", { name: "VAT" }));
    await user.click(await screen.findByRole("option", { name: /Business abroad/ }));
    expect(screen.getByRole("combobox", { name: "Line 1: VAT" })).toHaveTextContent("0 %");
    expect(screen.queryByTestId("vat-25")).toBeNull();
    expect(plain(screen.getByTestId("total-gross").textContent)).toBe("NOK 6,300.00");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PATCH", url)).toEqual([
        expect.objectContaining({
          vatMode: "export",
          lines: [expect.objectContaining({ unitPrice: 2_100_00, vatRate: 0 })],
        }),
      ]),
    );
  });

  it("issues after the confirmation, and shows the server's refusal naming what is missing", async () => {
    let refuse = true;
    let stored = draft;
    const fetchMock = renderInvoice({
      "GET /api/admin/invoices/7": () => json(stored),
      "POST /api/admin/invoices/7/issue": () => {
        if (refuse)
          return json({ message: "Buyer address or organisation number is missing" }, 400);
        stored = issued;
        return json(issued);
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Issue…" }));
    const dialog = await screen.findByRole("dialog", { name: "Issue this invoice?" });
    expect(dialog).toHaveTextContent("An issued invoice cannot be changed");
    expect(sentBodies(fetchMock, "POST", `${url}/issue`)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Issue" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Buyer address or organisation number is missing",
    );

    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: "Issue" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Invoice 1001" })).toBeVisible();
    // Nothing was changed, so nothing was saved first.
    expect(sentBodies(fetchMock, "PATCH", url)).toEqual([]);
    expect(sentBodies(fetchMock, "POST", `${url}/issue`)).toEqual([{}, {}]);
    expect(screen.getByTestId("invoice-state")).toHaveTextContent("Issued");
    expect(screen.getByTestId("invoice-number")).toHaveTextContent("1001");
    expect(screen.getByTestId("invoice-kid")).toHaveTextContent("00010016");
    expect(screen.getByTestId("invoice-due")).toHaveTextContent("2026-04-04");
    expect(screen.getByRole("link", { name: "PDF" })).toHaveAttribute("href", `${url}/pdf`);
    expect(screen.getByRole("link", { name: "EHF (XML)" })).toHaveAttribute("href", `${url}/ehf`);
  });

  it("saves what changed before it issues, and asks the NOK rate of a foreign currency", async () => {
    const eur = { ...draft, currency: "EUR" };
    const fetchMock = renderInvoice({
      "GET /api/admin/invoices/7": () => json(eur),
      "PATCH /api/admin/invoices/7": () => json(eur),
      "POST /api/admin/invoices/7/issue": () => json({ message: "stop here" }, 400),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Buyer's reference"), "PO-77");
    await user.click(screen.getByRole("button", { name: "Issue…" }));
    const dialog = await screen.findByRole("dialog", { name: "Issue this invoice?" });
    const issue = within(dialog).getByRole("button", { name: "Issue" });
    expect(issue).toBeDisabled();
    await user.type(within(dialog).getByLabelText("NOK for 1 EUR today"), "11,4532");
    await user.click(issue);
    await within(dialog).findByRole("alert");
    expect(sentBodies(fetchMock, "PATCH", url)).toEqual([
      expect.objectContaining({ buyer: expect.objectContaining({ reference: "PO-77" }) }),
    ]);
    expect(sentBodies(fetchMock, "POST", `${url}/issue`)).toEqual([{ exchangeRate: "11.4532" }]);
  });

  it("shows the server's refusal of a save beside the buttons", async () => {
    const refusal =
      "buyer.vatId must be a VAT id: the country's two letters and up to 38 letters and digits (SE556677889901)";
    renderInvoice({
      "GET /api/admin/invoices/7": () => json(draft),
      "PATCH /api/admin/invoices/7": () => json({ message: refusal }, 400),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Buyer VAT id (abroad)"), "12");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
    expect(await screen.findByText("Error saving the draft")).toBeInTheDocument();
  });

  it("deletes a draft after a confirmation, then shows the deal", async () => {
    const fetchMock = renderInvoice({
      "GET /api/admin/invoices/7": () => json(draft),
      "DELETE /api/admin/invoices/7": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete draft" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this draft?" });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/admin/deals/4"));
  });
});

describe("an issued invoice", () => {
  it("records a payment, a part of what is outstanding, in øre", async () => {
    const fetchMock = renderInvoice({
      "GET /api/admin/invoices/7": () => json(issued),
      "POST /api/admin/invoices/7/payments": () => json(issued, 201),
    });
    const user = userEvent.setup();
    const amount = await screen.findByLabelText("Amount (NOK)");
    expect(plain(screen.getByTestId("invoice-payments").textContent)).toBe(
      "2026-03-25 · Bank transferNOK 1,000.00",
    );
    expect(amount).toHaveValue("7875.00");
    await user.clear(amount);
    await user.type(amount, "4 000,50");
    const paidOn = screen.getByLabelText("Paid on");
    await user.clear(paidOn);
    await user.type(paidOn, "2026-03-30");
    await user.click(screen.getByRole("button", { name: "Record payment" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "POST", `${url}/payments`)).toEqual([
        { amount: 4_000_50, paidOn: "2026-03-30", method: "bank" },
      ]),
    );
    expect(await screen.findByText("Payment of NOK 4,000.50 recorded")).toBeInTheDocument();
  });

  it("issues a credit note of the chosen lines, with its reason", async () => {
    const note: Invoice = { ...issued, id: 8, kind: "credit-note", number: "1002", correctsId: 7 };
    const fetchMock = renderInvoice({
      "GET /api/admin/invoices/7": () => json(issued),
      "POST /api/admin/invoices/7/credit-note": () => json(note, 201),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Issue credit note" }));
    expect(await screen.findByText("Reason is required")).toBeVisible();
    await user.type(screen.getByLabelText("Reason"), "Paid usage not taken");
    await user.click(screen.getByLabelText("Chosen lines"));
    await user.click(screen.getByRole("button", { name: "Issue credit note" }));
    expect(await screen.findByText("Choose the lines to credit")).toBeVisible();
    await user.click(screen.getByLabelText(/Paid usage, 3 months/));
    await user.click(screen.getByRole("button", { name: "Issue credit note" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "POST", `${url}/credit-note`)).toEqual([
        {
          reason: "Paid usage not taken",
          lines: [
            {
              description: "Paid usage, 3 months, Norway",
              quantity: 1,
              unitPrice: 1_000_00,
              vatRate: 25,
            },
          ],
        },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/admin/invoices/8"),
    );
  });

  it("offers the PDF only when the server made no EHF (a buyer without a Peppol address)", async () => {
    renderInvoice({ "GET /api/admin/invoices/7": () => json({ ...issued, ehfSha256: "" }) });
    expect(await screen.findByRole("link", { name: "PDF" })).toHaveAttribute("href", `${url}/pdf`);
    expect(screen.queryByRole("link", { name: "EHF (XML)" })).toBeNull();
    expect(screen.getByText("No EHF: the buyer has no Peppol address")).toBeVisible();
  });

  it("credits only chosen lines once part of the invoice is credited", async () => {
    renderInvoice({ "GET /api/admin/invoices/7": () => json({ ...issued, credited: 1_250_63 }) });
    expect(await screen.findByLabelText(/The whole invoice 1001/)).toBeDisabled();
    expect(screen.getByLabelText("Chosen lines")).toBeChecked();
    expect(plain(screen.getByText("Credited").nextElementSibling?.textContent ?? "")).toBe(
      "-NOK 1,250.63",
    );
  });

  it("sends it to the buyer's e-mail, and after the EHF warning (409) sends the PDF when told to", async () => {
    let calls = 0;
    const fetchMock = renderInvoice({
      "GET /api/admin/invoices/7": () => json(issued),
      "POST /api/admin/invoices/7/send": () => {
        calls += 1;
        if (calls === 1) {
          return json({ message: "From 1 January 2027 … send again with confirmNoEHF: true" }, 409);
        }
        return json({
          to: "ola@nordlys.no",
          attachments: ["faktura-1001.pdf", "faktura-1001.xml"],
        });
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Send by e-mail" });
    expect(within(form).getByLabelText("To")).toHaveValue("ola@nordlys.no");
    await user.click(within(form).getByRole("button", { name: "Send by e-mail" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(/From 1 January 2027/);
    expect(within(form).queryByTestId("invoice-sent")).toBeNull();

    await user.click(within(form).getByRole("button", { name: "Send the PDF by e-mail anyway" }));
    expect(await within(form).findByTestId("invoice-sent")).toHaveTextContent(
      "Sent to ola@nordlys.no with faktura-1001.pdf and faktura-1001.xml.",
    );
    expect(within(form).queryByRole("alert")).toBeNull();
    expect(sentBodies(fetchMock, "POST", `${url}/send`)).toEqual([
      { to: "ola@nordlys.no" },
      { to: "ola@nordlys.no", confirmNoEHF: true },
    ]);
  });
});

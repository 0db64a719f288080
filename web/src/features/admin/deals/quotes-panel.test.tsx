import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Deal } from "@/api/deals.admin";
import { parseAmount, previewTotals, type Quote } from "@/api/quotes.admin";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { QuotesPanel } from "./quotes-panel";

const deal: Deal = {
  id: 4,
  brand: "Nordlys AS",
  contactName: "Ola",
  contactEmail: "ola@nordlys.no",
  language: "en",
  package: "Starter",
  price: 6300,
  currency: "NOK",
  deliverableCount: 3,
  deliverableSeconds: 30,
  deliverableFormat: "9:16",
  dueDate: "",
  brief: "",
  notes: "",
  stage: "negotiating",
  inquiryId: null,
  createdAt: "2026-03-01T10:00:00Z",
  updatedAt: "2026-03-01T10:00:00Z",
};

const quote = (over: Partial<Quote>): Quote => ({
  id: 11,
  dealId: 4,
  number: 1,
  brand: "Nordlys AS",
  state: "draft",
  currency: "NOK",
  language: "en",
  vatMode: "domestic",
  lines: [
    {
      kind: "item",
      description: "UGC video (Starter), 9:16, 30 s",
      quantity: 3,
      unitPrice: 210000,
      vatRate: 25,
      months: 0,
      territory: "",
      net: 630000,
    },
  ],
  depositPercent: 0,
  paymentTermsDays: 14,
  validUntil: "2026-04-01",
  note: "",
  totals: {
    net: 630000,
    vat: 157500,
    gross: 787500,
    deposit: 0,
    vatLines: [{ rate: 25, taxable: 630000, tax: 157500 }],
  },
  createdAt: "2026-03-02T09:00:00Z",
  updatedAt: "2026-03-02T09:00:00Z",
  sentAt: null,
  withdrawnAt: null,
  documentSha256: "",
  acceptance: null,
  ...over,
});

const list = "/api/admin/deals/4/quotes";

describe("a deal's quotes panel", () => {
  it("edits a draft with its totals live and saves the lines in øre, usage rights as their own line", async () => {
    const fetchMock = mockApi({
      [`GET ${list}`]: () => json([quote({})]),
      "PATCH /api/admin/quotes/11": () => json(quote({})),
    });
    const user = userEvent.setup();
    renderApp(<QuotesPanel deal={deal} />);
    const totals = await screen.findByTestId("quote-totals");
    expect(within(totals).getByTestId("quote-gross")).toHaveTextContent("NOK 7,875.00");

    await user.click(screen.getByRole("button", { name: "Add usage rights" }));
    const price = screen.getByLabelText("Unit price (kr, excl. VAT)", {
      selector: "#quote-11-line-1-price",
    });
    await user.type(price, "1 500,50");
    await user.clear(screen.getByLabelText("Months"));
    await user.type(screen.getByLabelText("Months"), "6");
    await user.clear(screen.getByLabelText("Deposit (%)"));
    await user.type(screen.getByLabelText("Deposit (%)"), "30");
    // 6 300,00 + 1 500,50 = 7 800,50 net; 25 % VAT 1 950,13 (rounded half up); 9 750,63 gross.
    expect(within(totals).getByTestId("quote-gross")).toHaveTextContent("NOK 9,750.63");
    expect(within(totals).getByTestId("quote-deposit")).toHaveTextContent("NOK 2,925.19");

    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PATCH", "/api/admin/quotes/11")).toEqual([
        {
          vatMode: "domestic",
          lines: [
            {
              kind: "item",
              description: "UGC video (Starter), 9:16, 30 s",
              quantity: 3,
              unitPrice: 210000,
              vatRate: 25,
              months: 0,
              territory: "",
            },
            {
              kind: "paid",
              description: "",
              quantity: 1,
              unitPrice: 150050,
              vatRate: 25,
              months: 6,
              territory: "Norway",
            },
          ],
          depositPercent: 30,
          paymentTermsDays: 14,
          validUntil: "2026-04-01",
          note: "",
        },
      ]),
    );
  });

  it("refuses a draft that breaks a rule before sending anything, with the rules' messages", async () => {
    const fetchMock = mockApi({ [`GET ${list}`]: () => json([quote({})]) });
    const user = userEvent.setup();
    renderApp(<QuotesPanel deal={deal} />);
    await user.clear(await screen.findByLabelText("Description"));
    await user.clear(screen.getByLabelText("Deposit (%)"));
    await user.type(screen.getByLabelText("Deposit (%)"), "120");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Description is required")).toBeVisible();
    expect(screen.getByText("Deposit share must be a whole percent from 0 to 100")).toBeVisible();
    expect(sentBodies(fetchMock, "PATCH", "/api/admin/quotes/11")).toEqual([]);
  });

  it("saves a changed draft before sending it", async () => {
    const fetchMock = mockApi({
      [`GET ${list}`]: () => json([quote({})]),
      "PATCH /api/admin/quotes/11": () => json(quote({ note: "Two rounds" })),
      "POST /api/admin/quotes/11/send": () => json(quote({ state: "sent" })),
    });
    const user = userEvent.setup();
    renderApp(<QuotesPanel deal={deal} />);
    await user.type(await screen.findByLabelText("Note to the brand (optional)"), "Two rounds");
    await user.click(screen.getByRole("button", { name: "Save and send" }));
    expect(await screen.findByText("Quote 1 sent to the delivery room")).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${url}`);
    expect(calls.indexOf("PATCH /api/admin/quotes/11")).toBeLessThan(
      calls.indexOf("POST /api/admin/quotes/11/send"),
    );
  });

  it("shows the accepted record and a sent quote's withdrawal; a draft is made from the deal", async () => {
    const hash = "ab".repeat(32);
    const fetchMock = mockApi({
      [`GET ${list}`]: () =>
        json([
          quote({
            id: 13,
            number: 3,
            state: "sent",
            sentAt: "2026-03-03T09:00:00Z",
            documentSha256: "cd".repeat(32),
          }),
          quote({
            id: 12,
            number: 2,
            state: "accepted",
            sentAt: "2026-03-02T09:00:00Z",
            documentSha256: hash,
            acceptance: {
              name: "Kari Nordmann",
              title: "Marketing lead",
              company: "Nordlys AS",
              at: "2026-03-02T10:30:00Z",
              clientAddress: "203.0.113.9",
              sha256: hash,
            },
          }),
        ]),
      "POST /api/admin/quotes/13/withdraw": () => json(quote({ id: 13, state: "withdrawn" })),
      [`POST ${list}`]: () => json(quote({ id: 14, number: 4 }), 201),
    });
    const user = userEvent.setup();
    renderApp(<QuotesPanel deal={deal} />);
    const record = await screen.findByTestId("quote-acceptance");
    expect(record).toHaveTextContent("Kari Nordmann, Marketing lead, Nordlys AS");
    expect(record).toHaveTextContent("203.0.113.9");
    expect(record).toHaveTextContent(hash);
    const states = screen.getAllByTestId("quote-state").map((s) => s.textContent);
    expect(states).toEqual(["Sent – waiting for the brand", "Accepted"]);
    expect(screen.getAllByRole("button", { name: "Withdraw" })).toHaveLength(1); // not the accepted one
    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText("Quote 3 withdrawn")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New quote" }));
    expect(await screen.findByText("Quote 4 drafted from the deal")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u, i]) => u === list && i?.method === "POST")).toBe(true);
  });
});

describe("quote amounts", () => {
  it("reads kroner as a Norwegian or an English writer types them", () => {
    expect(parseAmount("2100")).toBe(210000);
    expect(parseAmount("2 100,5")).toBe(210050);
    expect(parseAmount("2,100.50")).toBe(210050);
    expect(parseAmount("0,05")).toBe(5);
    expect(parseAmount("12.345")).toBeNull();
    expect(parseAmount("-5")).toBeNull();
    expect(parseAmount("")).toBeNull();
  });

  it("counts VAT per rate on the summed lines, as the server does", () => {
    // Three lines of 0,10 kr at 25 %: 0,30 kr whose VAT is 0,08 (not three times 0,03).
    const line = {
      kind: "item" as const,
      description: "x",
      quantity: 1,
      unitPrice: 10,
      vatRate: 25,
      months: 0,
      territory: "",
    };
    expect(previewTotals({ lines: [line, line, line], depositPercent: 50 })).toEqual({
      net: 30,
      vat: 8,
      gross: 38,
      deposit: 19,
      vatLines: [{ rate: 25, taxable: 30, tax: 8 }],
    });
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { BillingProfile } from "@/api/billing.admin";
import { adminPaths } from "@/lib/admin-paths";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { SettingsPage } from "./settings-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };

const stored: BillingProfile = {
  legalName: "Kari Nordmann ENK",
  orgNumber: "",
  vatRegistered: false,
  inForetaksregisteret: false,
  address: { street: "Storgata 1", postalCode: "3921", city: "Porsgrunn", country: "NO" },
  email: "faktura@kari.no",
  accountNumber: "",
  iban: "",
  bic: "",
  kidAgreement: null,
  paymentTermsDays: 14,
  invoiceLanguage: "no",
  firstInvoiceNumber: 1,
};

function renderSettings(routes: Parameters<typeof mockApi>[0] = {}, invoices: unknown[] = []) {
  const fetchMock = mockApi({
    "GET /api/user": () => json(admin),
    "GET /api/admin/contact": () => json([]),
    "GET /api/admin/billing": () => json(stored),
    "GET /api/admin/invoices": () => json(invoices),
    ...routes,
  });
  renderApp(<Route path={adminPaths.settings} component={SettingsPage} />, {
    path: "/admin/settings",
  });
  return fetchMock;
}

/** The line under a number field that says what its check digit says. */
const checkOf = (label: string) => {
  const id = screen.getByLabelText(label).id;
  return document.getElementById(`${id}-check`);
};

describe("Settings → Billing", () => {
  it("says what the organisation number's check digit says while she types", async () => {
    const fetchMock = renderSettings();
    const user = userEvent.setup();
    const org = await screen.findByLabelText("Organisation number");
    expect(checkOf("Organisation number")).toHaveTextContent("9 digits");
    await user.type(org, "974 760 67");
    expect(checkOf("Organisation number")).toHaveTextContent("8 of 9 digits");
    await user.type(org, "3");
    expect(checkOf("Organisation number")).toHaveTextContent("✓ Check digit is right");
    await user.clear(org);
    await user.type(org, "974760674");
    expect(checkOf("Organisation number")).toHaveTextContent(
      "The check digit does not match (MOD11)",
    );

    await user.click(screen.getByRole("button", { name: "Save billing profile" }));
    expect(
      await screen.findByText(
        "Organisation number must be 9 digits with a valid check digit (MOD11)",
      ),
    ).toBeVisible();
    expect(org).toHaveAttribute("aria-invalid", "true");
    expect(sentBodies(fetchMock, "PUT", "/api/admin/billing")).toEqual([]);
  });

  it("sends the whole profile: numbers without spaces, the KID agreement, numbers as numbers", async () => {
    const fetchMock = renderSettings({
      "PUT /api/admin/billing": (init) => json(JSON.parse(String(init?.body))),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Organisation number"), "974 760 673");
    await user.click(screen.getByLabelText(/VAT-registered/));
    await user.type(screen.getByLabelText("Account number"), "8601.11.17947");
    expect(checkOf("Account number")).toHaveTextContent("✓ Check digit is right");
    await user.type(screen.getByLabelText("IBAN (for payers abroad)"), "no93 8601 1117 947");
    await user.type(screen.getByLabelText("BIC"), "dnbanokk");
    await user.click(screen.getByRole("combobox", { name: "KID agreement" }));
    await user.click(await screen.findByRole("option", { name: "KID, MOD10 (Luhn)" }));
    await user.click(
      await screen.findByRole("combobox", { name: "KID length (check digit included)" }),
    );
    await user.click(await screen.findByRole("option", { name: "7 digits" }));
    const terms = screen.getByLabelText("Payment terms (days)");
    await user.clear(terms);
    await user.type(terms, "400");
    await user.click(screen.getByRole("button", { name: "Save billing profile" }));
    expect(
      await screen.findByText("Payment terms must be a whole number of days from 0 to 365"),
    ).toBeVisible();
    expect(sentBodies(fetchMock, "PUT", "/api/admin/billing")).toEqual([]);

    await user.clear(terms);
    await user.type(terms, "30");
    await user.click(screen.getByRole("button", { name: "Save billing profile" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PUT", "/api/admin/billing")).toEqual([
        {
          ...stored,
          orgNumber: "974760673",
          vatRegistered: true,
          accountNumber: "86011117947",
          iban: "NO9386011117947",
          bic: "DNBANOKK",
          kidAgreement: { length: 7, algorithm: "mod10" },
          paymentTermsDays: 30,
        },
      ]),
    );
    expect(await screen.findByText("Billing profile saved")).toBeInTheDocument();
  });

  it.each([
    [
      "IBAN (for payers abroad)",
      "iban must be an IBAN (2 letters, 2 check digits and the account, valid by MOD97)",
    ],
    [
      "Country (ISO code, e.g. NO)",
      "address.country must be a two-letter country code (ISO 3166-1) like NO",
    ],
    ["Postal code", "address.postalCode must be at most 200 characters"],
  ])("shows the server's refusal at the field it names: %s", async (label, refusal) => {
    renderSettings({ "PUT /api/admin/billing": () => json({ message: refusal }, 400) });
    const user = userEvent.setup();
    const field = await screen.findByLabelText(label);
    await user.type(field, "X");
    await user.click(screen.getByRole("button", { name: "Save billing profile" }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    const ids = (field.getAttribute("aria-describedby") ?? "").split(" ");
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(refusal);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("locks the first invoice number when the server says invoices exist (409)", async () => {
    renderSettings({
      "PUT /api/admin/billing": () =>
        json({ message: "firstInvoiceNumber cannot change once an invoice is issued" }, 409),
    });
    const user = userEvent.setup();
    const first = await screen.findByLabelText("First invoice number");
    expect(first).toBeEnabled();
    await user.clear(first);
    await user.type(first, "1001");
    await user.click(screen.getByRole("button", { name: "Save billing profile" }));
    expect(
      await screen.findByText("firstInvoiceNumber cannot change once an invoice is issued", {
        selector: "p",
      }),
    ).toBeVisible();
    expect(first).toBeDisabled();
  });

  it("starts with the first invoice number locked once an invoice has a number", async () => {
    const fetchMock = renderSettings(
      { "PUT /api/admin/billing": (init) => json(JSON.parse(String(init?.body))) },
      [{ id: 1, number: "1001", state: "issued" }],
    );
    expect(await screen.findByLabelText("First invoice number")).toBeDisabled();
    expect(screen.getByText(/Invoices have been issued/)).toBeVisible();
    // The locked field still sends the stored number: the server refuses only a change.
    await userEvent.setup().click(screen.getByRole("button", { name: "Save billing profile" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PUT", "/api/admin/billing")).toEqual([stored]),
    );
  });
});

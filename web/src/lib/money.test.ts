import { describe, expect, it } from "vitest";
import { computeTotals, formatMoney, moneyInput, parseMoney, roundDiv } from "./money";
import { checkAccountNumber, checkOrgNumber } from "./norwegian-numbers";

/** Intl's no-break spaces as plain ones, to compare with text as written here. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("parseMoney: kroner typed, øre exact", () => {
  it.each([
    ["12500", 1_250_000],
    ["12 500,00", 1_250_000],
    ["12\u00a0500,5", 1_250_050],
    ["12500.50", 1_250_050],
    ["12,500.50", 1_250_050],
    ["12.500,50", 1_250_050],
    ["1.234.567,89", 123_456_789],
    ["0,29", 29], // 0.29 * 100 is 28.999999999999996 as a float
    ["1,15", 115], // 1.15 * 100 is 114.99999999999999
    ["4.35", 435], // 4.35 * 100 is 434.99999999999994
    ["0,01", 1],
    [",5", 50],
    ["100000000", 10_000_000_000],
  ])("%s → %i øre", (text, minor) => {
    expect(parseMoney(text)).toEqual({ ok: true, minor });
  });

  it.each([
    ["", "Enter an amount"],
    ["12,500", "Write thousands with a space (12 500) and at most 2 decimals"],
    ["12.500", "Write thousands with a space (12 500) and at most 2 decimals"],
    ["1,005", "Write thousands with a space (12 500) and at most 2 decimals"],
    ["1,0055", "Use at most 2 decimals (whole øre)"],
    ["12,", "Use at most 2 decimals (whole øre)"],
    ["-5", "Enter the amount in digits, e.g. 12 500,00"],
    ["12 kr", "Enter the amount in digits, e.g. 12 500,00"],
    ["1e5", "Enter the amount in digits, e.g. 12 500,00"],
    ["1,2,3", "Enter the amount in digits, e.g. 12 500,00"],
    ["1.23.456,00", "Enter the amount in digits, e.g. 12 500,00"],
    ["100000000,01", "Enter an amount from 0 to 100,000,000"],
  ])("%j is refused: %s", (text, error) => {
    expect(parseMoney(text)).toEqual({ ok: false, error });
  });

  it("gives back what moneyInput writes, in both languages", () => {
    for (const minor of [0, 1, 29, 99, 100, 1_250_050, 10_000_000_000]) {
      for (const language of ["no", "en"] as const) {
        expect(parseMoney(moneyInput(minor, language))).toEqual({ ok: true, minor });
      }
    }
    expect(moneyInput(1_250_050, "no")).toBe("12500,50");
    expect(moneyInput(5, "en")).toBe("0.05");
  });
});

describe("formatMoney", () => {
  it("writes Norwegian and English as each reads it", () => {
    expect(plain(formatMoney(1_250_000, "NOK", "no"))).toBe("12 500,00 kr");
    expect(plain(formatMoney(1_250_000, "NOK", "en"))).toBe("NOK 12,500.00");
    expect(plain(formatMoney(29, "NOK", "no"))).toBe("0,29 kr");
    expect(plain(formatMoney(-1_250_050, "NOK", "en"))).toBe("-NOK 12,500.50");
    expect(plain(formatMoney(70_000, "EUR", "en"))).toBe("EUR 700.00");
  });

  it("is exact past what a float of kroner keeps", () => {
    // The largest safe integer of øre: as minor / 100 in a float it prints 409.90.
    expect(plain(formatMoney(Number.MAX_SAFE_INTEGER, "NOK", "en"))).toBe(
      "NOK 90,071,992,547,409.91",
    );
  });

  it("shows a currency Intl does not know by its code", () => {
    expect(formatMoney(100, "XX", "en")).toBe("XX 1.00");
  });
});

describe("computeTotals: VAT per rate on the summed lines, as the server", () => {
  it("rounds the VAT of a rate once, on its sum (internal/billing/document's test case)", () => {
    const totals = computeTotals([
      { quantity: 1, unitPrice: 33, vatRate: 25 },
      { quantity: 1, unitPrice: 33, vatRate: 25 },
      { quantity: 1, unitPrice: 33, vatRate: 25 },
      { quantity: 2, unitPrice: 50_00, vatRate: 0 },
    ]);
    // Line by line the VAT would be 3 × 0.08 = 0.24; on the sum 0.99 it is 0.2475 → 0.25.
    expect(totals).toEqual({
      lineNets: [33, 33, 33, 100_00],
      vat: [
        { rate: 25, taxable: 99, tax: 25 },
        { rate: 0, taxable: 100_00, tax: 0 },
      ],
      net: 100_99,
      tax: 25,
      gross: 101_24,
    });
  });

  it("has nothing for no lines", () => {
    expect(computeTotals([])).toEqual({ lineNets: [], vat: [], net: 0, tax: 0, gross: 0 });
  });

  it("rounds half away from zero", () => {
    expect([roundDiv(5, 10), roundDiv(4, 10), roundDiv(-5, 10), roundDiv(-4, 10)]).toEqual([
      1, 0, -1, 0,
    ]);
    expect(computeTotals([{ quantity: 1, unitPrice: 2, vatRate: 25 }]).tax).toBe(1); // 0.5 øre
  });
});

describe("Norwegian check digits (the server's public vectors)", () => {
  it.each([
    ["988077917", "valid"],
    ["123456785", "valid"],
    ["974760673", "valid"],
    ["974 760 673", "valid"],
    ["988077918", "invalid"],
    ["123456789", "invalid"],
    ["9880779170", "invalid"],
    ["98807", "incomplete"],
    ["98807791a", "invalid"],
    ["", "empty"],
  ])("org.nr %j is %s", (value, want) => {
    expect(checkOrgNumber(value)).toBe(want);
  });

  it.each([
    ["86011117947", "valid"],
    ["8601.11.17947", "valid"],
    ["1234 56 78903", "valid"],
    ["86011117946", "invalid"],
    ["12345678901", "invalid"],
    ["860111179470", "invalid"],
    ["8601111794", "incomplete"],
  ])("account %j is %s", (value, want) => {
    expect(checkAccountNumber(value)).toBe(want);
  });
});

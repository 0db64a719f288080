import type { InvoiceLine } from "@/api/billing.admin";
import { computeTotals, formatMoney } from "@/lib/money";
import { screenLanguage } from "./draft-rules";

/**
 * An invoice's totals as the server computes them: net, the VAT of each rate on the summed lines
 * of that rate, and the amount due. Live under the draft's lines; on an issued invoice the server's
 * own figures are shown instead (InvoiceView).
 */
export function TotalsTable({ lines, currency }: { lines: InvoiceLine[]; currency: string }) {
  const totals = computeTotals(lines);
  const money = (minor: number) => formatMoney(minor, currency, screenLanguage);
  return (
    <dl
      data-testid="invoice-totals"
      aria-label="Totals"
      className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm"
    >
      <dt className="text-muted-foreground">Net</dt>
      <dd className="text-right tabular-nums" data-testid="total-net">
        {money(totals.net)}
      </dd>
      {totals.vat.map((v) => (
        <div key={v.rate} className="contents" data-testid={`vat-${v.rate}`}>
          <dt className="text-muted-foreground">
            VAT {v.rate} % of {money(v.taxable)}
          </dt>
          <dd className="text-right tabular-nums">{money(v.tax)}</dd>
        </div>
      ))}
      <dt className="border-t border-border pt-1 font-semibold">Total</dt>
      <dd
        className="border-t border-border pt-1 text-right font-semibold tabular-nums"
        data-testid="total-gross"
      >
        {money(totals.gross)}
      </dd>
    </dl>
  );
}

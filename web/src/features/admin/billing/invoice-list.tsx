import { Link } from "wouter";
import { type Invoice, invoiceKindLabel, invoiceNumber } from "@/api/billing.admin";
import { invoicePath } from "@/lib/admin-paths";
import { formatMoney } from "@/lib/money";
import { screenLanguage } from "./draft-rules";
import { StateBadge } from "./state-badge";

/**
 * What a row shows as outstanding: nothing for a draft (nothing is owed until it is issued), what
 * a credit note takes off (said in words: a minus sign under "Outstanding" read as money owed),
 * else what is left to pay.
 */
function rowAmount(invoice: Invoice): string {
  if (invoice.state === "draft") return "—";
  if (invoice.kind === "credit-note") {
    return `credits ${formatMoney(invoice.totals.gross, invoice.currency, screenLanguage)}`;
  }
  return formatMoney(invoice.outstanding, invoice.currency, screenLanguage);
}

/**
 * Invoices as rows: number (or the kind of a draft), buyer, state, due date and what is
 * outstanding. The row's link opens the invoice; on a phone each row stacks in two lines.
 */
export function InvoiceList({ invoices }: { invoices: Invoice[] }) {
  return (
    <ul className="divide-y divide-border" aria-label="Invoices">
      {invoices.map((invoice) => (
        <li key={invoice.id} data-testid="invoice-row">
          <Link
            href={invoicePath(invoice.id)}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-2 py-3 hover:bg-muted/60 sm:grid-cols-[7rem_minmax(0,1fr)_7rem_7rem_9rem]"
          >
            {/* On a phone: number and amount, then buyer and state, then the due date. */}
            <span className="order-1 font-medium tabular-nums">
              {invoice.state === "draft" ? (
                <span className="text-muted-foreground">Draft</span>
              ) : (
                invoiceNumber(invoice)
              )}
              <span className="block text-xs font-normal text-muted-foreground">
                {invoiceKindLabel(invoice.kind)}
              </span>
            </span>
            <span className="order-3 truncate sm:order-2">{invoice.buyer?.name || "—"}</span>
            <span className="order-4 justify-self-end sm:order-3 sm:justify-self-auto">
              <StateBadge state={invoice.state} />
            </span>
            <span className="order-5 text-sm text-muted-foreground tabular-nums sm:order-4">
              <span className="sm:sr-only">Due </span>
              {invoice.dueDate || "—"}
            </span>
            <span
              className="order-2 text-right tabular-nums sm:order-5"
              data-testid="invoice-row-outstanding"
            >
              {rowAmount(invoice)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { Link } from "wouter";
import { invoicePath } from "@/lib/admin-paths";
import { type Invoice, invoiceKindLabel, invoiceNumber } from "@/lib/billing";
import { formatMoney } from "@/lib/money";
import { screenLanguage } from "./draft-rules";
import { StateBadge } from "./state-badge";

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
            className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-2 py-3 hover:bg-muted/60 sm:grid-cols-[7rem_minmax(0,1fr)_7rem_7rem_9rem] sm:items-center"
          >
            <span className="font-medium tabular-nums">
              {invoice.state === "draft" ? (
                <span className="text-muted-foreground">Draft</span>
              ) : (
                invoiceNumber(invoice)
              )}
              <span className="block text-xs font-normal text-muted-foreground">
                {invoiceKindLabel(invoice.kind)}
              </span>
            </span>
            <span className="truncate sm:order-none">{invoice.buyer?.name || "—"}</span>
            <span>
              <StateBadge state={invoice.state} />
            </span>
            <span className="text-sm text-muted-foreground tabular-nums">
              <span className="sm:sr-only">Due </span>
              {invoice.dueDate || "—"}
            </span>
            <span className="text-right tabular-nums" data-testid="invoice-row-outstanding">
              {invoice.kind === "credit-note"
                ? formatMoney(-invoice.totals.gross, invoice.currency, screenLanguage)
                : formatMoney(
                    invoice.state === "draft" ? invoice.totals.gross : invoice.outstanding,
                    invoice.currency,
                    screenLanguage,
                  )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

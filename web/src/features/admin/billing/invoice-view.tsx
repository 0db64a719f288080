import { Link } from "wouter";
import { type Invoice, invoiceNumber, paymentMethodLabels } from "@/api/billing.admin";
import { Card } from "@/components/ui/card";
import { invoicePath } from "@/lib/admin-paths";
import { formatMoney } from "@/lib/money";
import { CreditNoteForm } from "./credit-note-form";
import { screenLanguage } from "./draft-rules";
import { PaymentForm } from "./payment-form";
import { SendForm } from "./send-form";

const vatModeLabels: Record<string, string> = {
  domestic: "Norway, 25 % VAT",
  export: "Business abroad, 0 % (reverse charge, mval. § 6-22)",
  none: "Not VAT-registered",
};

/** One "term: value" row of the invoice's facts; an empty value is "—". */
function Fact({ term, value, testId }: { term: string; value: string | null; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-border py-1.5 last:border-0 sm:block sm:border-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value || "—"}
      </dd>
    </div>
  );
}

/**
 * An issued invoice, deposit request or credit note as the server froze it: its facts, lines and
 * totals (the server's figures), what is paid and outstanding; then recording a payment and
 * crediting it, where they apply.
 */
export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const money = (minor: number) => formatMoney(minor, invoice.currency, screenLanguage);
  const isCreditNote = invoice.kind === "credit-note";
  const payable = !isCreditNote && invoice.outstanding > 0 && invoice.state !== "credited";
  const creditable = !isCreditNote && invoice.state !== "credited";
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-5">
        <dl className="grid gap-x-6 text-sm sm:grid-cols-3 sm:gap-y-3">
          <Fact term="Number" value={invoiceNumber(invoice)} testId="invoice-number" />
          <Fact term="Issue date" value={invoice.issueDate} />
          <Fact
            term="Due date"
            value={isCreditNote ? null : invoice.dueDate}
            testId="invoice-due"
          />
          <Fact term="Delivery" value={invoice.deliveryDate} />
          <Fact term="KID" value={invoice.kid} testId="invoice-kid" />
          <Fact term="VAT" value={vatModeLabels[invoice.vatMode] ?? invoice.vatMode} />
          <Fact term="Buyer" value={invoice.buyer?.name ?? ""} />
          <Fact
            term="Buyer's org.nr / VAT id"
            value={invoice.buyer?.orgNumber || invoice.buyer?.vatId}
          />
          <Fact term="Language" value={invoice.language === "en" ? "English" : "Norwegian"} />
        </dl>
        {invoice.correctsId ? (
          <p className="mt-3 text-sm">
            Corrects{" "}
            <Link href={invoicePath(invoice.correctsId)} className="font-medium underline">
              the invoice it credits
            </Link>
          </p>
        ) : null}
        {invoice.note ? (
          <p className="mt-3 text-sm">
            <span className="text-muted-foreground">{isCreditNote ? "Reason: " : "Note: "}</span>
            {invoice.note}
          </p>
        ) : null}
      </Card>

      <Card className="overflow-x-auto p-5">
        <table className="w-full text-sm">
          <caption className="sr-only">Lines</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="py-2 font-medium">Description</th>
              <th className="hidden py-2 text-right font-medium sm:table-cell">Qty</th>
              <th className="hidden py-2 text-right font-medium sm:table-cell">Unit price</th>
              <th className="hidden py-2 text-right font-medium sm:table-cell">VAT</th>
              <th className="py-2 text-right font-medium">Net</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an issued invoice's lines never change.
              <tr key={i} className="border-t border-border">
                <td className="py-2 pr-4">
                  {line.description}
                  {/* A phone has no room for the columns: the line says them under its text. */}
                  <span className="block text-xs text-muted-foreground sm:hidden">
                    {line.quantity} × {money(line.unitPrice)} · VAT {line.vatRate} %
                  </span>
                </td>
                <td className="hidden py-2 text-right tabular-nums sm:table-cell">
                  {line.quantity}
                </td>
                <td className="hidden py-2 text-right tabular-nums sm:table-cell">
                  {money(line.unitPrice)}
                </td>
                <td className="hidden py-2 text-right tabular-nums sm:table-cell">
                  {line.vatRate} %
                </td>
                <td className="py-2 text-right tabular-nums">
                  {money(line.quantity * line.unitPrice)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-4 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Net</dt>
          <dd className="text-right tabular-nums">{money(invoice.totals.net)}</dd>
          <dt className="text-muted-foreground">VAT</dt>
          <dd className="text-right tabular-nums">{money(invoice.totals.vat)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="invoice-gross">
            {money(invoice.totals.gross)}
          </dd>
          {invoice.prepaid > 0 ? (
            <>
              <dt className="text-muted-foreground">Deposit paid, deducted</dt>
              <dd className="text-right tabular-nums">{money(-invoice.prepaid)}</dd>
              <dt className="font-semibold">To pay</dt>
              <dd className="text-right font-semibold tabular-nums">{money(invoice.payable)}</dd>
            </>
          ) : null}
          {!isCreditNote ? (
            <>
              {invoice.credited > 0 ? (
                <>
                  <dt className="text-muted-foreground">Credited</dt>
                  <dd className="text-right tabular-nums">{money(-invoice.credited)}</dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">Paid</dt>
              <dd className="text-right tabular-nums">{money(invoice.paid)}</dd>
              <dt className="font-semibold">Outstanding</dt>
              <dd
                className="text-right font-semibold tabular-nums"
                data-testid="invoice-outstanding"
              >
                {money(invoice.outstanding)}
              </dd>
            </>
          ) : null}
        </dl>
      </Card>

      <Card className="p-5">
        <h2 className="mb-1 font-semibold">Send to the brand</h2>
        <p className="mb-4 text-sm text-muted-foreground">
          An e-mail in the invoice's language with the PDF
          {invoice.ehfSha256 ? " and the EHF" : ""} attached.
        </p>
        <SendForm invoice={invoice} />
      </Card>
      {invoice.payments?.length ? (
        <Card className="p-5">
          <h2 className="mb-3 font-semibold">Payments</h2>
          <ul className="divide-y divide-border text-sm" data-testid="invoice-payments">
            {invoice.payments.map((p) => (
              <li key={p.id} className="flex justify-between gap-4 py-2">
                <span>
                  {p.paidOn} · {paymentMethodLabels[p.method] ?? p.method}
                </span>
                <span className="tabular-nums">{money(p.amount)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {payable ? (
        <Card className="p-5">
          <h2 className="mb-4 font-semibold">Record a payment</h2>
          {/* A new form for each outstanding amount: it starts at what is left to pay. */}
          <PaymentForm key={invoice.outstanding} invoice={invoice} />
        </Card>
      ) : null}
      {creditable ? (
        <Card className="p-5">
          <h2 className="mb-1 font-semibold">Credit note</h2>
          <p className="mb-4 text-sm text-muted-foreground">
            An issued invoice is corrected only by a credit note that refers to it.
          </p>
          <CreditNoteForm invoice={invoice} />
        </Card>
      ) : null}
    </div>
  );
}

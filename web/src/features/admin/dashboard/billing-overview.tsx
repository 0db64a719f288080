import { Receipt } from "lucide-react";
import { Link } from "wouter";
import { type BillingSummary, type Turnover, useBillingSummary } from "@/api/billing.admin";
import { Card } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";
import { invoicePath } from "@/lib/admin-paths";
import { formatDay } from "@/lib/dates";
import { formatMoney } from "@/lib/money";

/** The admin's screens read English: money as "NOK 7,875.00". */
const formatMinor = (minor: number, currency: string) => formatMoney(minor, currency, "en");

/**
 * What the 50 000 kr line asks of her, in Norwegian and English (the brand-facing language and the
 * admin's): mval. § 2-1 — registration is required once the turnover of 12 months passes it.
 */
const lineText = {
  approaching: {
    no: "Du nærmer deg 50 000 kr i omsetning de siste 12 månedene. Når du passerer 50 000 kr, må du registrere deg i Merverdiavgiftsregisteret (mval. § 2-1) og ta 25 % mva på fakturaene dine.",
    en: "You are nearing NOK 50,000 of turnover in the last 12 months. Once you pass NOK 50,000 you must register in the VAT Register (Merverdiavgiftsregisteret, mval. § 2-1) and charge 25 % VAT on your invoices.",
  },
  "must-register": {
    no: "Du har passert 50 000 kr i omsetning de siste 12 månedene og må registrere deg i Merverdiavgiftsregisteret (mval. § 2-1). Send Samordnet registermelding i Altinn nå. Når du er registrert: slå på «MVA-registrert» under Innstillinger → Fakturering, så får fakturaene 25 % mva og «MVA» etter organisasjonsnummeret. Spør regnskapsføreren om fakturaer du har sendt etter at du passerte grensen.",
    en: "Your turnover in the last 12 months has passed NOK 50,000: you must register in the VAT Register (Merverdiavgiftsregisteret, mval. § 2-1). Send the Coordinated Register Notification (Samordnet registermelding) in Altinn now. Once registered, turn on “VAT-registered” in Settings → Billing so your invoices charge 25 % VAT and show “MVA” after your organisation number. Ask your accountant about invoices sent after you passed the line.",
  },
} as const;

function VATLine({
  turnover,
  warning,
}: {
  turnover: Turnover;
  warning: BillingSummary["vatWarning"];
}) {
  const percent = Math.min(100, Math.round((turnover.amount / turnover.threshold) * 100));
  return (
    <div className="mt-5 border-t border-border pt-4" data-testid="vat-line">
      <h3 className="text-sm font-semibold">The 50 000 kr VAT line</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Turnover {formatDay(turnover.from)} – {formatDay(turnover.to)}:{" "}
        <span className="font-medium text-foreground">{formatMinor(turnover.amount, "NOK")}</span>{" "}
        of {formatMinor(turnover.threshold, "NOK")}
      </p>
      <div className="mt-2">
        <ProgressBar
          label="Turnover of the last 12 months against 50 000 kr"
          percent={percent}
          barClassName={
            warning === "must-register"
              ? "bg-destructive"
              : warning === "approaching"
                ? "bg-amber-500"
                : "bg-emerald-500"
          }
        />
      </div>
      {warning !== "none" && (
        <div
          role={warning === "must-register" ? "alert" : "status"}
          className={
            warning === "must-register"
              ? "mt-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
              : "mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
          }
        >
          <p lang="no">{lineText[warning].no}</p>
          <p lang="en" className="mt-2">
            {lineText[warning].en}
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * The dashboard's billing card: the invoices overdue (each links to its page) and, while she is not
 * VAT-registered, her turnover of the last 12 months against the 50 000 kr line.
 */
export function BillingOverview() {
  const summary = useBillingSummary();
  return (
    <Card className="p-5" data-testid="billing-overview">
      <h2 className="mb-3 flex items-center gap-2 font-semibold">
        <Receipt className="size-4" aria-hidden="true" />
        Invoices overdue
      </h2>
      {summary.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : summary.isError ? (
        <p className="text-sm text-destructive">Failed to load the invoices.</p>
      ) : (
        <>
          {summary.data.overdue.length === 0 ? (
            <p className="text-sm text-muted-foreground">No invoice is overdue.</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {summary.data.overdue.map((inv) => (
                <li key={inv.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <Link href={invoicePath(inv.id)} className="font-medium hover:underline">
                    {inv.kind === "deposit" ? "Deposit" : "Invoice"} {inv.number} · {inv.buyer}
                  </Link>
                  <span className="text-destructive">
                    {formatMinor(inv.outstanding, inv.currency)} due {formatDay(inv.dueDate)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {summary.data.turnover && (
            <VATLine turnover={summary.data.turnover} warning={summary.data.vatWarning} />
          )}
        </>
      )}
    </Card>
  );
}

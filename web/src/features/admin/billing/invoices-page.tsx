import { useLocation, useSearch } from "wouter";
import { type InvoiceState, invoiceStates, stateLabels, useInvoices } from "@/api/billing.admin";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import { adminPaths } from "@/lib/admin-paths";
import { AdminLayout } from "../layout/admin-layout";
import { InvoiceList } from "./invoice-list";

const filters: Array<{ value: InvoiceState | ""; label: string }> = [
  { value: "", label: "All" },
  ...invoiceStates.map((s) => ({ value: s, label: stateLabels[s] })),
];

/** The state filter of the address (?state=overdue), or "" for all. */
function stateOf(search: string): InvoiceState | "" {
  const state = new URLSearchParams(search).get("state") ?? "";
  return (invoiceStates as readonly string[]).includes(state) ? (state as InvoiceState) : "";
}

/**
 * "/admin/invoices": every invoice, deposit request and credit note, filtered by state (the
 * server's ?state=), newest first as the server lists them; a row opens the invoice.
 */
export function InvoicesPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const state = stateOf(search);
  const invoices = useInvoices(state);
  const filterLabel = filters.find((f) => f.value === state)?.label.toLowerCase() ?? "";

  return (
    <AdminLayout title="Invoices" description="Invoices, deposit requests and credit notes.">
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Filter by state</legend>
        {filters.map((f) => (
          <button
            key={f.value || "all"}
            type="button"
            aria-pressed={state === f.value}
            onClick={() =>
              navigate(f.value ? `${adminPaths.invoices}?state=${f.value}` : adminPaths.invoices)
            }
            className={cn(
              "rounded-full border px-3 py-1 text-sm font-medium transition-colors",
              state === f.value
                ? "border-stone-900 bg-stone-900 text-white"
                : "border-border bg-card hover:bg-muted",
            )}
          >
            {f.label}
          </button>
        ))}
      </fieldset>
      <Card className="p-3 sm:p-4">
        {invoices.isPending ? (
          <Spinner label="Loading the invoices" />
        ) : invoices.isError ? (
          <p className="p-6 text-center text-destructive">Failed to load the invoices.</p>
        ) : invoices.data.length === 0 ? (
          <p className="p-6 text-center text-muted-foreground">
            {state
              ? `No ${filterLabel} invoices.`
              : "No invoices yet. Make one from a deal's page."}
          </p>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="hidden grid-cols-[7rem_minmax(0,1fr)_7rem_7rem_9rem] gap-x-4 px-2 pb-2 text-xs font-medium text-muted-foreground sm:grid"
            >
              <span>Number</span>
              <span>Buyer</span>
              <span>State</span>
              <span>Due date</span>
              <span className="text-right">Outstanding</span>
            </div>
            <InvoiceList invoices={invoices.data} />
          </>
        )}
      </Card>
    </AdminLayout>
  );
}

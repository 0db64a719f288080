import { FilePlus2, Loader2 } from "lucide-react";
import { useLocation } from "wouter";
import { useCreateInvoice, useInvoices } from "@/api/billing.admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { invoicePath } from "@/lib/admin-paths";
import { errorMessage } from "@/lib/api";
import { InvoiceList } from "./invoice-list";

/**
 * A deal's invoices on its page, and the two ways to start one: an invoice, or a
 * deposit request for the share asked upfront. Each is made as a draft prefilled from the deal
 * and opens in the draft editor.
 */
export function DealInvoices({ dealId }: { dealId: number }) {
  const [, navigate] = useLocation();
  const invoices = useInvoices();
  const create = useCreateInvoice({
    onSuccess: (draft) => navigate(invoicePath(draft.id)),
    onError: (e) =>
      toast.error("Error making the draft", {
        description: errorMessage(e, "There was an error making the draft. Please try again."),
      }),
  });
  const ofDeal = (invoices.data ?? []).filter((i) => i.dealId === dealId);
  const making = create.isPending ? create.variables?.kind : undefined;

  return (
    <Card className="mt-6 p-5" aria-labelledby="deal-invoices-title">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="deal-invoices-title" className="font-semibold">
          Invoices
        </h2>
        <div className="flex flex-wrap gap-2">
          {(["invoice", "deposit"] as const).map((kind) => (
            <Button
              key={kind}
              variant={kind === "invoice" ? "primary" : "outline"}
              size="sm"
              disabled={create.isPending}
              onClick={() => create.mutate({ dealId, kind })}
            >
              {making === kind ? (
                <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              ) : (
                <FilePlus2 className="size-4" aria-hidden="true" />
              )}
              {kind === "invoice" ? "Make invoice" : "Make deposit request"}
            </Button>
          ))}
        </div>
      </div>
      {invoices.isPending ? (
        <Spinner label="Loading the invoices" />
      ) : invoices.isError ? (
        <p className="text-sm text-destructive">Failed to load the invoices.</p>
      ) : ofDeal.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invoices for this deal yet.</p>
      ) : (
        <InvoiceList invoices={ofDeal} />
      )}
    </Card>
  );
}

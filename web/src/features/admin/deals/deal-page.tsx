import { format } from "date-fns";
import { ArrowLeft, Mail, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import {
  type DealInput,
  type DealWithEvents,
  formatPrice,
  stageLabel,
  useDeal,
  useDeleteDeal,
  useUpdateDeal,
} from "@/api/deals.admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { errorMessage, errorStatus } from "@/lib/api";
import { paths } from "@/lib/paths";
import { DealInvoices } from "../billing/deal-invoices";
import { AdminLayout } from "../layout/admin-layout";
import { DealForm, type DirtyFields } from "./deal-form";
import { DealHistory } from "./deal-history";
import { type DealValues, dealInput, dealValues } from "./deal-rules";
import { QuotesPanel } from "./quotes-panel";
import { DeliverySection } from "./room/delivery-section";

/** The fields the admin changed, as a PATCH body: what she did not touch stays as stored. */
export function changedInput(values: DealValues, dirty: DirtyFields): Partial<DealInput> {
  const all = dealInput(values);
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => dirty[key as keyof DealValues]),
  ) as Partial<DealInput>;
}

function DealScreen({ deal }: { deal: DealWithEvents }) {
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateDeal({
    onSuccess: () => toast.success("Deal saved"),
    onError: (e) =>
      toast.error("Error saving the deal", {
        description: errorMessage(e, "There was an error saving the deal. Please try again."),
      }),
  });
  const remove = useDeleteDeal({
    onSuccess: () => {
      toast.success("Deal deleted");
      navigate(paths.admin.deals);
    },
    onError: (e) => {
      setDeleting(false);
      toast.error("Error deleting the deal", {
        description: errorMessage(e, "There was an error deleting the deal. Please try again."),
      });
    },
  });

  return (
    <AdminLayout
      title={deal.brand}
      description={`${deal.price ? formatPrice(deal.price, deal.currency) : "No price yet"} · made ${format(new Date(deal.createdAt), "MMM d, yyyy")}`}
      actions={
        <>
          <Button variant="outline" asChild>
            <Link href={paths.admin.deals}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              All deals
            </Link>
          </Button>
          <Button variant="outline" className="text-destructive" onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </Button>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="accent" data-testid="deal-stage">
          {stageLabel(deal.stage)}
        </Badge>
        {deal.inquiryId ? (
          <Link
            href={`${paths.admin.inquiries}?inquiry=${deal.inquiryId}`}
            className="inline-flex items-center gap-1 text-muted-foreground hover:underline"
          >
            <Mail className="size-3.5" aria-hidden="true" />
            From an inquiry
          </Link>
        ) : null}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-5">
          <h2 className="mb-4 font-semibold">Details</h2>
          {/* A new form for each saved version: its values and what counts as changed start over. */}
          <DealForm
            key={deal.updatedAt}
            defaults={dealValues(deal)}
            idPrefix="deal"
            submitLabel="Save"
            saving={update.isPending}
            onSubmit={(values, dirty) => {
              const input = changedInput(values, dirty);
              if (Object.keys(input).length === 0) {
                toast.success("Nothing to save");
                return;
              }
              update.mutate({ id: deal.id, input });
            }}
          />
        </Card>
        <Card className="p-5">
          <h2 className="mb-4 font-semibold">History</h2>
          <DealHistory events={deal.events} currency={deal.currency} />
        </Card>
      </div>
      <DealInvoices dealId={deal.id} />
      <DeliverySection deal={deal} />
      <QuotesPanel deal={deal} />
      <ConfirmDeleteDialog
        open={deleting}
        title="Delete this deal?"
        description={`This permanently deletes the deal with ${deal.brand} and its history, with its delivery room, drafts (their files too), licences, quotes not accepted and invoice drafts. An accepted quote is kept as the record of the agreement, and a deal with an issued invoice cannot be deleted (the accounts keep it). This cannot be undone.`}
        pending={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate(deal.id)}
      />
    </AdminLayout>
  );
}

/** "/admin/deals/:id": a deal's every field, its history, and its deletion. */
export function DealPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const deal = useDeal(Number.isInteger(id) && id > 0 ? id : 0);
  if (deal.isPending) {
    return (
      <AdminLayout title="Deal">
        <Spinner label="Loading the deal" />
      </AdminLayout>
    );
  }
  if (deal.isError) {
    const missing = errorStatus(deal.error) === 404;
    return (
      <AdminLayout title="Deal">
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <p className={missing ? undefined : "text-destructive"}>
            {missing ? "This deal does not exist (any more)." : "Failed to load the deal."}
          </p>
          <Button variant="outline" asChild>
            <Link href={paths.admin.deals}>Back to the board</Link>
          </Button>
        </Card>
      </AdminLayout>
    );
  }
  return <DealScreen deal={deal.data} />;
}

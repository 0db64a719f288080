import { Plus } from "lucide-react";
import { useState } from "react";
import {
  type DealStage,
  formatValue,
  localToday,
  stageLabels,
  useCreateDeal,
  useDeals,
  useMoveDeal,
} from "@/api/deals.admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { AdminLayout } from "../layout/admin-layout";
import { DealBoard } from "./deal-board";
import { DealForm } from "./deal-form";
import { dealInput, emptyDeal } from "./deal-rules";

/** "/admin/deals": the board of deals, and a deal made by hand. */
export function DealsPage() {
  const deals = useDeals();
  const [adding, setAdding] = useState(false);
  const today = localToday();

  const move = useMoveDeal({
    onError: (e) =>
      toast.error("The deal could not be moved", {
        description: errorMessage(e, "Please try again."),
      }),
  });
  const create = useCreateDeal({
    onSuccess: (deal) => {
      toast.success("Deal added", { description: deal.brand });
      setAdding(false);
    },
    onError: (e) =>
      toast.error("Error adding the deal", {
        description: errorMessage(e, "There was an error adding the deal. Please try again."),
      }),
  });

  const onMove = (deal: { id: number; brand: string }, stage: DealStage) => {
    move.mutate(
      { id: deal.id, stage },
      { onSuccess: () => toast.success(`${deal.brand} moved to ${stageLabels[stage]}`) },
    );
  };

  let content: React.ReactNode;
  if (deals.isPending) {
    content = <Spinner label="Loading deals" />;
  } else if (deals.isError) {
    content = (
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <p className="text-destructive">Failed to load deals.</p>
        <Button variant="outline" onClick={() => deals.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  } else {
    const open = deals.data.filter((d) => d.stage !== "paid" && d.stage !== "lost");
    const value: Record<string, number> = {};
    for (const d of open) value[d.currency] = (value[d.currency] ?? 0) + d.price;
    content = (
      <>
        <p className="mb-4 text-sm text-muted-foreground" data-testid="deals-open">
          {open.length === 0
            ? "No open deals. Make one from an inquiry, or add one by hand."
            : `Open: ${formatValue(value)} in ${open.length} ${open.length === 1 ? "deal" : "deals"}.`}
        </p>
        <DealBoard deals={deals.data} today={today} onMove={onMove} />
      </>
    );
  }

  return (
    <AdminLayout
      title="Deals"
      description="Every job from inquiry to paid: drag a card, or pick its stage."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          New deal
        </Button>
      }
    >
      {content}
      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent wide>
          <DialogHeader>
            <DialogTitle>New deal</DialogTitle>
            <DialogDescription>A deal made by hand; an inquiry makes its own.</DialogDescription>
          </DialogHeader>
          <DealForm
            defaults={emptyDeal}
            idPrefix="new-deal"
            submitLabel="Add deal"
            saving={create.isPending}
            onSubmit={(values) => create.mutate(dealInput(values))}
            onCancel={() => setAdding(false)}
          />
        </DialogContent>
      </Dialog>
    </AdminLayout>
  );
}

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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";
import { AdminLayout } from "../layout/admin-layout";
import { ListState, toastError } from "../layout/list-state";
import { DealBoard } from "./deal-board";
import { DealForm } from "./deal-form";
import { dealInput, emptyDeal } from "./deal-rules";

/** "/admin/deals": the board of deals, and a deal made by hand. */
export function DealsPage() {
  const deals = useDeals();
  const [adding, setAdding] = useState(false);
  const today = localToday();

  const move = useMoveDeal({
    onError: toastError("The deal could not be moved", "Please try again."),
  });
  const create = useCreateDeal({
    onSuccess: (deal) => {
      toast.success("Deal added", { description: deal.brand });
      setAdding(false);
    },
    onError: toastError(
      "Error adding the deal",
      "There was an error adding the deal. Please try again.",
    ),
  });

  const onMove = (deal: { id: number; brand: string }, stage: DealStage) => {
    move.mutate(
      { id: deal.id, stage },
      { onSuccess: () => toast.success(`${deal.brand} moved to ${stageLabels[stage]}`) },
    );
  };

  const content = (
    <ListState query={deals} loading="Loading deals" failed="Failed to load deals.">
      {(items) => {
        const open = items.filter((d) => d.stage !== "paid" && d.stage !== "lost");
        const value: Record<string, number> = {};
        for (const d of open) value[d.currency] = (value[d.currency] ?? 0) + d.price;
        return (
          <>
            <p className="mb-4 text-sm text-muted-foreground" data-testid="deals-open">
              {open.length === 0
                ? "No open deals. Make one from an inquiry, or add one by hand."
                : `Open: ${formatValue(value)} in ${open.length} ${open.length === 1 ? "deal" : "deals"}.`}
            </p>
            <DealBoard deals={items} today={today} onMove={onMove} />
          </>
        );
      }}
    </ListState>
  );

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

import { useDraggable } from "@dnd-kit/core";
import { CalendarDays, GripVertical } from "lucide-react";
import type { KeyboardEventHandler, MouseEventHandler, TouchEventHandler } from "react";
import { Link } from "wouter";
import { type Deal, type DealStage, dealStages, formatPrice, stageLabels } from "@/api/deals.admin";
import { cn } from "@/components/ui/cn";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { formatDay } from "@/lib/dates";
import { dealPath } from "@/lib/paths";

/** A press on a card's control (its select) is the control's, never a drag. */
const keepPress = { onMouseDown: stop, onTouchStart: stop };
function stop(event: { stopPropagation: () => void }) {
  event.stopPropagation();
}

/** A due date as the board shows it: "Mar 12, 2026". */

/** Due before today and not delivered yet. */
export function isOverdue(deal: Pick<Deal, "dueDate" | "stage">, today: string): boolean {
  const open = deal.stage !== "delivered" && deal.stage !== "paid" && deal.stage !== "lost";
  return open && deal.dueDate !== "" && deal.dueDate < today;
}

/** What one card shows: brand, value, due date, the deliverables. */
function CardBody({ deal, today }: { deal: Deal; today: string }) {
  const overdue = isOverdue(deal, today);
  const videos =
    deal.deliverableCount > 0
      ? `${deal.deliverableCount} × ${deal.deliverableSeconds ? `${deal.deliverableSeconds} s ` : ""}${deal.deliverableFormat}`
      : null;
  return (
    <>
      <p
        className={cn(
          "tabular-nums",
          deal.price ? "font-semibold" : "text-sm text-muted-foreground",
        )}
        data-testid="deal-value"
      >
        {deal.price ? formatPrice(deal.price, deal.currency) : "No price yet"}
      </p>
      <p
        className={cn(
          "mt-1 flex items-center gap-1 text-xs",
          overdue ? "font-semibold text-destructive" : "text-muted-foreground",
        )}
      >
        <CalendarDays className="size-3.5" aria-hidden="true" />
        {deal.dueDate ? `Due ${formatDay(deal.dueDate)}` : "No due date"}
        {overdue ? " · overdue" : ""}
      </p>
      {videos ? <p className="mt-0.5 text-xs text-muted-foreground">{videos}</p> : null}
    </>
  );
}

/** The card as it follows the pointer or the keys while it moves (DragOverlay). */
export function DealCardPreview({ deal, today }: { deal: Deal; today: string }) {
  return (
    <div className="w-48 cursor-grabbing rounded-lg border border-border bg-card p-3 shadow-lg ring-2 ring-amber-400">
      <p className="truncate font-medium">{deal.brand}</p>
      <CardBody deal={deal} today={today} />
    </div>
  );
}

/**
 * A deal on the board. The mouse drags it by any part but its select, its name too; a
 * long press on a touch screen by any part but its name and select (there a long press on a link
 * is the phone's own). The keyboard moves it with its handle (space, the arrow keys, space) or
 * its stage select.
 */
export function DealCard({
  deal,
  today,
  onMove,
}: {
  deal: Deal;
  today: string;
  onMove: (deal: Deal, stage: DealStage) => void;
}) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: deal.id,
    data: { deal },
  });
  return (
    <li
      ref={setNodeRef}
      data-testid="deal-card"
      data-deal={deal.id}
      // The pointer's listeners on the whole card; the keyboard's on its handle only.
      onMouseDown={listeners?.onMouseDown as MouseEventHandler | undefined}
      onTouchStart={listeners?.onTouchStart as TouchEventHandler | undefined}
      className={cn(
        "cursor-grab touch-manipulation rounded-lg border border-border bg-card p-3 shadow-xs",
        isDragging && "opacity-40",
      )}
    >
      <div className="flex items-start gap-1">
        <Link
          href={dealPath(deal.id)}
          className="min-w-0 flex-1 truncate font-medium hover:underline"
          draggable={false}
          // A mouse press goes on to the card (a drag; the board keeps the click that ends one
          // from opening the deal); a touch stays the link's.
          onTouchStart={stop}
        >
          {deal.brand}
        </Link>
        <button
          ref={setActivatorNodeRef}
          type="button"
          data-drag-handle
          {...attributes}
          onKeyDown={listeners?.onKeyDown as KeyboardEventHandler | undefined}
          aria-label={`Move ${deal.brand}`}
          className="-mt-1 -mr-1 grid size-7 shrink-0 cursor-grab place-items-center rounded text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
      </div>
      <CardBody deal={deal} today={today} />
      <Select value={deal.stage} onValueChange={(v) => onMove(deal, v as DealStage)}>
        <SelectTrigger
          aria-label={`Stage of ${deal.brand}`}
          className="mt-2 h-8 text-xs"
          data-testid="deal-stage-select"
          {...keepPress}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {dealStages.map((s) => (
            <SelectItem key={s} value={s}>
              {stageLabels[s]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </li>
  );
}

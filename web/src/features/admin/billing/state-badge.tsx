import { invoiceStateLabel } from "@/api/billing.admin";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";

/** Each state's colour: what needs her attention (overdue) stands out, what is done is quiet. */
const tones: Record<string, string> = {
  draft: "bg-muted text-muted-foreground",
  issued: "bg-sky-100 text-sky-900",
  overdue: "bg-red-100 text-red-900",
  "partly-paid": "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  credited: "bg-stone-200 text-stone-800",
};

/** An invoice's state as a pill: "Partly paid". */
export function StateBadge({ state, className }: { state: string; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-testid="invoice-state"
      className={cn("border-transparent", tones[state] ?? "", className)}
    >
      {invoiceStateLabel(state)}
    </Badge>
  );
}

import { format, parseISO } from "date-fns";
import { Link } from "wouter";
import {
  type DealSummary,
  formatPrice,
  formatValue,
  stageLabel,
  useDealSummary,
} from "@/api/deals.admin";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { dealPath, paths } from "@/lib/paths";

/** The stage's bar: its share of the largest stage's value in the main currency. */
function share(summary: DealSummary, value: Record<string, number>): number {
  // A loop, not Math.max(...values): a spread of a long list throws a RangeError.
  const max = summary.stages.reduce((m, s) => Math.max(m, s.value.NOK ?? 0), 1);
  return Math.round(((value.NOK ?? 0) / max) * 100);
}

/**
 * The Overview's pipeline: what each stage is worth, and the deals due this week
 * (the overdue ones first).
 */
export function Pipeline({ today }: { today: string }) {
  const summary = useDealSummary(today);
  if (summary.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (summary.isError) return <p className="text-sm">Failed to load the pipeline.</p>;
  const sum = summary.data;
  return (
    <div className="flex flex-col gap-5" data-testid="pipeline">
      <div>
        <p className="text-3xl font-bold tabular-nums" data-testid="pipeline-open">
          {formatValue(sum.open.value)}
        </p>
        <p className="text-sm text-muted-foreground">
          open in {sum.open.count} {sum.open.count === 1 ? "deal" : "deals"}
        </p>
      </div>
      <ul className="flex flex-col gap-2" aria-label="Value per stage">
        {sum.stages.map((s) => (
          <li key={s.stage} className="text-sm" data-testid={`pipeline-stage-${s.stage}`}>
            <div className="flex justify-between gap-2">
              <span>
                {stageLabel(s.stage)} <span className="text-muted-foreground">({s.count})</span>
              </span>
              <span className="tabular-nums">{formatValue(s.value)}</span>
            </div>
            <div className="mt-1 h-1.5 rounded-full bg-muted" aria-hidden="true">
              <div
                className={cn(
                  "h-full rounded-full",
                  s.stage === "lost" ? "bg-stone-400" : "bg-amber-400",
                )}
                style={{ width: `${share(sum, s.value)}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      <div>
        <h3 className="text-sm font-semibold">
          Due this week{" "}
          <span className="font-normal text-muted-foreground">
            ({format(parseISO(sum.weekStart), "MMM d")} – {format(parseISO(sum.weekEnd), "MMM d")})
          </span>
        </h3>
        {sum.dueThisWeek.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Nothing due this week.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2" data-testid="due-this-week">
            {sum.dueThisWeek.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0">
                  <Link href={dealPath(d.id)} className="font-medium hover:underline">
                    {d.brand}
                  </Link>
                  <span className="block text-xs text-muted-foreground">
                    {stageLabel(d.stage)} · {formatPrice(d.price, d.currency)}
                  </span>
                </span>
                <span className="shrink-0 text-right text-xs">
                  {d.overdue ? (
                    <Badge variant="destructive" className="mr-1">
                      Overdue
                    </Badge>
                  ) : null}
                  {format(parseISO(d.dueDate), "EEE MMM d")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link href={paths.admin.deals} className="text-sm text-muted-foreground hover:underline">
        Open the board
      </Link>
    </div>
  );
}

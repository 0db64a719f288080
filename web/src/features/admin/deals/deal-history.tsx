import { ArrowRight, History, Pencil, Plus } from "lucide-react";
import type { DealEvent } from "@/api/deals.admin";
import { formatPrice, stageLabel } from "@/api/deals.admin";
import { formatDay, formatMoment } from "@/lib/dates";

/** The names of a deal's fields in its history. */
const fieldLabels: Record<string, string> = {
  brand: "brand",
  contactName: "contact name",
  contactEmail: "contact e-mail",
  language: "language",
  package: "package",
  price: "price",
  currency: "currency",
  deliverableCount: "number of videos",
  deliverableSeconds: "length (seconds)",
  deliverableFormat: "format",
  dueDate: "due date",
  brief: "brief",
  notes: "notes",
};

/** A field's value as the history shows it. */
function shown(field: string, value: string, currency: string): string {
  if (value === "") return "none";
  if (field === "price") return Number(value) ? formatPrice(Number(value), currency) : "none";
  if (field === "dueDate") return formatDay(value);
  if (field === "language")
    return value === "en" ? "English" : value === "no" ? "Norwegian" : value;
  return `“${value}”`;
}

/** What one event says: "moved it from New to Booked", "changed price from … to …". */
export function eventLines(event: DealEvent, currency: string): string[] {
  if (event.kind === "created") {
    return [
      `made the deal${event.detail ? ` (${event.detail})` : ""} in ${stageLabel(event.toStage ?? "new")}`,
    ];
  }
  const lines: string[] = [];
  if (event.fromStage && event.toStage) {
    lines.push(`moved it from ${stageLabel(event.fromStage)} to ${stageLabel(event.toStage)}`);
  }
  for (const c of event.changes) {
    const name = fieldLabels[c.field] ?? c.field;
    lines.push(
      c.from === undefined || c.to === undefined
        ? `changed the ${name}`
        : `changed the ${name} from ${shown(c.field, c.from, currency)} to ${shown(c.field, c.to, currency)}`,
    );
  }
  if (lines.length === 0) lines.push(event.detail ?? event.kind);
  return lines;
}

const icons = { created: Plus, updated: Pencil } as const;

/** A deal's history, newest first: who did what, and when. */
export function DealHistory({ events, currency }: { events: DealEvent[]; currency: string }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">No history yet.</p>;
  return (
    <ol className="flex flex-col gap-4" data-testid="deal-history">
      {[...events].reverse().map((event) => {
        const Icon =
          event.fromStage && event.toStage
            ? ArrowRight
            : (icons[event.kind as keyof typeof icons] ?? History);
        return (
          <li key={event.id} className="flex gap-3 text-sm" data-testid="deal-event">
            <span className="grid size-8 shrink-0 place-items-center rounded-full bg-muted">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              {eventLines(event, currency).map((line) => (
                <p key={line} className="break-words">
                  <span className="font-medium">{event.actor.name || "Someone"}</span> {line}
                </p>
              ))}
              <p className="text-xs text-muted-foreground">{formatMoment(event.at)}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

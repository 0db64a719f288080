import { CalendarClock } from "lucide-react";
import { Link } from "wouter";
import { type EndingLicence, useEndingLicences } from "@/api/rooms.admin";
import { Card } from "@/components/ui/card";
import { formatDay } from "@/lib/dates";
import { dealPath } from "@/lib/paths";

/** When a licence ends, counted from today. */
function ends(l: EndingLicence): string {
  if (l.daysLeft === 0) return "ends today";
  if (l.daysLeft < 0) return `ended ${-l.daysLeft} day${l.daysLeft === -1 ? "" : "s"} ago`;
  return `ends in ${l.daysLeft} day${l.daysLeft === 1 ? "" : "s"}`;
}

/**
 * The dashboard's "Licences ending soon": usage rights ending within 30 days of the admin's day,
 * and those that ended in the week before. Renewals are income.
 */
export function LicencesEnding({ today }: { today: string }) {
  const ending = useEndingLicences(today);
  return (
    <Card className="p-5" data-testid="licences-ending">
      <h2 className="mb-3 flex items-center gap-2 font-semibold">
        <CalendarClock className="size-4" aria-hidden="true" />
        Licences ending soon
      </h2>
      {ending.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : ending.isError ? (
        <p className="text-sm text-destructive">Failed to load the licences.</p>
      ) : ending.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No licence ends in the next 30 days.</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {ending.data.map((l) => (
            <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <Link href={dealPath(l.dealId)} className="font-medium hover:underline">
                {l.brand} · video {l.deliverable}
              </Link>
              <span className={l.daysLeft <= 0 ? "text-destructive" : "text-muted-foreground"}>
                {ends(l)} ({formatDay(l.endDate)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

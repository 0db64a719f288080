import { Film, Handshake, Link2, Mail } from "lucide-react";
import { Link } from "wouter";
import { type ActivityItem, useActivity } from "@/api/activity.admin";
import { formatMoment } from "@/lib/dates";

const icons: Record<ActivityItem["type"], typeof Mail> = {
  inquiry: Mail,
  "pitch-open": Link2,
  "media-ready": Film,
  deal: Handshake,
};

/**
 * The Overview's recent activity: new inquiries, pitch links opened, media processed,
 * and every change of a deal.
 */
export function RecentActivity() {
  const activity = useActivity();
  if (activity.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (activity.isError) return <p className="text-sm">Failed to load recent activity.</p>;
  if (activity.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Nothing yet. New inquiries, opened pitch links, processed media and deals show here.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="recent-activity">
      {activity.data.map((item) => {
        const Icon = icons[item.type] ?? Mail;
        const text = item.link ? (
          <Link href={item.link} className="hover:underline">
            {item.text}
          </Link>
        ) : (
          item.text
        );
        return (
          <li
            key={`${item.type}-${item.at}-${item.text}`}
            className="flex items-start gap-3 text-sm"
          >
            <span className="grid size-8 shrink-0 place-items-center rounded-full bg-muted">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block">{text}</span>
              <span className="block text-xs text-muted-foreground">{formatMoment(item.at)}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

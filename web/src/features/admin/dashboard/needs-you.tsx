import { useQuery } from "@tanstack/react-query";
import {
  AlertCircle,
  CalendarClock,
  CheckCircle2,
  Mail,
  MessageCircleReply,
  Receipt,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { useBillingSummary } from "@/api/billing.admin";
import { dealSummaryQueryOptions } from "@/api/deals.admin";
import { useUnreadInquiryCount } from "@/api/inquiries.admin";
import { Card } from "@/components/ui/card";
import { adminPaths } from "@/lib/admin-paths";
import { dealPath, paths } from "@/lib/paths";

function Need({ href, icon, text }: { href: string; icon: ReactNode; text: string }) {
  return (
    <li>
      <Link
        href={href}
        className="flex items-center gap-3 rounded-lg border border-border p-3 text-sm font-medium hover:bg-muted"
      >
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-amber-100 text-amber-800">
          {icon}
        </span>
        <span className="min-w-0 flex-1">{text}</span>
      </Link>
    </li>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The first thing the Overview shows: what waits for the creator today — new inquiries, deals the
 * brand has answered, deals due this week (overdue ones named apart), invoices past their due
 * date — each a link to where she acts on it; a calm line when nothing does.
 */
export function NeedsYou({ today }: { today: string }) {
  const unread = useUnreadInquiryCount();
  // Asked again each time the Overview opens: opening a deal clears its answer on the server, and
  // the cached summary would still count it when she comes back.
  const deals = useQuery({ ...dealSummaryQueryOptions(today), refetchOnMount: "always" });
  const billing = useBillingSummary();
  const answered = deals.data?.answered ?? [];
  const due = deals.data?.dueThisWeek ?? [];
  const lateDeals = due.filter((d) => d.overdue).length;
  const overdueInvoices = billing.data?.overdue.length ?? 0;
  const needs: Array<{ key: string; href: string; icon: ReactNode; text: string }> = [];
  if (unread > 0)
    needs.push({
      key: "inquiries",
      href: paths.admin.inquiries,
      icon: <Mail className="size-4" />,
      text: `${plural(unread, "new inquiry", "new inquiries")} to answer`,
    });
  const [latest] = answered;
  if (latest)
    needs.push({
      key: "answered",
      // One deal: straight to it (opening it is what clears the line); several: the board.
      href: answered.length === 1 ? dealPath(latest.id) : paths.admin.deals,
      icon: <MessageCircleReply className="size-4" />,
      text: `${plural(answered.length, "deal", "deals")} where the brand has answered`,
    });
  if (lateDeals > 0)
    needs.push({
      key: "late",
      href: paths.admin.deals,
      icon: <AlertCircle className="size-4" />,
      text: `${plural(lateDeals, "deal", "deals")} past the due date`,
    });
  if (due.length > lateDeals)
    needs.push({
      key: "due",
      href: paths.admin.deals,
      icon: <CalendarClock className="size-4" />,
      text: `${plural(due.length - lateDeals, "deal", "deals")} due this week`,
    });
  if (overdueInvoices > 0)
    needs.push({
      key: "invoices",
      href: adminPaths.invoices,
      icon: <Receipt className="size-4" />,
      text: `${plural(overdueInvoices, "invoice", "invoices")} overdue`,
    });
  const loading = deals.isPending || billing.isPending;
  return (
    <Card className="mb-4 p-5" data-testid="needs-you">
      <h2 className="font-semibold">Needs you</h2>
      {needs.length > 0 ? (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {needs.map(({ key, ...need }) => (
            <Need key={key} {...need} />
          ))}
        </ul>
      ) : loading ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading…</p>
      ) : (
        <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
          <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
          Nothing waits for you: no new inquiries, nothing due this week.
        </p>
      )}
    </Card>
  );
}

import { ArrowRight, FileText, Handshake, Image, Mail, MessageSquareQuote } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { localToday } from "@/api/deals.admin";
import { useUnreadInquiryCount } from "@/api/inquiries.admin";
import { usePortfolio } from "@/api/portfolio";
import { useTestimonials } from "@/api/testimonials";
import { Card } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { paths } from "@/lib/paths";
import { AdminLayout } from "../layout/admin-layout";
// Not a lazy import of its own: the dashboard is lazy already, and a nested lazy import made the
// bundler split shared modules out of the visitor's main script (2 KB more for every visitor).
import { AnalyticsTab } from "./analytics/analytics-tab";
import { BillingOverview } from "./billing-overview";
import { LicencesEnding } from "./licences-ending";
import { NeedsYou } from "./needs-you";
import { Pipeline } from "./pipeline";
import { RecentActivity } from "./recent-activity";

/** SPEC.md "Admin dashboard": three static dated update notes. */
const updates = [
  {
    date: "March 15, 2025",
    title: "Portfolio video uploads",
    text: "Upload videos up to 100MB straight from the portfolio manager.",
  },
  {
    date: "February 2, 2025",
    title: "Bilingual content editor",
    text: "Edit every section of the site in Norwegian and English.",
  },
  {
    date: "January 10, 2025",
    title: "Inquiry inbox",
    text: "Contact form messages now arrive in the Inquiries screen with unread badges.",
  },
];

function StatCard({
  label,
  value,
  icon,
  href,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  href: string;
}) {
  return (
    // Three across on a phone too, small: what needs her comes first (NeedsYou).
    <Card className="p-3 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        <span className="hidden size-9 shrink-0 place-items-center rounded-lg bg-amber-100 text-amber-700 sm:grid">
          {icon}
        </span>
      </div>
      <p className="mt-1 text-2xl font-bold sm:mt-2 sm:text-3xl" data-testid={`stat-${label}`}>
        {value}
      </p>
      <Link
        href={href}
        className="mt-1 inline-block text-xs text-muted-foreground hover:underline sm:mt-2 sm:text-sm"
      >
        View all
      </Link>
    </Card>
  );
}

function QuickAction({
  href,
  icon,
  title,
  text,
}: {
  href: string;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <Link
      href={href}
      className="group flex items-center gap-4 rounded-lg border border-border bg-card p-4 transition-colors hover:bg-muted"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-stone-900 text-white">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="block text-sm text-muted-foreground">{text}</span>
      </span>
      <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
    </Link>
  );
}

/**
 * "/admin": unread inquiries and the Norwegian list counts, then the overview tabs;
 * "/admin/analytics" opens it on the Analytics tab (the address the activity list links).
 */
export function DashboardPage() {
  const [location, navigate] = useLocation();
  const tab = location === paths.admin.analytics ? "analytics" : "overview";
  const unread = useUnreadInquiryCount();
  // Both counts come from the Norwegian lists (SPEC.md); an error or a missing list counts 0.
  const portfolio = usePortfolio("no");
  const testimonials = useTestimonials("no");

  return (
    <AdminLayout
      title="Dashboard"
      description="Welcome back. Here is what is happening on your site."
    >
      <NeedsYou today={localToday()} />
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard
          label="Unread Inquiries"
          value={unread}
          icon={<Mail className="size-4" />}
          href={paths.admin.inquiries}
        />
        <StatCard
          label="Portfolio Items"
          value={portfolio.data?.length ?? 0}
          icon={<Image className="size-4" />}
          href={paths.admin.portfolio}
        />
        <StatCard
          label="Testimonials"
          value={testimonials.data?.length ?? 0}
          icon={<MessageSquareQuote className="size-4" />}
          href={paths.admin.testimonials}
        />
      </div>

      <Tabs
        defaultValue={tab}
        className="mt-8"
        onValueChange={(value) =>
          // The address follows the Analytics tab, so a reload or a shared link opens it again.
          navigate(value === "analytics" ? paths.admin.analytics : paths.admin.dashboard, {
            replace: true,
          })
        }
      >
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="updates">Updates</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <div className="flex flex-col gap-6">
              <Card className="p-5">
                <h2 className="font-semibold">Pipeline</h2>
                <div className="mt-4">
                  <Pipeline today={localToday()} />
                </div>
              </Card>
              <BillingOverview />
              <LicencesEnding today={localToday()} />
              <Card className="p-5">
                <h2 className="font-semibold">Quick actions</h2>
                <div className="mt-4 flex flex-col gap-3">
                  <QuickAction
                    href={paths.admin.content}
                    icon={<FileText className="size-4" />}
                    title="Edit website content"
                    text="Update texts in Norwegian and English"
                  />
                  <QuickAction
                    href={paths.admin.testimonials}
                    icon={<MessageSquareQuote className="size-4" />}
                    title="Manage testimonials"
                    text="Add, edit or hide client quotes"
                  />
                  <QuickAction
                    href={paths.admin.inquiries}
                    icon={<Mail className="size-4" />}
                    title="Review inquiries"
                    text={unread > 0 ? `${unread} unread` : "No unread messages"}
                  />
                  <QuickAction
                    href={paths.admin.deals}
                    icon={<Handshake className="size-4" />}
                    title="Deals board"
                    text="Move deals from inquiry to paid"
                  />
                </div>
              </Card>
            </div>
            <Card className="p-5">
              <h2 className="font-semibold">Recent activity</h2>
              <div className="mt-4">
                <RecentActivity />
              </div>
            </Card>
          </div>
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="updates">
          <ul className="flex flex-col gap-3">
            {updates.map((u) => (
              <li key={u.title}>
                <Card className="p-5">
                  <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                    {u.date}
                  </p>
                  <h2 className="mt-1 font-semibold">{u.title}</h2>
                  <p className="mt-1 text-sm text-muted-foreground">{u.text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </TabsContent>
      </Tabs>
    </AdminLayout>
  );
}

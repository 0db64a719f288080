import type { FetchQueryOptions, QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy } from "react";
import { Route, Switch } from "wouter";
import { activityQueryOptions } from "@/api/activity.admin";
import { summaryQueryOptions } from "@/api/analytics.admin";
import { hasSignedInHint } from "@/api/auth";
import {
  billingProfileQueryOptions,
  billingSummaryQueryOptions,
  invoiceQueryOptions,
  invoicesQueryOptions,
} from "@/api/billing.admin";
import { adminClientLogosQueryOptions } from "@/api/client-logos.admin";
import {
  dealQueryOptions,
  dealSummaryQueryOptions,
  dealsQueryOptions,
  localToday,
} from "@/api/deals.admin";
import { inquiriesQueryOptions } from "@/api/inquiries.admin";
import { pitchLinksQueryOptions } from "@/api/pitch-links.admin";
import { portfolioQueryOptions } from "@/api/portfolio";
import { endingLicencesQueryOptions } from "@/api/rooms.admin";
import { testimonialsQueryOptions } from "@/api/testimonials";
import { AdminGuard } from "@/features/admin/admin-guard";
import { defaultAnalyticsRange } from "@/features/admin/dashboard/analytics/date-range";
import { adminPaths } from "@/lib/admin-paths";
import { paths } from "@/lib/paths";

// The admin's routes, one module the visitor's router loads lazily for /admin and below: a visitor's
// bundle knows only that /admin exists (DESIGN.md §2: no admin code; §5: the page's JavaScript
// budget, which each lazy screen listed in the visitor's router used to cost). Each screen is split
// again, so the dashboard does not download the deals' board.
const dashboard = () => import("@/features/admin/dashboard/dashboard-page");
const content = () => import("@/features/admin/content/content-page");
const portfolio = () => import("@/features/admin/portfolio/portfolio-page");
const testimonials = () => import("@/features/admin/testimonials/testimonials-page");
const clientLogos = () => import("@/features/admin/client-logos/client-logos-page");
const inquiries = () => import("@/features/admin/inquiries/inquiries-page");
const deals = () => import("@/features/admin/deals/deals-page");
const deal = () => import("@/features/admin/deals/deal-page");
// The billing screens share one module (billing-screens.ts says why).
const billingScreens = () => import("@/features/admin/billing/billing-screens");

const DashboardPage = lazy(() => dashboard().then((m) => ({ default: m.DashboardPage })));
const ContentPage = lazy(() => content().then((m) => ({ default: m.ContentPage })));
const PortfolioPage = lazy(() => portfolio().then((m) => ({ default: m.PortfolioPage })));
const TestimonialsPage = lazy(() => testimonials().then((m) => ({ default: m.TestimonialsPage })));
const ClientLogosPage = lazy(() => clientLogos().then((m) => ({ default: m.ClientLogosPage })));
const InquiriesPage = lazy(() => inquiries().then((m) => ({ default: m.InquiriesPage })));
const DealsPage = lazy(() => deals().then((m) => ({ default: m.DealsPage })));
const DealPage = lazy(() => deal().then((m) => ({ default: m.DealPage })));
const InvoicesPage = lazy(() => billingScreens().then((m) => ({ default: m.InvoicesPage })));
const InvoicePage = lazy(() => billingScreens().then((m) => ({ default: m.InvoicePage })));
const SettingsPage = lazy(() => billingScreens().then((m) => ({ default: m.SettingsPage })));

/** What the Overview shows first; the Analytics tab is the same screen. */
function overviewData(today: string) {
  return [
    inquiriesQueryOptions(),
    portfolioQueryOptions("no"),
    testimonialsQueryOptions("no"),
    dealSummaryQueryOptions(today),
    billingSummaryQueryOptions(),
    endingLicencesQueryOptions(today),
    activityQueryOptions(),
  ];
}

/**
 * Each screen: its route, the component, its code, and the data it shows first, as query options
 * (given the address's id, and the admin's day). Opening a screen asks for its code and its data at
 * once (preloadAdminScreen), instead of the data only once the code has run.
 */
interface Screen {
  path: string;
  component: ComponentType;
  code: () => Promise<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: queries of every result type, given to prefetchQuery.
  data?: (id: number, today: string) => FetchQueryOptions<any, any, any, any>[];
}

const screens: Screen[] = [
  {
    path: paths.admin.dashboard,
    component: DashboardPage,
    code: dashboard,
    data: (_, today) => overviewData(today),
  },
  {
    path: paths.admin.analytics,
    component: DashboardPage,
    code: dashboard,
    data: (_, today) => [
      ...overviewData(today),
      summaryQueryOptions(defaultAnalyticsRange(new Date())),
      pitchLinksQueryOptions(),
    ],
  },
  { path: paths.admin.content, component: ContentPage, code: content },
  { path: paths.admin.portfolio, component: PortfolioPage, code: portfolio },
  {
    path: paths.admin.testimonials,
    component: TestimonialsPage,
    code: testimonials,
    data: () => [testimonialsQueryOptions("no")],
  },
  {
    path: paths.admin.clientLogos,
    component: ClientLogosPage,
    code: clientLogos,
    data: () => [adminClientLogosQueryOptions()],
  },
  {
    path: paths.admin.inquiries,
    component: InquiriesPage,
    code: inquiries,
    data: () => [inquiriesQueryOptions()],
  },
  { path: paths.admin.deals, component: DealsPage, code: deals, data: () => [dealsQueryOptions()] },
  { path: paths.admin.deal, component: DealPage, code: deal, data: (id) => [dealQueryOptions(id)] },
  {
    path: adminPaths.invoices,
    component: InvoicesPage,
    code: billingScreens,
    data: () => [invoicesQueryOptions()],
  },
  {
    path: adminPaths.invoice,
    component: InvoicePage,
    code: billingScreens,
    data: (id) => [invoiceQueryOptions(id)],
  },
  {
    path: adminPaths.settings,
    component: SettingsPage,
    code: billingScreens,
    data: () => [billingProfileQueryOptions(), invoicesQueryOptions()],
  },
];

/** The screen an address opens, and the number its `:id` names (0 for none). */
function screenAt(address: string): { screen: Screen; id: number } | undefined {
  const path = address.split(/[?#]/)[0] ?? "";
  for (const [screen, pattern] of screenPatterns) {
    const match = pattern.exec(path);
    if (match) return { screen, id: Number(match[1] ?? 0) };
  }
  return undefined;
}

/** Each screen with its route as a pattern (`:id` a number), made once. */
const screenPatterns = screens.map(
  (screen) => [screen, new RegExp(`^${screen.path.replace(/:id/, "(\\d+)")}/?$`)] as const,
);

/**
 * Asks for a screen's code and its data at once, before it is shown: on the page's start (main.tsx)
 * and when the admin points at, focuses or presses a link to it (the sidebar). Asked twice, nothing
 * is fetched again: the browser keeps the module and the cache the answers. Without the signed-in
 * hint nobody is signed in: the data would only be 401s, which a browser logs as errors. Resolves
 * once the code is in.
 */
export function preloadAdminScreen(address: string, client: QueryClient): Promise<unknown> {
  const found = screenAt(address);
  if (!found) return Promise.resolve();
  const code = found.screen.code();
  if (hasSignedInHint()) {
    for (const options of found.screen.data?.(found.id, localToday()) ?? []) {
      void client.prefetchQuery(options);
    }
  }
  return code;
}

/** A screen behind the admin guard. */
function guarded(Screen: ComponentType) {
  return (
    <AdminGuard>
      <Screen />
    </AdminGuard>
  );
}

/**
 * The admin screens, each behind the admin guard (SPEC.md section 2, "Admin guard"); an address
 * under /admin that names no screen is the 404 screen, for anyone. The router hands that screen
 * over: imported here too, it made the bundler split the visitor's main script into shared chunks.
 * Going from /admin to /admin/analytics (the dashboard's tabs) keeps the dashboard as it is: both
 * routes carry its key, where a key per address would build it again.
 */
export function AdminRoutes({ notFound: NotFound }: { notFound: ComponentType }) {
  return (
    <Switch>
      {screens.map(({ path, component }) => (
        // One key per component: the dashboard's two addresses keep one dashboard.
        <Route key={screens.findIndex((s) => s.component === component)} path={path}>
          {guarded(component)}
        </Route>
      ))}
      <Route component={NotFound} />
    </Switch>
  );
}

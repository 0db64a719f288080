import { type ComponentType, lazy } from "react";
import { Route, Switch } from "wouter";
import { AdminGuard } from "@/features/admin/admin-guard";
import { adminPaths } from "@/lib/admin-paths";
import { paths } from "@/lib/paths";

// The admin's routes, one module the visitor's router loads lazily for /admin and below: a visitor's
// bundle knows only that /admin exists (DESIGN.md §2: no admin code; §5: the page's JavaScript
// budget, which each lazy screen listed in the visitor's router used to cost). Each screen is split
// again, so the dashboard does not download the deals' board.
const DashboardPage = lazy(() =>
  import("@/features/admin/dashboard/dashboard-page").then((m) => ({ default: m.DashboardPage })),
);
const ContentPage = lazy(() =>
  import("@/features/admin/content/content-page").then((m) => ({ default: m.ContentPage })),
);
const PortfolioPage = lazy(() =>
  import("@/features/admin/portfolio/portfolio-page").then((m) => ({ default: m.PortfolioPage })),
);
const TestimonialsPage = lazy(() =>
  import("@/features/admin/testimonials/testimonials-page").then((m) => ({
    default: m.TestimonialsPage,
  })),
);
const ClientLogosPage = lazy(() =>
  import("@/features/admin/client-logos/client-logos-page").then((m) => ({
    default: m.ClientLogosPage,
  })),
);
const InquiriesPage = lazy(() =>
  import("@/features/admin/inquiries/inquiries-page").then((m) => ({ default: m.InquiriesPage })),
);
const DealsPage = lazy(() =>
  import("@/features/admin/deals/deals-page").then((m) => ({ default: m.DealsPage })),
);
const DealPage = lazy(() =>
  import("@/features/admin/deals/deal-page").then((m) => ({ default: m.DealPage })),
);
// The billing screens share one module (billing-screens.ts says why).
const billingScreens = () => import("@/features/admin/billing/billing-screens");
const InvoicesPage = lazy(() => billingScreens().then((m) => ({ default: m.InvoicesPage })));
const InvoicePage = lazy(() => billingScreens().then((m) => ({ default: m.InvoicePage })));
const SettingsPage = lazy(() => billingScreens().then((m) => ({ default: m.SettingsPage })));

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
 * The routes carry no keys: going from /admin to /admin/analytics (the dashboard's tabs) keeps the
 * dashboard as it is, where a key per route would build it again.
 */
export function AdminRoutes({ notFound: NotFound }: { notFound: ComponentType }) {
  return (
    <Switch>
      <Route path={paths.admin.dashboard}>{guarded(DashboardPage)}</Route>
      <Route path={paths.admin.analytics}>{guarded(DashboardPage)}</Route>
      <Route path={paths.admin.content}>{guarded(ContentPage)}</Route>
      <Route path={paths.admin.portfolio}>{guarded(PortfolioPage)}</Route>
      <Route path={paths.admin.testimonials}>{guarded(TestimonialsPage)}</Route>
      <Route path={paths.admin.clientLogos}>{guarded(ClientLogosPage)}</Route>
      <Route path={paths.admin.inquiries}>{guarded(InquiriesPage)}</Route>
      <Route path={paths.admin.deals}>{guarded(DealsPage)}</Route>
      <Route path={paths.admin.deal}>{guarded(DealPage)}</Route>
      <Route path={adminPaths.invoices}>{guarded(InvoicesPage)}</Route>
      <Route path={adminPaths.invoice}>{guarded(InvoicePage)}</Route>
      <Route path={adminPaths.settings}>{guarded(SettingsPage)}</Route>
      <Route component={NotFound} />
    </Switch>
  );
}

import { type ComponentType, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { NotFoundPage } from "@/features/not-found/not-found-page";
import { HomePage } from "@/features/public/home-page";
import { PrivacyPage } from "@/features/public/privacy/privacy-page";
import { useLanguage } from "@/lib/i18n";
import { paths } from "@/lib/paths";

// The account and gate forms (react-hook-form, zod, tabs) are split too: a visitor of the home page
// never needs them, and the home page has a JavaScript budget.
const AuthPage = lazy(() =>
  import("@/features/auth/auth-page").then((m) => ({ default: m.AuthPage })),
);
const ComingSoonPage = lazy(() =>
  import("@/features/gate/coming-soon-page").then((m) => ({ default: m.ComingSoonPage })),
);

// Admin screens are code-split: a visitor's bundle must contain no admin code (DESIGN.md §2),
// and the public page has a JavaScript budget (DESIGN.md §5).
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
// The admin guard (issue 3) is admin code too: lazy, so a visitor never downloads it.
const AdminGuard = lazy(() =>
  import("@/features/admin/admin-guard").then((m) => ({ default: m.AdminGuard })),
);

/** An admin screen behind the admin guard (SPEC.md section 2, "Admin guard"). */
function guarded(Screen: ComponentType) {
  return function GuardedScreen() {
    return (
      <AdminGuard>
        <Screen />
      </AdminGuard>
    );
  };
}
const GuardedDashboard = guarded(DashboardPage);
const GuardedContent = guarded(ContentPage);
const GuardedPortfolio = guarded(PortfolioPage);
const GuardedTestimonials = guarded(TestimonialsPage);
const GuardedClientLogos = guarded(ClientLogosPage);
const GuardedInquiries = guarded(InquiriesPage);

function RouteFallback() {
  const { t } = useLanguage();
  return <Spinner label={t.common.loading} className="min-h-dvh" />;
}

/**
 * The route table of SPEC.md section 2. The admin guard wraps the admin routes; the site-access
 * gate wraps the whole table (app.tsx); the last route catches every unknown path.
 */
export function AppRouter() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Switch>
        <Route path={paths.home} component={HomePage} />
        <Route path={paths.homeEnglish} component={HomePage} />
        <Route path={paths.privacy} component={PrivacyPage} />
        <Route path={paths.privacyEnglish} component={PrivacyPage} />
        <Route path={paths.auth} component={AuthPage} />
        <Route path={paths.comingSoon} component={ComingSoonPage} />
        <Route path={paths.admin.dashboard} component={GuardedDashboard} />
        <Route path={paths.admin.analytics} component={GuardedDashboard} />
        <Route path={paths.admin.content} component={GuardedContent} />
        <Route path={paths.admin.portfolio} component={GuardedPortfolio} />
        <Route path={paths.admin.testimonials} component={GuardedTestimonials} />
        <Route path={paths.admin.clientLogos} component={GuardedClientLogos} />
        <Route path={paths.admin.inquiries} component={GuardedInquiries} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

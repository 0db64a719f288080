import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { AuthPage } from "@/features/auth/auth-page";
import { ComingSoonPage } from "@/features/gate/coming-soon-page";
import { NotFoundPage } from "@/features/not-found/not-found-page";
import { HomePage } from "@/features/public/home-page";
import { useLanguage } from "@/lib/i18n";
import { paths } from "@/lib/paths";

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
const InquiriesPage = lazy(() =>
  import("@/features/admin/inquiries/inquiries-page").then((m) => ({ default: m.InquiriesPage })),
);

function RouteFallback() {
  const { t } = useLanguage();
  return <Spinner label={t.common.loading} className="min-h-dvh" />;
}

/**
 * The route table of SPEC.md section 2. The site-access gate and the admin guard will wrap these
 * routes; the last route catches every unknown path.
 */
export function AppRouter() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Switch>
        <Route path={paths.home} component={HomePage} />
        <Route path={paths.auth} component={AuthPage} />
        <Route path={paths.comingSoon} component={ComingSoonPage} />
        <Route path={paths.admin.dashboard} component={DashboardPage} />
        <Route path={paths.admin.content} component={ContentPage} />
        <Route path={paths.admin.portfolio} component={PortfolioPage} />
        <Route path={paths.admin.testimonials} component={TestimonialsPage} />
        <Route path={paths.admin.inquiries} component={InquiriesPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

import { lazy, Suspense } from "react";
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
// and the public page has a JavaScript budget (DESIGN.md §5). One lazy module routes them all
// (admin-routes.tsx), so a new admin screen costs a visitor nothing.
const AdminRoutes = lazy(() => import("./admin-routes").then((m) => ({ default: m.AdminRoutes })));

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
        <Route path={paths.admin.everything}>
          <AdminRoutes notFound={NotFoundPage} />
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

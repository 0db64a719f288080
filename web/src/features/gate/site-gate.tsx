import type { ReactNode } from "react";
import { Redirect, useLocation } from "wouter";
import { useCurrentUser } from "@/api/auth";
import { hasSiteAccess, isGateExempt, useSiteInfo } from "@/api/site-access";
import { Spinner } from "@/components/ui/spinner";
import { useLanguage } from "@/lib/i18n";
import { paths } from "@/lib/paths";

/**
 * The site-wide access gate (SPEC.md section 2): while the server says the gate is on, a visitor
 * without the session-storage flag is sent to /coming-soon. Exempt are /coming-soon, /auth… and
 * /api/… paths, and admins (DESIGN.md section 4).
 */
export function SiteGate({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { t } = useLanguage();
  const exempt = isGateExempt(location) || hasSiteAccess();
  const site = useSiteInfo();
  // Only a visitor who would be sent away needs the user lookup (admins pass).
  const { user, isLoading: userLoading } = useCurrentUser({
    enabled: !exempt && site.data?.gate === true,
  });

  if (exempt) return children;
  // If the server cannot say, the page shows: the gate hides a preview, it guards no data.
  if (site.isPending) return <Spinner label={t.common.loading} className="min-h-dvh" />;
  if (!site.data?.gate) return children;
  if (userLoading) return <Spinner label={t.common.loading} className="min-h-dvh" />;
  if (user?.isAdmin) return children;
  return <Redirect to={paths.comingSoon} replace />;
}

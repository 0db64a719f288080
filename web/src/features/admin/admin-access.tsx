import type { ReactNode } from "react";
import { Link } from "wouter";
import { useCurrentUser } from "@/api/auth";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/lib/paths";
import { AccessNotice } from "./access-notice";

/** The texts of the second admin layout wrapper, word for word from SPEC.md section 2. */
const adminAccessTexts = {
  loginTitle: "Access Denied",
  loginText: "You need to be logged in to access this page.",
  loginLink: "Log in",
  adminTitle: "Admin Access Required",
  adminText: "You need administrator privileges to access this page.",
  homeLink: "Return to homepage",
} as const;

/**
 * The admin layout's own check (SPEC.md section 2, "a second admin layout wrapper"): unlike
 * AdminGuard it never redirects, it explains — log in first, or this needs an admin.
 */
export function AdminAccess({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading" className="min-h-dvh" />;
  if (!user) {
    return (
      <AccessNotice title={adminAccessTexts.loginTitle} text={adminAccessTexts.loginText}>
        <Button asChild>
          <Link href={paths.auth}>{adminAccessTexts.loginLink}</Link>
        </Button>
      </AccessNotice>
    );
  }
  if (!user.isAdmin) {
    return (
      <AccessNotice title={adminAccessTexts.adminTitle} text={adminAccessTexts.adminText}>
        <Button asChild>
          <Link href={paths.home}>{adminAccessTexts.homeLink}</Link>
        </Button>
      </AccessNotice>
    );
  }
  return children;
}

import type { ReactNode } from "react";
import { Link, Redirect } from "wouter";
import { useAuth } from "@/api/use-auth";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/lib/paths";
import { AccessNotice } from "./access-notice";

/** The guard's texts, word for word from SPEC.md section 2 ("Admin guard"). */
const adminGuardTexts = {
  deniedTitle: "Access Denied",
  deniedText: "You don't have permission to access this area.",
  home: "Go back home",
} as const;

/**
 * Wraps every admin route (router.tsx): a spinner while the user loads, /auth for a visitor, and
 * 'Access Denied' for a logged-in non-admin. The server refuses the admin API to them as well.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading, logoutMutation } = useAuth();
  if (isLoading) return <Spinner label="Loading" className="min-h-dvh" />;
  if (!user) return <Redirect to={paths.auth} replace />;
  if (!user.isAdmin) {
    return (
      <AccessNotice title={adminGuardTexts.deniedTitle} text={adminGuardTexts.deniedText}>
        <Button asChild>
          <Link href={paths.home}>{adminGuardTexts.home}</Link>
        </Button>
        {/* Someone who holds an admin account too needs a way to switch. */}
        <Button
          variant="outline"
          disabled={logoutMutation.isPending}
          onClick={() => logoutMutation.mutate()}
        >
          Log out
        </Button>
      </AccessNotice>
    );
  }
  return children;
}

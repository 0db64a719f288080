import { useQuery } from "@tanstack/react-query";
import { getJson } from "@/lib/api";

/** The session-storage key of the site-access flag (SPEC.md section 3, browser-held values). */
export const siteAccessKey = "siteAccess";

/** Whether this browser session has passed the coming-soon gate. */
export function hasSiteAccess(): boolean {
  try {
    return sessionStorage.getItem(siteAccessKey) === "granted";
  } catch {
    return false; // storage blocked: ask again
  }
}

export function grantSiteAccess(): void {
  sessionStorage.setItem(siteAccessKey, "granted");
}

/** GET /api/site: whether the operator has switched the gate on. */
export interface SiteInfo {
  gate: boolean;
}

export const siteQueryKey = ["/api/site"] as const;

export function useSiteInfo() {
  return useQuery({ queryKey: siteQueryKey, queryFn: () => getJson<SiteInfo>(siteQueryKey[0]) });
}

/** Paths a visitor reaches without passing the gate (SPEC.md section 2). */
export function isGateExempt(path: string): boolean {
  return (
    path === "/coming-soon" ||
    path.startsWith("/coming-soon/") ||
    path.startsWith("/auth") ||
    path.startsWith("/api/")
  );
}

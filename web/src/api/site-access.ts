import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api";

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

/** The query of GET /api/site; nothing changes it while the page is open. */
export function siteInfoQueryOptions() {
  return queryOptions({ queryKey: ["/api/site"], queryFn: () => getJson<SiteInfo>("/api/site") });
}

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions());
}

/** The gate's credentials (SPEC.md section 5). */
export interface SiteAccessCredentials {
  username: string;
  password: string;
}

/** POST /api/site-access: the server checks the operator's credentials (an error when wrong). */
export async function requestSiteAccess(credentials: SiteAccessCredentials): Promise<void> {
  await apiRequest("POST", "/api/site-access", credentials);
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

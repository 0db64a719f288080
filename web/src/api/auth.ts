import { useQuery } from "@tanstack/react-query";

// The login, register and logout calls live in ./use-auth: only the auth and admin screens use
// them, and this module is in every visitor's bundle (DESIGN.md section 5 sets its budget).

/** A user as the server answers it (never with a password). */
export interface User {
  id: number;
  username: string;
  displayName: string;
  isAdmin: boolean;
}

/** The query key of the current user; login, register and logout update it. */
export const userQueryKey = ["/api/user"] as const;

/**
 * The readable cookie the server sets on login and register and clears on logout (it holds no
 * secret; the HttpOnly session cookie alone says who is logged in). It only spares a visitor the
 * user lookup.
 */
export const signedInHintCookie = "ugcfolio_signed_in";

/** Whether the signed-in hint is present. */
export function hasSignedInHint(): boolean {
  if (typeof document === "undefined") return false;
  return document.cookie.split(";").some((part) => part.trim() === `${signedInHintCookie}=1`);
}

/** Removes the hint (after a 401: the session it stood for is gone). */
export function dropSignedInHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-secret flag; no Cookie Store API in every browser.
  document.cookie = `${signedInHintCookie}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/**
 * The current user, or null when nobody is logged in. SPEC.md section 7: a 401 on the lookup,
 * or any other failure, means no user.
 */
export async function fetchCurrentUser(): Promise<User | null> {
  // Without the hint nobody has logged in from this browser: the answer could only be 401, and a
  // browser logs every 401 as a console error, so the visitor's page does not ask.
  if (!hasSignedInHint()) return null;
  try {
    const res = await fetch(userQueryKey[0], { credentials: "include" });
    if (res.status === 401) dropSignedInHint(); // the session ended (expired or logged out elsewhere)
    if (!res.ok) return null;
    return (await res.json()) as User;
  } catch {
    return null;
  }
}

/**
 * The logged-in user (null when none) and whether the lookup is still running. With
 * `enabled: false` nothing is fetched (a visitor's 401 shows as a console error in browsers, so
 * pages that do not need the user should not ask); the cached answer is still used.
 */
export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, enabled });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

import { useQuery } from "@tanstack/react-query";

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
 * The current user, or null when nobody is logged in. SPEC.md section 7: a 401 on the lookup,
 * or any other failure, means no user.
 */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    const res = await fetch(userQueryKey[0], { credentials: "include" });
    if (!res.ok) return null;
    return (await res.json()) as User;
  } catch {
    return null;
  }
}

/** The logged-in user (null when none) and whether the lookup is still running. */
export function useCurrentUser() {
  const query = useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

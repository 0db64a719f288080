import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { apiRequest, errorMessage } from "./api";

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

/** The body of POST /api/login. */
export interface LoginData {
  username: string;
  password: string;
}

/** The body of POST /api/register: the confirmation never leaves the form. */
export interface RegisterData {
  username: string;
  password: string;
  displayName: string;
}

/** The toasts of SPEC.md section 8 for the account calls, word for word. */
export const authToasts = {
  loginOk: { title: "Welcome back!", description: "You have successfully logged in." },
  loginFail: "Login failed",
  registerOk: { title: "Registration successful", description: "Your account has been created." },
  registerFail: "Registration failed",
  logoutOk: { title: "Logged out", description: "You have been successfully logged out." },
  logoutFail: "Logout failed",
} as const;

/**
 * The text of a failed account call: the server's message ("Invalid username or password"),
 * else the error's own "STATUS: text" message (SPEC.md section 8).
 */
function failureText(error: unknown): string {
  return errorMessage(error, error instanceof Error ? error.message : String(error));
}

/**
 * The session on TanStack Query: the current user and the login, register and logout
 * mutations. Each mutation keeps the user query up to date and shows the spec's toasts.
 */
export function useAuth() {
  const queryClient = useQueryClient();
  const { user, isLoading } = useCurrentUser();

  const loginMutation = useMutation({
    mutationFn: async (data: LoginData) =>
      (await (await apiRequest("POST", "/api/login", data)).json()) as User,
    onSuccess: (loggedIn) => {
      queryClient.setQueryData(userQueryKey, loggedIn);
      toast.success(authToasts.loginOk.title, { description: authToasts.loginOk.description });
    },
    onError: (error) => {
      toast.error(authToasts.loginFail, { description: failureText(error) });
    },
  });

  const registerMutation = useMutation({
    mutationFn: async (data: RegisterData) =>
      (await (await apiRequest("POST", "/api/register", data)).json()) as User,
    onSuccess: (registered) => {
      queryClient.setQueryData(userQueryKey, registered);
      toast.success(authToasts.registerOk.title, {
        description: authToasts.registerOk.description,
      });
    },
    onError: (error) => {
      toast.error(authToasts.registerFail, { description: failureText(error) });
    },
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/logout");
    },
    onSuccess: () => {
      queryClient.setQueryData(userQueryKey, null);
      // Nothing an admin loaded may outlive the session in this tab.
      queryClient.removeQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith("/api/admin/"),
      });
      toast.success(authToasts.logoutOk.title, { description: authToasts.logoutOk.description });
    },
    onError: (error) => {
      toast.error(authToasts.logoutFail, { description: failureText(error) });
    },
  });

  return { user, isLoading, loginMutation, registerMutation, logoutMutation };
}

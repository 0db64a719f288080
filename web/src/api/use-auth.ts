import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { apiRequest, errorMessage, errorSummary } from "@/lib/api";
import { type User, useCurrentUser, userQueryKey } from "./auth";

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
const authToasts = {
  loginOk: { title: "Welcome back!", description: "You have successfully logged in." },
  loginFail: "Login failed",
  registerOk: { title: "Registration successful", description: "Your account has been created." },
  registerFail: "Registration failed",
  logoutOk: { title: "Logged out", description: "You have been successfully logged out." },
  logoutFail: "Logout failed",
} as const;

/**
 * The text of a failed account call: the server's message ("Invalid username or password"),
 * else "STATUS: status text" (SPEC.md section 8), never a raw body.
 */
function failureText(error: unknown): string {
  return errorMessage(error, errorSummary(error));
}

/**
 * Drops every cached answer that depends on who asks: the admin's data, and the portfolio and
 * testimonial lists, which hold hidden items for an admin only (DESIGN.md section 4). Data never
 * goes stale (SPEC.md section 9), so without this a list cached before login or logout would be
 * shown to the wrong person until a reload.
 */
function forgetRoleAwareData(queryClient: QueryClient) {
  const roleAware = ["/api/admin/", "/api/portfolio/", "/api/testimonials/"];
  queryClient.removeQueries({
    predicate: (query) => roleAware.some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
  });
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
      forgetRoleAwareData(queryClient);
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
      forgetRoleAwareData(queryClient);
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
      // Nothing an admin loaded may outlive the session in this tab.
      forgetRoleAwareData(queryClient);
      queryClient.setQueryData(userQueryKey, null);
      toast.success(authToasts.logoutOk.title, { description: authToasts.logoutOk.description });
    },
    onError: (error) => {
      toast.error(authToasts.logoutFail, { description: failureText(error) });
    },
  });

  return { user, isLoading, loginMutation, registerMutation, logoutMutation };
}

import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { throwIfResNotOk } from "./api";

/** What a query does when the server answers 401: "returnNull" for the current-user lookup. */
export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * A query function that GETs `queryKey[0]` (a URL such as "/api/portfolio/no") and parses JSON.
 * SPEC.md section 7: the generic fetch does a GET of the first query key path.
 */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== "string") throw new Error("queryKey[0] must be the URL to GET");
    const res = await fetch(url, { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * A client with SPEC.md section 9's cache rules: no retries, data never goes stale, no refetch on
 * window focus, no polling. Data changes only through our own mutations, which invalidate the keys
 * they touch. Individual queries may override (the content fetch retries up to 3 times, never on 404).
 * A factory so each test gets an isolated cache.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The application's single cache. */
export const queryClient = createQueryClient();

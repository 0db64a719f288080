import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Router, useLocation } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { LanguageProvider } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";

/** Shows the router's current path, so a test can see where a redirect went. */
function LocationProbe() {
  const [location] = useLocation();
  return <div data-testid="location">{location}</div>;
}

/**
 * Renders ui as the app does — a fresh query cache, the language, a router (in memory, at `path`,
 * which may carry a query string) and the toast outlet — plus a probe of the current location.
 */
export function renderApp(ui: ReactNode, { path = "/" }: { path?: string } = {}) {
  const { hook, searchHook } = memoryLocation({ path });
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <Router hook={hook} searchHook={searchHook}>
          {ui}
          <LocationProbe />
        </Router>
        <Toaster />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * Replaces fetch with the given routes ("POST /api/login" → handler); anything else is a 404.
 * Returns the mock, whose calls show what the app sent.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const handler = routes[`${init?.method ?? "GET"} ${url}`];
    return handler ? handler(init) : json({ message: "not mocked" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The JSON bodies the app sent to `method url`. */
export function sentBodies(fetchMock: ReturnType<typeof mockApi>, method: string, url: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => input === url && (init?.method ?? "GET") === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

import { afterEach, describe, expect, it } from "vitest";
import { dropSignedInHint, signedInHintCookie } from "@/api/auth";
import { createQueryClient } from "@/lib/query-client";
import { json, mockApi } from "@/test/render-app";
import { preloadAdminScreen } from "./admin-routes";

function setHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the hint.
  document.cookie = `${signedInHintCookie}=1; Path=/`;
}

/** The URLs fetched, in order. */
function fetched(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}

/** Waits until the client has no query fetching. */
async function settled(client: ReturnType<typeof createQueryClient>) {
  for (let i = 0; i < 50 && client.isFetching() > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(client.isFetching()).toBe(0);
}

describe("preloadAdminScreen: a screen's data asked for with its code", () => {
  afterEach(() => dropSignedInHint());

  it("asks for the deals list and caches it, so the screen shows it without asking again", async () => {
    setHint();
    const deals = [{ id: 3, brand: "Nordlys" }];
    const fetchMock = mockApi({ "GET /api/admin/deals": () => json(deals) });
    const client = createQueryClient();
    await preloadAdminScreen("/admin/deals", client);
    await settled(client);
    expect(fetched(fetchMock)).toEqual(["/api/admin/deals"]);
    expect(client.getQueryData(["/api/admin/deals", "list"])).toEqual(deals);
  });

  it("names the deal of the address, and reads past a query string", async () => {
    setHint();
    const fetchMock = mockApi({ "GET /api/admin/deals/42": () => json({ id: 42 }) });
    const client = createQueryClient();
    await preloadAdminScreen("/admin/deals/42?tab=room", client);
    await settled(client);
    expect(fetched(fetchMock)).toEqual(["/api/admin/deals/42"]);
    expect(client.getQueryData(["/api/admin/deals", "deal", 42])).toEqual({ id: 42 });
  });

  it("asks for the Overview's figures, and the Analytics tab's on top of them", async () => {
    setHint();
    const fetchMock = mockApi({});
    const client = createQueryClient();
    await preloadAdminScreen("/admin", client);
    await settled(client);
    const overview = fetched(fetchMock);
    expect(overview).toEqual(
      expect.arrayContaining([
        "/api/admin/contact",
        "/api/portfolio/no",
        "/api/testimonials/no",
        "/api/admin/activity",
      ]),
    );
    expect(overview.some((url) => url.startsWith("/api/admin/deals/summary?today="))).toBe(true);
    expect(overview.some((url) => url.startsWith("/api/admin/analytics/summary"))).toBe(false);

    const analytics = createQueryClient();
    await preloadAdminScreen("/admin/analytics", analytics);
    await settled(analytics);
    const after = fetched(fetchMock).slice(overview.length);
    expect(after.some((url) => url.startsWith("/api/admin/analytics/summary?from="))).toBe(true);
    expect(after).toContain("/api/admin/pitch-links");
  });

  it("asks for nothing without the signed-in hint (only 401s could come back)", async () => {
    dropSignedInHint();
    const fetchMock = mockApi({});
    const client = createQueryClient();
    await preloadAdminScreen("/admin/deals", client);
    await preloadAdminScreen("/admin", client);
    await settled(client);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("ignores an address that names no screen", async () => {
    setHint();
    const fetchMock = mockApi({});
    const client = createQueryClient();
    await preloadAdminScreen("/admin/nowhere", client);
    await preloadAdminScreen("/admin/deals/abc", client);
    await preloadAdminScreen("/", client);
    await settled(client);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

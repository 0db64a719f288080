import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient, getQueryFn } from "./query-client";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("query client", () => {
  it("follows SPEC.md section 9 cache rules", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it("GETs the first query key and returns null on 401 when asked to", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response("", { status: 401 }));
    vi.stubGlobal("fetch", fetchMock);
    const client = createQueryClient();

    const user = await client.fetchQuery({
      queryKey: ["/api/user"],
      queryFn: getQueryFn({ on401: "returnNull" }),
    });

    expect(user).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/user");
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: "include" });
  });

  it("throws on a non-OK answer with the default query function", async () => {
    vi.stubGlobal(
      "fetch",
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(new Response("", { status: 401, statusText: "Unauthorized" })),
    );

    await expect(createQueryClient().fetchQuery({ queryKey: ["/api/user"] })).rejects.toThrow(
      "401: Unauthorized",
    );
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, errorMessage, errorStatus, errorSummary } from "./api";

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends a JSON body with the session cookie", async () => {
    const fetchMock = mockFetch(new Response('{"id":1}', { status: 200 }));

    const res = await apiRequest("POST", "/api/login", { username: "a@b.no", password: "secret" });

    expect(await res.json()).toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledWith("/api/login", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"username":"a@b.no","password":"secret"}',
    });
  });

  it("sends no body and no content type when there is no payload", async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));

    await apiRequest("POST", "/api/logout");

    expect(fetchMock).toHaveBeenCalledWith("/api/logout", {
      method: "POST",
      credentials: "include",
    });
  });

  it('throws "STATUS: body" on a non-OK answer', async () => {
    mockFetch(new Response('{"message":"Invalid credentials"}', { status: 401 }));

    const error = await apiRequest("POST", "/api/login", {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('401: {"message":"Invalid credentials"}');
    expect(errorStatus(error)).toBe(401);
  });

  it('throws "STATUS: statusText" when the body is empty', async () => {
    mockFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));

    await expect(apiRequest("GET", "/api/user")).rejects.toThrow("500: Internal Server Error");
  });
});

describe("errorMessage", () => {
  it("returns the server's JSON message", () => {
    const error = new ApiError(
      400,
      "Bad Request",
      '{"message":"Name must be at least 2 characters"}',
    );
    expect(errorMessage(error, "fallback")).toBe("Name must be at least 2 characters");
  });

  it("also reads a plain Error in the STATUS: body format", () => {
    expect(errorMessage(new Error('409: {"message":"Username taken"}'), "fallback")).toBe(
      "Username taken",
    );
  });

  it("falls back when the body is not a JSON message", () => {
    expect(errorMessage(new ApiError(502, "Bad Gateway", "<html>oops</html>"), "Try again")).toBe(
      "Try again",
    );
    expect(errorMessage(new ApiError(500, "Internal Server Error", ""), "Try again")).toBe(
      "Try again",
    );
    expect(errorMessage(new TypeError("Failed to fetch"), "Try again")).toBe("Try again");
  });
});

describe("errorSummary", () => {
  it("says the status and its text, never the body", () => {
    const page = new ApiError(502, "Bad Gateway", "<html><h1>502 Bad Gateway</h1></html>");
    expect(errorSummary(page)).toBe("502: Bad Gateway");
    expect(errorSummary(new ApiError(500, "", "<html></html>"))).toBe("500: Request failed");
    expect(errorSummary(new Error("503: <html>down</html>"))).toBe("503: Request failed");
    expect(errorSummary(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });
});

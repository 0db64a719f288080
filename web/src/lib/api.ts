/**
 * The API client. It is deliberately pure: it never shows a toast, never redirects and never
 * touches the cache. Callers (query hooks, the auth layer) decide what an error means for the user.
 */

/** An HTTP answer that was not OK. The message follows SPEC.md section 8: "STATUS: body-or-statusText". */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The raw response body text (the server sends `{"message": "..."}` for its errors). */
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/** Throws an {@link ApiError} when the response is not OK; reads the body only in that case. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  throw new ApiError(res.status, res.statusText, text);
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Sends a request with the session cookie and returns the (OK) response for the caller to read.
 * A plain object body is sent as JSON; FormData (the chunk upload) is sent as multipart as-is.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  const init: RequestInit = { method, credentials: "include" };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  await throwIfResNotOk(res);
  return res;
}

/** GETs a URL and parses its JSON answer. */
export async function getJson<T>(url: string): Promise<T> {
  const res = await apiRequest("GET", url);
  return (await res.json()) as T;
}

/** The HTTP status of an API error, or undefined for anything else (a network failure, a bug). */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * The human message to show in a toast: the `message` of the server's JSON error body, else the
 * given fallback (SPEC.md section 8 pairs most toasts with a fixed fallback text).
 */
export function errorMessage(error: unknown, fallback: string): string {
  let body: string | undefined;
  if (error instanceof ApiError) {
    body = error.body;
  } else if (error instanceof Error) {
    body = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  }
  if (!body) return fallback;
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "message" in parsed &&
      typeof parsed.message === "string" &&
      parsed.message.trim() !== ""
    ) {
      return parsed.message;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): never show raw bodies to the user.
  }
  return fallback;
}

/**
 * An error as "STATUS: status text", without the body (a proxy's HTML error page never reaches a
 * person), or a network failure's own message. The fallback where SPEC.md section 8 shows "the
 * error message" (the account calls).
 */
export function errorSummary(error: unknown): string {
  if (error instanceof ApiError) return `${error.status}: ${error.statusText || "Request failed"}`;
  const status = errorStatus(error);
  if (status !== undefined) return `${status}: Request failed`;
  return error instanceof Error ? error.message : String(error);
}

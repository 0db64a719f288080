import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNKS_IN_FLIGHT, newUploadId, uploadMessages, uploadVideo, videoType } from "./upload";

type Answer = Response | Error;

/** A fake server: answers come from `answer` per call; every request is recorded. */
function fakeServer(
  answer: (url: string, call: number, body: BodyInit | null | undefined) => Answer,
) {
  const calls: { url: string; body: BodyInit | null | undefined }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    calls.push({ url, body: init?.body });
    const result = answer(url, calls.filter((c) => c.url === url).length, init?.body);
    if (result instanceof Error) throw result;
    return result;
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

const ok = (body: unknown = {}) => new Response(JSON.stringify(body), { status: 200 });
const fail = (status: number, message?: string) =>
  new Response(message === undefined ? "" : JSON.stringify({ message }), { status });

function videoFile(size: number, name = "clip.mp4", type = "video/mp4") {
  return new File([new Uint8Array(size)], name, { type });
}

/** The happy server; `chunk` decides each chunk request's answer. */
function protocol(chunk: (call: number, form: FormData) => Answer = () => ok()) {
  return fakeServer((url, call, body) => {
    if (url.endsWith("/initialize")) return ok({});
    if (url.endsWith("/chunk")) return chunk(call, body as FormData);
    return ok({ url: "/uploads/abc.mp4" });
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("uploadVideo", () => {
  it("initializes, sends every chunk with its fields, finalizes and reports progress", async () => {
    const calls = protocol();
    const progress: number[] = [];
    const file = videoFile(1_300_000);

    const url = await uploadVideo(file, { chunkSize: 512000, onProgress: (p) => progress.push(p) });

    expect(url).toBe("/uploads/abc.mp4");
    expect(calls.map((c) => c.url)).toEqual([
      "/api/admin/upload/initialize",
      "/api/admin/upload/chunk",
      "/api/admin/upload/chunk",
      "/api/admin/upload/chunk",
      "/api/admin/upload/finalize",
    ]);
    const init = JSON.parse(String(calls[0]?.body));
    expect(init).toMatchObject({
      fileName: "clip.mp4",
      fileSize: 1_300_000,
      fileType: "video/mp4",
      totalChunks: 3,
    });
    expect(init.uploadId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const forms = calls.slice(1, 4).map((c) => c.body as FormData);
    expect(forms.map((f) => [...f.keys()])).toEqual(
      Array(3).fill(["uploadId", "chunkIndex", "totalChunks", "chunk"]),
    );
    expect(forms.map((f) => f.get("chunkIndex"))).toEqual(["0", "1", "2"]);
    expect(
      forms.every((f) => f.get("uploadId") === init.uploadId && f.get("totalChunks") === "3"),
    ).toBe(true);
    expect(forms.map((f) => (f.get("chunk") as File).size)).toEqual([512000, 512000, 276000]);
    expect(JSON.parse(String(calls[4]?.body))).toEqual({ uploadId: init.uploadId });
    expect(progress).toEqual([0, 33, 67, 100]);
  });

  it("retries a failed chunk with back-off (500 ms, then 1000 ms) and goes on", async () => {
    vi.useFakeTimers();
    const chunkCalls: number[] = [];
    protocol((call) => {
      chunkCalls.push(Date.now());
      if (call === 1) return fail(503, "Service unavailable");
      if (call === 2) return new TypeError("Failed to fetch");
      return ok();
    });

    const done = uploadVideo(videoFile(1000), { chunkSize: 512000 });
    await vi.advanceTimersByTimeAsync(499);
    expect(chunkCalls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(chunkCalls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(chunkCalls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe("/uploads/abc.mp4");
    expect(chunkCalls).toHaveLength(3);
  });

  it("fails after the last try with the chunk's Norwegian text, not the server's message", async () => {
    protocol(() => fail(500, "Disk full"));
    await expect(uploadVideo(videoFile(10), { retryDelayMs: 1 })).rejects.toThrow(
      /^Feil ved opplasting av chunk 1$/,
    );
    expect(vi.mocked(fetch).mock.calls.filter(([u]) => String(u).endsWith("/chunk"))).toHaveLength(
      3,
    );
  });

  it("falls back to 'Feil ved opplasting av chunk N' without a server message", async () => {
    protocol((call) => (call <= 3 ? ok() : new TypeError("Failed to fetch")));
    await expect(
      uploadVideo(videoFile(2000), { chunkSize: 500, retryDelayMs: 1, chunkTries: 2 }),
    ).rejects.toThrow(/^Feil ved opplasting av chunk 4$/);
    expect(uploadMessages.chunk(4)).toBe("Feil ved opplasting av chunk 4");
  });

  it("does not retry a chunk the server refused (4xx)", async () => {
    protocol(() => fail(413, "Chunk is larger than this upload needs (at most 999 bytes)"));
    await expect(uploadVideo(videoFile(10), { retryDelayMs: 1 })).rejects.toThrow(
      /^Feil ved opplasting av chunk 1$/,
    );
    expect(vi.mocked(fetch).mock.calls.filter(([u]) => String(u).endsWith("/chunk"))).toHaveLength(
      1,
    );
  });

  it.each([
    // SPEC.md section 8's texts, in Norwegian like the screen: never the server's English one.
    [
      "the step's text for the server's message",
      fail(413, "File is too large: the limit is 100 MB"),
      "Kunne ikke initialisere opplastning",
    ],
    ["the fallback for an empty body", fail(500), "Kunne ikke initialisere opplastning"],
    [
      "the fallback for a network error",
      new TypeError("Failed to fetch"),
      "Kunne ikke initialisere opplastning",
    ],
  ])("initialize failure shows %s", async (_, answer, message) => {
    fakeServer(() => answer);
    await expect(uploadVideo(videoFile(10))).rejects.toThrow(new Error(message));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      "the step's text for the server's message",
      fail(400, "Upload is incomplete: chunk 2 of 3 is missing"),
      "Kunne ikke ferdigstille opplastningen",
    ],
    [
      "the fallback for a proxy's HTML page",
      new Response("<html>Bad gateway</html>", { status: 502 }),
      "Kunne ikke ferdigstille opplastningen",
    ],
    ["the fallback for an answer without url", ok({}), "Kunne ikke ferdigstille opplastningen"],
    [
      "the fallback for an answer that is not JSON",
      new Response("ok", { status: 200 }),
      "Kunne ikke ferdigstille opplastningen",
    ],
    [
      "the fallback for a url that is not an upload",
      ok({ url: "javascript:alert(1)" }),
      "Kunne ikke ferdigstille opplastningen",
    ],
  ])("finalize failure shows %s", async (_, answer, message) => {
    fakeServer((url) => (url.endsWith("/finalize") ? answer : ok()));
    await expect(uploadVideo(videoFile(10))).rejects.toThrow(new Error(message));
  });
});

/**
 * A fake server whose chunk answers wait until the test releases them, to see how many chunk
 * requests are under way at once and what happens when they end out of order.
 */
function heldChunks() {
  const held: { index: number; release: (answer: Answer) => void }[] = [];
  const sent: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.endsWith("/initialize")) return ok({});
    if (url.endsWith("/finalize")) return ok({ url: "/uploads/abc.mp4" });
    const form = init?.body;
    if (!(form instanceof FormData)) throw new Error("a chunk request without a form");
    const index = Number(form.get("chunkIndex"));
    sent.push(index);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const answer = await new Promise<Answer>((release) => held.push({ index, release }));
    inFlight--;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal("fetch", fetchMock);
  /** Lets pending promise callbacks run, so the senders react to what was released. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Answers the held request for chunk `index`. */
  const release = async (index: number, answer: Answer = ok()) => {
    const at = held.findIndex((h) => h.index === index);
    if (at < 0) throw new Error(`chunk ${index} is not under way`);
    const [h] = held.splice(at, 1);
    h?.release(answer);
    await settle();
  };
  return {
    sent,
    release,
    settle,
    held: () => held.map((h) => h.index),
    maxInFlight: () => maxInFlight,
  };
}

describe("uploadVideo sends chunks concurrently", () => {
  it(`keeps ${CHUNKS_IN_FLIGHT} chunks in flight, each sent once, with progress that only grows`, async () => {
    expect(CHUNKS_IN_FLIGHT).toBe(3);
    const server = heldChunks();
    const progress: number[] = [];
    const done = uploadVideo(videoFile(3_000_000), {
      chunkSize: 512000,
      onProgress: (p) => progress.push(p),
    });
    await server.settle();
    expect(server.held()).toEqual([0, 1, 2]);

    // Chunks end out of order: each end starts the next chunk, never a fourth at once.
    await server.release(2);
    expect(server.held()).toEqual([0, 1, 3]);
    await server.release(0);
    await server.release(3);
    expect(server.held()).toEqual([1, 4, 5]);
    await server.release(5);
    await server.release(1);
    await server.release(4);

    await expect(done).resolves.toBe("/uploads/abc.mp4");
    expect(server.sent).toEqual([0, 1, 2, 3, 4, 5]);
    expect(server.maxInFlight()).toBe(3);
    expect(progress).toEqual([0, 17, 33, 50, 67, 83, 100]);
  });

  it("sends a file of fewer chunks than that with no more requests than chunks", async () => {
    const calls = protocol();
    await expect(uploadVideo(videoFile(600_000), { chunkSize: 512000 })).resolves.toBe(
      "/uploads/abc.mp4",
    );
    expect(calls.filter((c) => c.url.endsWith("/chunk"))).toHaveLength(2);
  });

  it("stops at the first chunk that fails: no further chunk, no finalize, its text", async () => {
    const server = heldChunks();
    const progress: number[] = [];
    const done = uploadVideo(videoFile(5_000_000), {
      chunkSize: 512000,
      retryDelayMs: 1,
      onProgress: (p) => progress.push(p),
    });
    const rejected = expect(done).rejects.toThrow(/^Feil ved opplasting av chunk 2$/);
    await server.settle();
    await server.release(0);
    expect(server.held()).toEqual([1, 2, 3]);
    await server.release(
      1,
      fail(400, "Chunk 2 has 1 bytes, unlike the 512000 of the other chunks"),
    );
    expect(server.held()).toEqual([2, 3]); // under way already: they end, nothing new starts
    await server.release(3);
    await server.release(2);
    await rejected;
    expect(server.sent).toEqual([0, 1, 2, 3]);
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).endsWith("/finalize"))).toBe(false);
    expect(progress).toEqual([0, 10]);
  });

  it("retries a chunk while the others go on, and tries no more once another chunk failed", async () => {
    const server = heldChunks();
    const done = uploadVideo(videoFile(2_000_000), { chunkSize: 512000, retryDelayMs: 20 });
    const rejected = expect(done).rejects.toThrow(/^Feil ved opplasting av chunk 2$/);
    await server.settle();
    await server.release(0, fail(503, "Service unavailable")); // retried after 20 ms
    await server.release(1, fail(404, "Upload not found")); // not retryable: the upload fails
    await server.release(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await rejected;
    expect(server.sent).toEqual([0, 1, 2]); // chunk 1 (index 0) was not tried again, chunk 4 never sent
  });
});

describe("videoType and newUploadId", () => {
  it("guesses an empty type from the extension", () => {
    expect(videoType(videoFile(1, "a.MOV", ""))).toBe("video/quicktime");
    expect(videoType(videoFile(1, "a.mkv", ""))).toBe("video/x-matroska");
    expect(videoType(videoFile(1, "a.txt", ""))).toBe("application/octet-stream");
    expect(videoType(videoFile(1, "a.bin", "video/webm"))).toBe("video/webm");
  });

  it("makes ids in the server's pattern without crypto.randomUUID (plain HTTP)", () => {
    const real = globalThis.crypto;
    const getRandomValues = vi.fn((a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a));
    vi.stubGlobal("crypto", { getRandomValues });
    const id = newUploadId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(getRandomValues).toHaveBeenCalledOnce();
  });
});

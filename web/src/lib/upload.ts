import { ApiError, apiRequest } from "./api";

/** SPEC.md section 9: the largest video file accepted, and the portfolio form's chunk size. */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const PORTFOLIO_CHUNK_BYTES = 512000;
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;
/**
 * Chunk requests under way at once. One at a time leaves the connection idle during each round
 * trip; three keep it busy (DESIGN.md section 5's upload budget, measured by cmd/uploadbench, which
 * sends the same way).
 */
export const CHUNKS_IN_FLIGHT = 3;

/**
 * The upload step errors of SPEC.md section 8. The portfolio screen is Norwegian and the server
 * words its messages in English, so a failed step always says its own text; the
 * server's answer stays on the error as its `cause`.
 */
export const uploadMessages = {
  initialize: "Kunne ikke initialisere opplastning",
  chunk: (n: number) => `Feil ved opplasting av chunk ${n}`,
  finalize: "Kunne ikke ferdigstille opplastningen",
};

export interface UploadOptions {
  chunkSize?: number;
  /** Called with 0–100 as chunks are accepted. */
  onProgress?: (percent: number) => void;
  /** Tries per chunk before the upload fails (with back-off between them). */
  chunkTries?: number;
  /** Back-off before the second try, doubled for each further one. */
  retryDelayMs?: number;
  /** The type to declare; default: the file's video type (videoType). */
  fileType?: string;
  /**
   * The last step, given the upload's id, answering what uploadVideo resolves to; default: POST
   * /api/admin/upload/finalize, the file onto the site. A deal's draft is finalized into the deal
   * instead (api/rooms.admin.ts).
   */
  finalize?: (uploadId: string) => Promise<string>;
}

/**
 * Sends a file through the chunked upload API (SPEC.md section 7): initialize, the chunks, up to
 * CHUNKS_IN_FLIGHT at a time (a failed chunk is sent again, since the server replaces a re-sent
 * chunk), then finalize.
 * Resolves to the stored file's URL ("/uploads/…"); rejects with an Error whose message is the
 * failed step's text (uploadMessages).
 */
export async function uploadVideo(file: File, options: UploadOptions = {}): Promise<string> {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_BYTES;
  const tries = options.chunkTries ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const totalChunks = Math.max(1, Math.ceil(file.size / chunkSize));
  const uploadId = newUploadId();

  await step(uploadMessages.initialize, () =>
    apiRequest("POST", "/api/admin/upload/initialize", {
      uploadId,
      fileName: file.name,
      fileSize: file.size,
      fileType: options.fileType ?? videoType(file),
      totalChunks,
    }),
  );
  options.onProgress?.(0);

  // CHUNKS_IN_FLIGHT senders share the chunks in index order; the server accepts them in any order.
  // Progress counts finished chunks, so it only grows. The first chunk that fails for good stops the
  // rest: no sender starts another chunk or another try, and the upload rejects with its error once
  // the requests already under way have ended.
  let next = 0;
  let finished = 0;
  let failure: { error: unknown } | undefined;
  const sender = async () => {
    while (!failure && next < totalChunks) {
      const index = next++;
      const chunk = file.slice(index * chunkSize, (index + 1) * chunkSize);
      try {
        await step(uploadMessages.chunk(index + 1), () =>
          withRetries(
            tries,
            retryDelayMs,
            () => {
              const form = new FormData();
              form.append("uploadId", uploadId);
              form.append("chunkIndex", String(index));
              form.append("totalChunks", String(totalChunks));
              form.append("chunk", chunk, file.name);
              return apiRequest("POST", "/api/admin/upload/chunk", form);
            },
            () => failure !== undefined,
          ),
        );
      } catch (error) {
        failure ??= { error };
        return;
      }
      finished++;
      if (!failure) options.onProgress?.(Math.round((finished / totalChunks) * 100));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHUNKS_IN_FLIGHT, totalChunks) }, sender));
  if (failure) throw failure.error;

  const finalize = options.finalize;
  if (finalize) return step(uploadMessages.finalize, () => finalize(uploadId));
  return step(uploadMessages.finalize, async () => {
    const res = await apiRequest("POST", "/api/admin/upload/finalize", { uploadId });
    const body = (await res.json()) as { url?: unknown };
    if (typeof body.url !== "string" || !body.url.startsWith("/uploads/")) {
      throw new Error(uploadMessages.finalize);
    }
    return body.url;
  });
}

/**
 * A fresh upload id in the server's pattern (^[A-Za-z0-9_-]{8,64}$). crypto.randomUUID exists only
 * in secure contexts (HTTPS, localhost), so a site opened over plain HTTP by address falls back to
 * getRandomValues, which exists everywhere.
 */
export function newUploadId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const typesByExtension: Record<string, string> = {
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  ogg: "video/ogg",
  ogv: "video/ogg",
  mkv: "video/x-matroska",
};

/** The file's type; browsers leave it empty for some videos (.mkv, .mov), so guess by extension. */
export function videoType(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return typesByExtension[extension] ?? "application/octet-stream";
}

/** Runs one step, turning its failure into an Error with the step's text. */
async function step<T>(text: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new Error(text, { cause: error });
  }
}

/**
 * Retries a request that failed for a reason a retry can fix: the network or a 5xx/429 answer. Once
 * `stopped()` (another chunk failed for good) it tries no more and rethrows the last error.
 */
async function withRetries<T>(
  tries: number,
  delayMs: number,
  run: () => Promise<T>,
  stopped: () => boolean = () => false,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const retryable = !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
      if (!retryable || attempt >= tries || stopped()) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** (attempt - 1)));
      if (stopped()) throw error;
    }
  }
}

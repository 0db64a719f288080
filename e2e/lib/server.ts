/**
 * Runs the real `ugcfolio` binary for browser tests: each server gets a free loopback port and a
 * fresh temporary data directory (its own SQLite database and uploads), so tests never share or
 * leak state, and nothing depends on a developer's ./data.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const e2eDir = path.resolve(__dirname, "..");

/** The binary under test: $UGCFOLIO_BIN (relative paths are taken from e2e/), else ../bin/ugcfolio. */
export const binaryPath = path.resolve(e2eDir, process.env.UGCFOLIO_BIN ?? "../bin/ugcfolio");

/**
 * The test build of the same binary ($UGCFOLIO_TESTCLOCK_BIN, else ../bin/ugcfolio-testclock, made by
 * `make testclock`): it reads the delivery rooms' clock from the file UGCFOLIO_TEST_CLOCK names.
 */
export const testclockBinaryPath = path.resolve(
  e2eDir,
  process.env.UGCFOLIO_TESTCLOCK_BIN ?? "../bin/ugcfolio-testclock",
);

export type Env = Record<string, string>;

export interface RunningServer {
  /** e.g. "http://127.0.0.1:41234" — no trailing slash. */
  baseURL: string;
  /** The server's --data directory; pass it to runCli to act on the same database. */
  dataDir: string;
  /** The server's recent stdout and stderr, for failure reports. */
  log: () => string;
  /** SIGTERM (SIGKILL after a grace period), then removes the data directory. */
  stop: () => Promise<void>;
}

/**
 * The environment a child process starts from: ours, minus the variables that configure ugcfolio,
 * so a developer's shell (a gate password, a DATABASE_URL) cannot change what a test sees.
 * Tests add what they need explicitly.
 */
function isolatedEnv(extra: Env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("UGCFOLIO_") || key === "DATABASE_URL") continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** Asks the kernel for a free loopback port. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("could not read the probe port"));
      });
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the last lines of a process's output: enough to explain a failure, bounded in memory. */
function outputTail(maxLines = 300) {
  const lines: string[] = [];
  return {
    push(chunk: Buffer) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
    },
    text: () => lines.join("\n"),
  };
}

export interface StartServerOptions {
  /** Extra environment, e.g. { UGCFOLIO_GATE_USERNAME: "u", UGCFOLIO_GATE_PASSWORD: "p" }. */
  env?: Env;
  /** How long to wait for GET /healthz to answer 200. */
  startTimeoutMs?: number;
  /** The binary to run (default binaryPath; testclockBinaryPath for a clock the test moves). */
  binary?: string;
}

/** Starts `ugcfolio serve` and resolves once GET /healthz answers 200. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { env = {}, startTimeoutMs = 20_000, binary = binaryPath } = options;
  const dataDir = await mkdtemp(path.join(tmpdir(), "ugcfolio-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const child = spawn(binary, ["serve", "--addr", `127.0.0.1:${port}`, "--data", dataDir], {
    env: isolatedEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = outputTail();
  child.stdout.on("data", output.push);
  child.stderr.on("data", output.push);
  if (process.env.E2E_SERVER_LOG) {
    child.stdout.pipe(process.stderr);
    child.stderr.pipe(process.stderr);
  }

  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let spawnError: Error | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && !spawnError) {
      child.kill("SIGTERM");
      const graceful = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!graceful) {
        child.kill("SIGKILL");
        await exited;
      }
    }
    if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `ugcfolio exited before it was healthy (binary ${binary}, ` +
          `${spawnError?.message ?? `exit ${child.exitCode ?? child.signalCode}`}):\n${output.text()}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`ugcfolio did not answer GET /healthz with 200 within ${startTimeoutMs} ms:\n${output.text()}`);
    }
    await sleep(100);
  }

  return { baseURL, dataDir, log: output.text, stop };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunCliOptions {
  /** Written to the process's standard input, which is then closed (e.g. "password\n"). */
  stdin?: string;
  /** The data directory to act on (passed as UGCFOLIO_DATA); usually `server.dataDir`. */
  dataDir?: string;
  env?: Env;
  timeoutMs?: number;
}

/**
 * Runs the binary once with `args` and collects its output; never throws for a non-zero exit
 * (a test may expect one). Example: runCli(["admin", "create", "--email", e, "--name", n],
 * { stdin: `${password}\n`, dataDir: server.dataDir }).
 */
export async function runCli(args: string[], options: RunCliOptions = {}): Promise<CliResult> {
  const { stdin, dataDir, env = {}, timeoutMs = 30_000 } = options;
  const child = spawn(binaryPath, args, {
    env: isolatedEnv({ ...(dataDir ? { UGCFOLIO_DATA: dataDir } : {}), ...env }),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  child.stdin.end(stdin ?? "");

  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", (exitCode) => resolve(exitCode));
    });
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

/** Creates an admin account with `ugcfolio admin create`; throws with the CLI's output on failure. */
export async function createAdmin(
  server: Pick<RunningServer, "dataDir">,
  account: { email: string; name: string; password: string },
): Promise<void> {
  const result = await runCli(["admin", "create", "--email", account.email, "--name", account.name], {
    stdin: `${account.password}\n`,
    dataDir: server.dataDir,
  });
  if (result.code !== 0) {
    throw new Error(`admin create exited ${result.code}:\n${result.stdout}${result.stderr}`);
  }
}

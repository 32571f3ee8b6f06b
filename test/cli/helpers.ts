import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { type Simulator, type SimulatorOptions, startSimulator } from "../../src/sim/index.js";

export const ROOT = resolve(import.meta.dirname, "../..");
export const BIN = join(ROOT, "dist/cli/bin.js");
const CACHE = join(ROOT, "node_modules/.cache/adrails-cli-test");
const LOCK = join(CACHE, "build.lock");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function sourcesChangedSinceBuild(): boolean {
  if (!existsSync(BIN)) return true;
  const sources = Math.max(
    newestMtime(join(ROOT, "src")),
    statSync(join(ROOT, "tsconfig.json")).mtimeMs,
    statSync(join(ROOT, "tsconfig.build.json")).mtimeMs,
  );
  return sources > statSync(BIN).mtimeMs;
}

/**
 * Builds dist/ with `npm run build` unless dist/cli/bin.js is newer than every source (tsc rewrites
 * every output on each build). Test files run in parallel
 * workers, so a lock directory makes one build at a time. tsc emits despite type errors in other
 * rooms, so only a missing bin.js counts as a failed build.
 */
export async function buildOnce(): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  const deadline = Date.now() + 110_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 120_000)
        rmSync(LOCK, { recursive: true });
      if (Date.now() > deadline) throw new Error("timed out waiting for another worker's build");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (!sourcesChangedSinceBuild()) return;
    const started = Date.now();
    const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, encoding: "utf8" });
    if (!existsSync(BIN) || statSync(BIN).mtimeMs < started - 1000) {
      throw new Error(`npm run build did not produce ${BIN}:\n${build.stdout}\n${build.stderr}`);
    }
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. Default: stdin closed at once. */
  input?: string;
  cwd?: string;
  bin?: string;
  timeoutMs?: number;
}

/** The environment without anything of the developer's that would change the CLI's behaviour. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      name.startsWith("ADRAILS_") ||
      name === "NO_COLOR" ||
      name === "FORCE_COLOR" ||
      name === "OPENAI_API_KEY"
    ) {
      delete env[name];
    }
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

// Each run is a Node process loading zod, undici and the catalog; more than two at once per test
// file only makes them all slower on a small machine.
const MAX_RUNNING = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Runs the built binary as a subprocess (asynchronously: the simulator lives in this process). */
export function run(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return slot(() => spawnBin(args, options));
}

function spawnBin(args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: cleanEnv(options.env),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 40_000);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/**
 * Runs the binary on a pseudo-terminal (util-linux `script`); when the output first matches
 * `respond.when`, types `respond.keys`. stdout and stderr arrive mixed, as on a real terminal.
 */
export function runOnTerminal(
  args: readonly string[],
  options: {
    env?: Record<string, string | undefined>;
    respond?: { when: RegExp; keys: string };
    timeoutMs?: number;
  } = {},
): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, BIN, ...args].map(quote).join(" ");
  return slot(
    () =>
      new Promise((resolve, reject) => {
        const child = spawn("script", ["-qfec", command, "/dev/null"], {
          cwd: ROOT,
          env: cleanEnv({ TERM: "xterm", ...options.env }),
          stdio: ["pipe", "pipe", "pipe"],
        });
        let output = "";
        let typed = false;
        const onData = (d: string) => {
          output += d;
          if (options.respond && !typed && options.respond.when.test(output)) {
            typed = true;
            child.stdin.write(options.respond.keys);
          }
        };
        child.stdout.setEncoding("utf8").on("data", onData);
        child.stderr.setEncoding("utf8").on("data", onData);
        const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 40_000);
        child.once("error", reject);
        child.once("close", (code) => {
          clearTimeout(timer);
          resolve({ code, output });
        });
      }),
  );
}

/** True when util-linux `script` can give the binary a terminal here. */
export const hasScript = spawnSync("script", ["-qfec", "true", "/dev/null"]).status === 0;

/** Waits until `output` (re-read on each poll) matches, or fails after `timeoutMs`. */
export async function waitFor(
  read: () => string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = read().match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern} in:\n${read()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Parses a command's stdout as JSON, with the output in the failure message. */
export function json<T = any>(result: RunResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}

/** Asserts that no key of `keys` appears in anything the command printed. */
export function expectNoKey(result: RunResult | { output: string }, ...keys: string[]): void {
  const text = "output" in result ? result.output : `${result.stdout}\n${result.stderr}`;
  for (const key of keys) expect(text.includes(key), `the key ${key.slice(0, 8)}... was printed`).toBe(false);
}

/** Builds the binary and starts one simulator for the test file. */
export function useCliAndSim(options: SimulatorOptions = {}): {
  sim: Simulator;
  env: (key?: string) => Record<string, string>;
} {
  const ref = {} as { sim: Simulator; env: (key?: string) => Record<string, string> };
  beforeAll(async () => {
    await buildOnce();
    // A high request rate: the file makes many calls with one key within a minute.
    ref.sim = await startSimulator({ rateLimit: { limit: 10_000 }, ...options });
    ref.env = (key = ref.sim.apiKey) => ({ ADRAILS_API_KEY: key, ADRAILS_BASE_URL: ref.sim.url });
  }, 120_000);
  afterAll(() => ref.sim?.close());
  return ref;
}

/** The first account of a key and one of its ad sets, read straight from the simulator. */
export async function firstAccount(
  sim: Simulator,
  key = sim.apiKey,
): Promise<{ accountId: string; adsetId: string }> {
  const post = async (tool: string, body: unknown) => {
    const res = await fetch(`${sim.url}/api/mcp/${tool}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await res.json()) as any;
  };
  const accountId = (await post("list-accounts", {})).data.accounts[0].id as string;
  const rows = await post("results", { account_id: accountId, level: "adset" });
  return { accountId, adsetId: rows.data.rows[0].id as string };
}

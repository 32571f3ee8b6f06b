import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { runCli } from "../../src/cli/main.js";
import type { CliIO } from "../../src/cli/output.js";
import { type BrowseOptions, browseAuthorization, startSimulator } from "../../src/sim/index.js";

export type Sim = Awaited<ReturnType<typeof startSimulator>>;

/** The simulator with its MCP door, over real HTTP on loopback. */
export function startDoor(door: Record<string, unknown> = {}): Promise<Sim> {
  return startSimulator({ door: { accessTokenTtlS: 60, ...door } } as Parameters<typeof startSimulator>[0]);
}

/** A fresh, private ADRAILS_HOME. */
export function freshHome(): string {
  return mkdtempSync(join(tmpdir(), "adrails-home-"));
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The authorization URLs printed on their own line. */
  urls: string[];
}

/**
 * Runs `adrails` in this process with its own streams. Every authorization URL it prints is
 * opened by the scripted browser (the person), unless `browser` is false.
 */
export async function cli(
  args: string[],
  env: Record<string, string>,
  browser: BrowseOptions | false = { user: "pro", decision: "allow" },
): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  stdin.end();
  let out = "";
  let err = "";
  const urls: string[] = [];
  const browsing: Promise<unknown>[] = [];
  stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    for (const line of chunk.toString().split("\n")) {
      if (/^https?:\/\/\S+$/.test(line.trim())) {
        urls.push(line.trim());
        if (browser) browsing.push(browseAuthorization(line.trim(), browser).catch(() => undefined));
      }
    }
  });
  stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const io = { stdout, stderr, stdin, env: { PATH: process.env.PATH, ...env } } as unknown as CliIO;
  const code = await runCli(args, io);
  await Promise.all(browsing);
  return { code, stdout: out, stderr: err, urls };
}

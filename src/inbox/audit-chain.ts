import { createHash } from "node:crypto";
import { open, stat, unlink } from "node:fs/promises";
import type { InboxAuditEntry } from "./types.js";

// The audit trail is a hash chain: every line names the hash of the line before it (`prev`) and
// its place (`seq`), so a line deleted, copied, moved or edited without rewriting every line after
// it shows at `adrails audit verify`. The chain holds the order; the inbox's signatures hold the
// decisions (someone who rewrites the whole tail can compute a new chain, never a new signature).

/** The `prev` of a trail's first line. */
export const AUDIT_GENESIS = `sha256:${"0".repeat(64)}`;

/** Where a trail ends: the last line's hash and place. */
export interface ChainHead {
  hash: string;
  seq: number;
}

export const GENESIS_HEAD: ChainHead = { hash: AUDIT_GENESIS, seq: 0 };

/** The hash a line's successor names: sha256 of its exact text (without the newline). */
export function lineHash(line: string): string {
  return `sha256:${createHash("sha256").update(line, "utf8").digest("hex")}`;
}

/** The text of `entry` as the line after `head`: any link it carried (copied from another trail) is replaced. */
export function chainedLine(entry: InboxAuditEntry, head: ChainHead): string {
  const { prev: _prev, seq: _seq, ...rest } = entry;
  return JSON.stringify({ ...rest, seq: head.seq + 1, prev: head.hash });
}

/** The head a trail has after `line`. */
export function headAfter(line: string): ChainHead {
  let seq = 0;
  try {
    const value = JSON.parse(line) as { seq?: unknown };
    if (Number.isInteger(value.seq)) seq = value.seq as number;
  } catch {
    // A line that is not JSON still chains by its text.
  }
  return { hash: lineHash(line), seq };
}

/** The last non-empty line of a file, read from its end; undefined for an empty or missing file. */
export async function lastLine(path: string): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    let chunk = 64 * 1024;
    for (;;) {
      const from = Math.max(0, size - chunk);
      const buffer = Buffer.alloc(size - from);
      await handle.read(buffer, 0, buffer.length, from);
      const text = buffer.toString("utf8").replace(/\n+$/, "");
      const cut = text.lastIndexOf("\n");
      if (cut >= 0) return text.slice(cut + 1);
      if (from === 0) return text === "" ? undefined : text;
      chunk *= 4;
    }
  } finally {
    await handle.close();
  }
}

const LOCK_WAIT_MS = 5000;
const LOCK_STALE_MS = 10_000;

/**
 * Runs `work` holding `<path>.lock` (created exclusively): processes appending to one trail file
 * take turns, so each names the line the other wrote. A lock left by a crashed process is taken
 * over after 10 s.
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lock, "wx", 0o600);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > LOCK_STALE_MS) await unlink(lock).catch(() => {});
      else if (Date.now() > deadline) {
        throw new Error(
          `The audit trail ${path} is locked by another process (${lock}); remove it if none runs.`,
        );
      } else await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => {});
  }
}

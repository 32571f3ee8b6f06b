import { appendFile, readFile } from "node:fs/promises";
import { redactDeep } from "../guards/secrets.js";
import {
  type ChainHead,
  chainedLine,
  GENESIS_HEAD,
  headAfter,
  lastLine,
  lineHash,
  withFileLock,
} from "./audit-chain.js";
import type { InboxAudit, InboxAuditEntry } from "./types.js";

/** The audit trail in this process's memory (the newest `max` entries), hash-chained. */
export function memoryAudit(max = 10_000): InboxAudit {
  const lines: string[] = [];
  let head: ChainHead = GENESIS_HEAD;
  return {
    name: "memory",
    async append(entry) {
      const line = chainedLine(entry, head);
      head = { hash: lineHash(line), seq: head.seq + 1 };
      lines.push(line);
      if (lines.length > max) lines.splice(0, lines.length - max);
    },
    async read() {
      return lines.map((line) => JSON.parse(line) as InboxAuditEntry);
    },
    async lines() {
      return [...lines];
    },
  };
}

/**
 * The audit trail as a JSON lines file: one entry a line, appended, never rewritten. Each line
 * names the hash of the line before it, also across restarts and processes sharing the file
 * (they take turns through a lock file beside it).
 */
export function fileAudit(path: string): InboxAudit {
  // Appends run one after another: two writes in flight at once can land in either order.
  let queue: Promise<unknown> = Promise.resolve();
  const lines = async () => {
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    return text.split("\n").filter((line) => line.trim() !== "");
  };
  return {
    name: `file ${path}`,
    append(entry) {
      const write = () =>
        withFileLock(path, async () => {
          const last = await lastLine(path);
          const line = chainedLine(entry, last === undefined ? GENESIS_HEAD : headAfter(last));
          await appendFile(path, `${line}\n`, { encoding: "utf8", mode: 0o600 });
        });
      const done = queue.then(write);
      queue = done.catch(() => {});
      return done;
    },
    async read() {
      return (await lines()).map((line) => JSON.parse(line) as InboxAuditEntry);
    },
    lines,
  };
}

/**
 * Writes every entry to each trail, with secrets of the given forms redacted first; reads from the
 * first. An entry one trail could not take still goes to the others; the failure is then thrown.
 */
export function auditTo(trails: readonly InboxAudit[], secrets: readonly string[] = []): InboxAudit {
  const clean = (entry: InboxAuditEntry) =>
    secrets.reduce((value, secret) => (secret ? redactSecret(value, secret) : value), redactDeep(entry));
  return {
    name: trails.map((t) => t.name).join(" + "),
    async append(entry) {
      const safe = clean(entry);
      const results = await Promise.allSettled(trails.map((t) => t.append(safe)));
      const failed = results.find((r) => r.status === "rejected");
      if (failed) throw (failed as PromiseRejectedResult).reason;
    },
    async read() {
      return trails[0] ? trails[0].read() : [];
    },
    ...(trails[0]?.lines ? { lines: trails[0].lines.bind(trails[0]) } : {}),
  };
}

/** The entry with every occurrence of `secret` (the inbox token) replaced. */
function redactSecret(entry: InboxAuditEntry, secret: string): InboxAuditEntry {
  const text = JSON.stringify(entry);
  return text.includes(secret) ? (JSON.parse(text.split(secret).join("***")) as InboxAuditEntry) : entry;
}

/** A running copy of a shared trail into another; see mirrorAudit. */
export interface AuditMirror {
  /** Copies what is left, then stops. */
  stop(): Promise<void>;
}

/**
 * Copies every entry appended to `source` (a trail with `since`, such as the fleet's Redis stream)
 * from now on into `target`, polling every `intervalMs`: so a file kept by the inbox gets the
 * requests and outcomes other processes write, not only the decisions taken on its own page.
 */
export async function mirrorAudit(
  source: InboxAudit,
  target: InboxAudit,
  intervalMs = 250,
): Promise<AuditMirror> {
  if (!source.since) throw new Error(`The audit trail ${source.name} cannot be followed.`);
  const since = source.since.bind(source);
  let cursor: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const copy = async () => {
    // A store down at start is asked for its end again at the next tick.
    cursor ??= (await since()).cursor;
    for (;;) {
      const next = await since(cursor);
      for (const entry of next.entries) await target.append(entry);
      if (next.cursor === cursor || next.entries.length === 0) return;
      cursor = next.cursor;
    }
  };
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    // A store that is down for a moment is read again at the next tick, from the same cursor.
    running = copy().catch(() => {});
    running.then(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  await copy().catch(() => {});
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await copy().catch(() => {});
    },
  };
}

import type { IncomingMessage, ServerResponse } from "node:http";
import { SOURCE } from "./errors.js";
import type { SimRequest } from "./state.js";

/** Bodies above this size are refused with a 400. */
export const MAX_BODY_BYTES = 1_000_000;

/** `resetS`: seconds until the reset (Retry-After); `reset`: the X-RateLimit-Reset value when it differs. */
export type RateInfo = { limit: number; remaining: number; resetS: number; reset?: number };

/** What answering needs from the runtime: held timers (cleared on close) and the log. */
export interface AnswerRuntime {
  timers: Set<NodeJS.Timeout>;
  log?: (line: string) => void;
}

/** Reads the whole body; null when it is larger than MAX_BODY_BYTES. */
export function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(tooLarge ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The body as JSON when it parses, else its first characters: what the request log shows. */
export function parseLoose(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 2000);
  }
}

/** Waits `ms`; close() clears the timer, so a held answer never outlives the simulator. */
export function hold(rt: AnswerRuntime, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      rt.timers.delete(timer);
      resolve();
    }, ms);
    rt.timers.add(timer);
  });
}

/** Writes one answer (or none) and completes the request's log entry. */
export class Answer {
  rate: RateInfo | undefined;
  /** Latency still owed before answering. */
  delayMs = 0;
  private readonly headers: Record<string, string> = {};

  constructor(
    private readonly rt: AnswerRuntime,
    private readonly res: ServerResponse,
    private readonly entry: SimRequest,
    private readonly started: number,
  ) {}

  /** Waits out the owed latency, once. */
  async waitOnce(): Promise<void> {
    const ms = this.delayMs;
    this.delayMs = 0;
    await hold(this.rt, ms);
  }

  header(name: string, value: string): void {
    this.headers[name] = value;
  }

  wrapped(status: number, data: unknown): void {
    if (this.entry.replayed) this.header("X-Sim-Replayed", "true");
    this.json(status, { source: SOURCE, data });
  }

  bare(status: number, error: string): void {
    this.json(status, { error });
  }

  tooMany(retryAfterS: number, error: string): void {
    this.header("Retry-After", String(retryAfterS));
    this.bare(429, error);
  }

  json(status: number, body: unknown): void {
    const text = JSON.stringify(body);
    const headers: Record<string, string | number> = {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(text),
      "Cache-Control": "no-store",
      ...this.headers,
    };
    if (this.rate) {
      headers["X-RateLimit-Limit"] = this.rate.limit;
      headers["X-RateLimit-Remaining"] = this.rate.remaining;
      headers["X-RateLimit-Reset"] = this.rate.reset ?? this.rate.resetS;
    }
    this.res.writeHead(status, headers);
    this.res.end(text);
    this.finish(status);
  }

  /** Closes the connection without answering. */
  drop(): void {
    this.res.socket?.destroy();
    this.res.destroy();
    this.finish(null);
  }

  private finish(status: number | null): void {
    this.entry.status = status;
    this.entry.durationMs = Date.now() - this.started;
    const e = this.entry;
    this.rt.log?.(
      `${e.method} ${e.path} ${status ?? "dropped"} ${e.durationMs}ms${e.key ? ` key=${e.key}` : ""}${e.fault ? ` fault=${e.fault}` : ""}${e.replayed ? " replayed" : ""}`,
    );
  }
}

// One process of a fleet: a toolkit on a shared key, driven by its parent over the IPC channel.
// Used by test/fleet and bench/fleet.ts; each worker is a separate Node process.
import type { AdStore } from "../../src/store/index.js";
import { memoryStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, CallContext, ConfirmRequest, ToolResult } from "../../src/types.js";

/** Each worker has a toolkit on a memory store of its own, and one on Redis when `redisUrl` is given. */
export interface WorkerInit {
  simUrl: string;
  apiKey: string;
  redisUrl?: string;
  redis?: { connectTimeoutMs?: number; commandTimeoutMs?: number; onStoreError?: "fail-closed" | "local" };
  kit?: Pick<AdToolsOptions, "rateLimit" | "retry" | "writeBudget" | "sessionId">;
}

export type StoreKind = "memory" | "redis";

export interface Call {
  tool: string;
  input: Record<string, unknown>;
  /** What the host passes with the call: a person's approval, a session. */
  context?: Pick<CallContext, "approval" | "sessionId">;
}

export type WorkerMessage =
  | { type: "init"; init: WorkerInit }
  | { type: "run"; id: number; store: StoreKind; calls: Call[] }
  /** The confirmation a host would show a person for a push-creative input. */
  | { type: "confirmation"; id: number; input: Record<string, unknown> }
  | { type: "exit" };

export type WorkerReply =
  | { type: "ready" }
  /** `answeredAt`: when each call's answer reached this process (epoch ms), in call order. */
  | { type: "done"; id: number; results: ToolResult[]; elapsedMs: number; answeredAt: number[] }
  | { type: "confirmation"; id: number; request: ConfirmRequest | null };

let store: AdStore | undefined;
const kits = new Map<StoreKind, ReturnType<typeof createAdTools>>();
const send = (reply: WorkerReply) => process.send!(reply);

process.on("message", async (message: WorkerMessage) => {
  if (message.type === "init") {
    const { init } = message;
    const options = { apiKey: init.apiKey, baseUrl: init.simUrl, ...init.kit };
    kits.set("memory", createAdTools({ ...options, store: memoryStore() }));
    if (init.redisUrl) {
      store = redisStore({ url: init.redisUrl, ...init.redis });
      kits.set("redis", createAdTools({ ...options, store }));
      // Connects now, so the fleet starts together rather than each worker at its own connect.
      await store
        .viewRate("warm-up", { limit: 1, windowMs: 1, marginMs: 0, probeMs: 0, holdMs: 0 })
        .catch(() => {});
    }
    // Loads the HTTP stack and opens a connection before the run (the OpenAPI document is not
    // rate limited), so a cold start does not delay the first requests past their window.
    const { request } = await import("undici");
    await (await request(`${init.simUrl}/api/openapi`)).body.text();
    send({ type: "ready" });
    return;
  }
  if (message.type === "run") {
    const started = Date.now();
    const kit = kits.get(message.store)!;
    const answeredAt: number[] = [];
    const results = await Promise.all(
      message.calls.map(async (c, i) => {
        const result = await kit.call(c.tool, c.input, c.context);
        answeredAt[i] = Date.now();
        return result;
      }),
    );
    send({ type: "done", id: message.id, results, elapsedMs: Date.now() - started, answeredAt });
    return;
  }
  if (message.type === "confirmation") {
    const request = kits.get("memory")!.get("push-creative")!.confirmationRequest(message.input);
    send({ type: "confirmation", id: message.id, request });
    return;
  }
  if (message.type === "exit") {
    await store?.close();
    process.exit(0);
  }
});

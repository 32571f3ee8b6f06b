import type { ServerContext } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_HOLD_MS, withProgress } from "../../src/mcp/hold.js";
import { createMcpServer } from "../../src/mcp/server.js";

// The cadence of progress while a call holds for the inbox, on a fake clock: the default must stay
// well inside 15 s (test/mcp/inbox-paths.test.ts shows progress keeping a real client waiting, at a
// shorter `--progress-every` so that it need not hold for half a minute).

type Sent = { method: string; params: { progressToken: unknown; progress: number; total: number } };

function context(progressToken?: string) {
  const sent: { at: number; note: Sent }[] = [];
  const ctx = {
    mcpReq: {
      _meta: progressToken === undefined ? {} : { progressToken },
      notify: async (note: Sent) => {
        sent.push({ at: Date.now(), note });
      },
    },
  } as unknown as ServerContext;
  return { ctx, sent };
}

/** Holds `holdMs` of fake time inside withProgress; the notifications sent meanwhile. */
async function hold(ctx: ServerContext, holdMs: number, everyMs?: number) {
  const started = Date.now();
  let release!: () => void;
  const work = new Promise<string>((resolve) => (release = () => resolve("decided")));
  const held = withProgress(ctx, MAX_HOLD_MS, () => work, everyMs);
  await vi.advanceTimersByTimeAsync(holdMs);
  release();
  expect(await held).toBe("decided");
  return started;
}

afterEach(() => vi.useRealTimers());

describe("progress while a call holds for a person's decision", () => {
  it("by default every 10 s (under the 15 s promised), naming the token, the seconds held and the total", async () => {
    vi.useFakeTimers();
    const { ctx, sent } = context("tok-1");
    const started = await hold(ctx, 35_000);
    expect(sent.map((s) => s.at - started)).toEqual([10_000, 20_000, 30_000]);
    expect(sent.map((s) => s.note.params)).toEqual(
      [10, 20, 30].map((progress) =>
        expect.objectContaining({ progressToken: "tok-1", progress, total: 50 }),
      ),
    );
    expect(sent.every((s) => s.note.method === "notifications/progress")).toBe(true);
    // Nothing after the hold ended.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(3);
  });

  it("at the interval the server was given", async () => {
    vi.useFakeTimers();
    const { ctx, sent } = context("tok-2");
    const started = await hold(ctx, 7_000, 2_000);
    expect(sent.map((s) => s.at - started)).toEqual([2_000, 4_000, 6_000]);
  });

  it("a server is not made with an interval under 100 ms", () => {
    const options = { apiKey: "adk_test_0123456789", baseUrl: "http://127.0.0.1:9" };
    expect(() => createMcpServer(options, { progressEveryMs: 0 })).toThrow(/at least 100 ms/);
    expect(createMcpServer(options, { progressEveryMs: 2000 })).toBeDefined();
  });

  it("not at all when the request carries no progress token", async () => {
    vi.useFakeTimers();
    const { ctx, sent } = context();
    await hold(ctx, 35_000);
    expect(sent).toEqual([]);
  });
});

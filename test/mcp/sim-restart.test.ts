import { Client } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import type { ToolResult } from "../../src/types.js";
import { cleanEnv } from "../cli/helpers.js";
import { call, type Env, push } from "./helpers.js";
import { type InboxFixture, mcpChild, person, useInboxWorld } from "./inbox-support.js";

// Issue 41: each `adrails --sim mcp` starts its simulator on a new port. The approval's scope must
// not depend on that port, or a host that restarts the server (Claude Desktop does, per session)
// orphans the request: `await-approval` finds nothing and the repeated call asks the people again.
// Three successive processes on one Redis and one inbox, driven by the MCP SDK's own client.

const SENTENCE = "I, Dana, approve this summer ad going live today.";
type Pending = Extract<ToolResult, { ok: "pending" }>;

let env: Env;
let fx: InboxFixture;
// A simulator of the same seed as --sim's: the same accounts and ad sets, for the payload.
useInboxWorld((e, f) => {
  env = e;
  fx = f;
});

/** One `adrails --sim mcp` process on the fixture's Redis and inbox, for the length of `use`. */
async function simServer<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const child = mcpChild(
    cleanEnv({ ADRAILS_REDIS_URL: fx.redis.url, ADRAILS_INBOX_URL: fx.url }) as Record<string, string>,
    ["--sim"],
  );
  const client = new Client({ name: "adrails-sim-restart-test", version: "1.0.0" });
  await client.connect(child.transport);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

describe("adrails --sim mcp restarted between the ask and the answer", { timeout: 120_000 }, () => {
  it("the next process finds the request: the repeat asks nobody again, await-approval runs it once", async () => {
    const input = push(env, { status: "ACTIVE", headline: "Across restarts" });
    const asked = await simServer(async (client) => {
      const made = await call(client, "push-creative", input);
      expect(made.tool.ok).toBe("pending");
      return made.tool as Pending;
    });

    // The host restarted the server before anyone decided; the model repeats the call.
    await simServer(async (client) => {
      const repeated = await call(client, "push-creative", input);
      expect(repeated.tool).toMatchObject({ ok: "pending", approval_id: asked.approval_id });
      const early = await call(client, "await-approval", { approval_id: asked.approval_id, wait_s: 1 });
      expect(early.tool.ok).toBe("pending");
    });
    // One request for the people to decide, not one per process.
    const people = await person(fx.url);
    expect((await people.pending()).map((item) => item.id)).toEqual([asked.approval_id]);
    await people.decide(asked.approval_id, { approve: SENTENCE });

    // Restarted again after the decision: the third process runs the approved call, once.
    await simServer(async (client) => {
      const done = await call(client, "await-approval", { approval_id: asked.approval_id, wait_s: 20 });
      expect(done.result.isError).toBe(false);
      expect(done.tool).toMatchObject({ ok: true, data: { status: "ACTIVE" } });
      const again = await call(client, "await-approval", { approval_id: asked.approval_id });
      expect(again.tool).toEqual(done.tool);
    });
    expect(await people.pending()).toEqual([]);
  });
});

import { Client } from "@modelcontextprotocol/client";
import { type CallToolResult, InMemoryTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdrailsMcpServerOptions, createMcpServer } from "../../src/mcp/server.js";
import type { AdToolkit, AdToolsOptions } from "../../src/types.js";
import {
  accept,
  call,
  checkScenarios,
  checkToolList,
  connectClient,
  type Env,
  ERAS,
  type Era,
  push,
  SENTENCE,
  startEnv,
} from "./helpers.js";

// The SDK's own Client against createMcpServer over a linked in-memory pair, served by the SDK's
// era-owning entry, on each protocol revision.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());

function serve(toolkit: AdToolkit | AdToolsOptions, options: AdrailsMcpServerOptions = {}) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(() => createMcpServer(toolkit, options), { transport: serverSide });
  return { clientSide, handle };
}

describe.each(ERAS)("in memory, protocol %s", (era: Era) => {
  it("lists 52 annotated tools and runs every scenario through the toolkit", async () => {
    const { clientSide, handle } = serve(env.toolkit());
    const connected = await connectClient(clientSide, era);
    try {
      expect(connected.client.getNegotiatedProtocolVersion()).toBe(era);
      await checkToolList(connected.client);
      await checkScenarios(env, connected);
    } finally {
      await connected.close();
      await handle.close();
    }
  });

  it("a host without elicitation: an ACTIVE push is refused, nothing sent; onUnconfirmedActive pause creates it PAUSED", async () => {
    env.sim.control.reset();
    const refusing = serve(env.toolkit());
    const bare = await connectClient(refusing.clientSide, era, { elicitation: false });
    try {
      const refused = await call(bare.client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(refused.result.isError).toBe(true);
      expect(refused.tool).toMatchObject({ blocked: "hard-confirmation" });
      expect(refused.text).toContain("cannot ask the person");
      expect(env.pushes()).toEqual([]);
    } finally {
      await bare.close();
      await refusing.handle.close();
    }
    const pausing = serve(env.toolkit({ onUnconfirmedActive: "pause" }));
    const paused = await connectClient(pausing.clientSide, era, { elicitation: false });
    try {
      const made = await call(paused.client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(made.result.isError).toBe(false);
      expect(made.text).toContain("PAUSED");
      expect(env.sim.control.ads().map((ad) => ad.status)).toEqual(["PAUSED"]);
    } finally {
      await paused.close();
      await pausing.handle.close();
    }
  });

  it("a host-supplied confirm callback is used instead of elicitation", async () => {
    env.sim.control.reset();
    const asked: string[] = [];
    const { clientSide, handle } = serve(
      env.toolkit({
        confirm: (request) => {
          asked.push(request.fingerprint);
          return { approved: true, text: SENTENCE };
        },
      }),
    );
    const connected = await connectClient(clientSide, era);
    try {
      const made = await call(connected.client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(made.result.isError).toBe(false);
      expect(asked).toHaveLength(1);
      expect(connected.person.shown).toEqual([]);
      expect(env.activeAds().map((ad) => ad.hard_confirm_text)).toEqual([SENTENCE]);
    } finally {
      await connected.close();
      await handle.close();
    }
  });
});

describe("a model that repeats itself", () => {
  it("two identical ACTIVE calls in parallel, one acceptance: one ad", async () => {
    env.sim.control.reset();
    const { clientSide, handle } = serve(env.toolkit());
    const connected = await connectClient(clientSide, "2025-11-25");
    connected.person.answers.push(accept(SENTENCE), { action: "decline" });
    try {
      const both = await Promise.all([
        call(connected.client, "push-creative", push(env, { status: "ACTIVE" })),
        call(connected.client, "push-creative", push(env, { status: "ACTIVE" })),
      ]);
      expect(both.map((r) => r.result.isError).sort()).toEqual([false, true]);
      expect(connected.person.shown).toHaveLength(2);
      expect(env.activeAds().map((ad) => ad.hard_confirm_text)).toEqual([SENTENCE]);
      expect(env.pushes()).toHaveLength(1);
    } finally {
      await connected.close();
      await handle.close();
    }
  });
});

describe("scope options", () => {
  it("include, readOnly and accountId shape what the server offers", async () => {
    const { clientSide, handle } = serve(
      env.options({ include: ["A", "push-creative"], accountId: env.account }),
    );
    const connected = await connectClient(clientSide, "2025-11-25");
    try {
      const { tools } = await connected.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        "list-accounts",
        "results",
        "health",
        "winner-insights",
        "fatigue-alerts",
        "push-creative",
      ]);
      const results = await call(connected.client, "results", {});
      expect(results.result.isError).toBe(false);
      const outside = await connected.client
        .callTool({ name: "benchmarks", arguments: {} })
        .catch((e: Error) => e);
      expect(String(outside)).toMatch(/not found/);
    } finally {
      await connected.close();
      await handle.close();
    }
    const readOnly = serve(env.options({ readOnly: true }));
    const reader = await connectClient(readOnly.clientSide, "2026-07-28");
    try {
      const { tools } = await reader.client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    } finally {
      await reader.close();
      await readOnly.handle.close();
    }
  });
});

describe.each(["2025-06-18", "2025-11-25"] as const)("protocol %s, a person who never answers", (era) => {
  it("the form times out: refused, nothing sent", async () => {
    env.sim.control.reset();
    const { clientSide, handle } = serve(env.toolkit(), { confirmationTimeoutMs: 300 });
    const connected = await connectClient(clientSide, era);
    connected.person.answers.push("hang");
    try {
      const refused = await call(connected.client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(refused.result.isError).toBe(true);
      expect(refused.tool).toMatchObject({ blocked: "hard-confirmation" });
      expect(refused.text).toContain("no answer within");
      expect(env.pushes()).toEqual([]);
    } finally {
      await connected.close();
      await handle.close();
    }
  });
});

describe("2026-07-28 input-required round trips, driven by hand", () => {
  const era = "2026-07-28";
  async function manual(options: AdrailsMcpServerOptions = {}) {
    const toolkit = env.toolkit();
    const { clientSide, handle } = serve(toolkit, options);
    const client = new Client(
      { name: "manual", version: "1.0.0" },
      {
        versionNegotiation: { mode: { pin: era } },
        capabilities: { elicitation: { form: {} } },
        inputRequired: { autoFulfill: false },
      },
    );
    await client.connect(clientSide);
    const first = (await client.callTool(
      { name: "push-creative", arguments: push(env, { status: "ACTIVE" }) },
      { allowInputRequired: true },
    )) as unknown as { resultType: string; inputRequests: Record<string, unknown>; requestState: string };
    return { client, handle, first };
  }
  const retry = (client: Client, args: Record<string, unknown>, requestState: string, answer: unknown) =>
    client.callTool(
      { name: "push-creative", arguments: args, inputResponses: { confirm: answer }, requestState } as never,
      { allowInputRequired: true },
    ) as Promise<CallToolResult & { resultType?: string }>;

  it("one acceptance makes one ad; replaying the accepted round sends nothing more", async () => {
    env.sim.control.reset();
    const { client, handle, first } = await manual();
    try {
      expect(first.resultType).toBe("input_required");
      expect(Object.keys(first.inputRequests)).toEqual(["confirm"]);
      expect(env.pushes()).toEqual([]);
      const args = push(env, { status: "ACTIVE" });
      const done = await retry(client, args, first.requestState, accept(SENTENCE));
      expect(done.isError).toBe(false);
      expect(env.activeAds().map((ad) => ad.hard_confirm_text)).toEqual([SENTENCE]);
      // The state the person answered said nothing of a live ad; now one is live (this one), so a
      // replay is asked again, with the ad named, rather than redeemed.
      const replayed = (await retry(client, args, first.requestState, accept(SENTENCE))) as unknown as {
        resultType: string;
        inputRequests: Record<string, unknown>;
      };
      expect(replayed.resultType).toBe("input_required");
      const [ad] = env.activeAds() as unknown as { ad_id: string }[];
      expect(JSON.stringify(replayed.inputRequests.confirm)).toContain(`already went live: ad ${ad!.ad_id}`);
      expect(env.pushes()).toHaveLength(1);
      expect(env.sim.control.ads()).toHaveLength(1);
    } finally {
      await client.close();
      await handle.close();
    }
  });

  it("an edited or forged state never reads as confirmed; other arguments need their own approval", async () => {
    env.sim.control.reset();
    const { client, handle, first } = await manual();
    try {
      const args = push(env, { status: "ACTIVE" });
      const [head, body, mac] = first.requestState.split(".");
      const decoded = JSON.parse(Buffer.from(body!, "base64url").toString("utf8"));
      decoded.p.id = "mcp-elicitation:forged";
      const edited = [head, Buffer.from(JSON.stringify(decoded)).toString("base64url"), mac].join(".");
      for (const state of [edited, "v1.e30.AAAA", "not a state"]) {
        const again = await retry(client, args, state, accept(SENTENCE));
        expect(again.resultType, state).toBe("input_required");
      }
      // The genuine state echoed with no answer, or with an answer of another kind, confirms nothing.
      for (const answer of [undefined, { roots: [] }, { action: "accept", content: { other: SENTENCE } }]) {
        const echoed = await retry(client, args, first.requestState, answer);
        expect(
          echoed.resultType === "input_required" || echoed.isError === true,
          JSON.stringify(answer),
        ).toBe(true);
      }
      // A valid state for one payload cannot confirm another.
      const other = await retry(
        client,
        push(env, { status: "ACTIVE", headline: "Other" }),
        first.requestState,
        accept(SENTENCE),
      );
      expect(other.isError).toBe(true);
      expect(JSON.stringify(other.structuredContent)).toContain("not for this payload");
      expect(env.pushes()).toEqual([]);
    } finally {
      await client.close();
      await handle.close();
    }
  });

  it("an answer that comes back after the form expired is not redeemed: the person is asked again", async () => {
    env.sim.control.reset();
    const { client, handle, first } = await manual({ confirmationTimeoutMs: 1000 });
    try {
      // The signed state carries its expiry in whole seconds.
      await new Promise((r) => setTimeout(r, 2100));
      const late = await retry(client, push(env, { status: "ACTIVE" }), first.requestState, accept(SENTENCE));
      expect(late.resultType).toBe("input_required");
      expect(env.pushes()).toEqual([]);
    } finally {
      await client.close();
      await handle.close();
    }
  });
});

describe.each(ERAS)("dynamic mode (find-tools, tools list changed), protocol %s", (era: Era) => {
  it("lists find-tools only; a search lists what it found; a call not yet found is told to search; ACTIVE still needs the person", async () => {
    env.sim.control.reset();
    const { clientSide, handle } = serve(env.toolkit(), { dynamic: true });
    const changes: string[][] = [];
    const connected = await connectClient(clientSide, era, {
      onToolsChanged: (names) => changes.push(names),
    });
    try {
      expect(connected.client.getServerCapabilities()?.tools?.listChanged).toBe(true);
      const first = await connected.client.listTools();
      expect(first.tools.map((t) => t.name)).toEqual(["find-tools"]);
      expect(first.tools[0]!.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });

      // Not found yet: a readable answer, nothing sent.
      const early = await call(connected.client, "push-creative", push(env, { status: "PAUSED" }));
      expect(early.result.isError).toBe(true);
      expect(early.text).toContain("find-tools");
      expect(env.pushes()).toEqual([]);
      expect(changes).toEqual([]);

      const found = await call(connected.client, "find-tools", { query: "publish an ad from an image" });
      expect(found.result.isError).toBe(false);
      const names = (found.tool as { data: { tools: string[] } }).data.tools;
      expect(names).toContain("push-creative");
      await expect.poll(() => changes.length).toBe(1);
      const listed = await connected.client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(["find-tools", ...names].sort());
      expect(changes[0]!.sort()).toEqual(["find-tools", ...names].sort());
      const listedPush = listed.tools.find((t) => t.name === "push-creative")!;
      expect(listedPush.annotations).toEqual({ idempotentHint: true });
      expect(JSON.stringify(listed.tools)).not.toContain("hard_confirm_text");

      // A search that finds nothing new changes nothing.
      await call(connected.client, "find-tools", { query: "publish an ad from an image" });
      const bad = await call(connected.client, "find-tools", { query: "" });
      expect(bad.result.isError).toBe(true);
      expect((await connected.client.listTools()).tools).toHaveLength(listed.tools.length);

      // Found: the call works, and ACTIVE still goes through the person.
      connected.person.answers.push({ action: "decline" });
      const declined = await call(connected.client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(declined.tool).toMatchObject({ blocked: "hard-confirmation" });
      expect(env.pushes()).toEqual([]);
      connected.person.answers.push(accept(SENTENCE));
      const live = await call(connected.client, "push-creative", push(env, { status: "ACTIVE" }));
      expect(live.result.isError).toBe(false);
      expect(env.activeAds().map((ad) => ad.hard_confirm_text)).toEqual([SENTENCE]);
      expect(connected.person.shown).toHaveLength(2);
      expect(changes).toHaveLength(1);
    } finally {
      await connected.close();
      await handle.close();
    }
  });
});

describe("the shared schema policy", () => {
  it("a null in an optional field is read as absent (the shared schema policy)", async () => {
    env.sim.control.reset();
    const { clientSide, handle } = serve(env.toolkit());
    const connected = await connectClient(clientSide, "2025-11-25");
    try {
      const paused = await call(
        connected.client,
        "push-creative",
        push(env, { status: "PAUSED", primary_text: null, video_url: null }),
      );
      expect(paused.result.isError).toBe(false);
      expect(env.sim.control.ads()).toHaveLength(1);
    } finally {
      await connected.close();
      await handle.close();
    }
  });
});

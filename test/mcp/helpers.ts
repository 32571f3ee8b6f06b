import { Client } from "@modelcontextprotocol/client";
import type { CallToolResult, ElicitResult, Transport } from "@modelcontextprotocol/server";
import { expect } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { memoryStore } from "../../src/store/index.js";
import { createAdTools } from "../../src/toolkit.js";
import { offeredTools } from "../../src/tools/index.js";
import type { AdToolkit, AdToolsOptions, ToolResult } from "../../src/types.js";

// Shared by the MCP suites: a simulator with the ids the scenarios need, an SDK client pinned to a
// protocol revision with a scripted person behind its elicitation handler, and the scenarios each
// transport runs.

export type Era = "2025-06-18" | "2025-11-25" | "2026-07-28";
export const ERAS: readonly Era[] = ["2025-06-18", "2025-11-25", "2026-07-28"];

export const IMAGE = "https://cdn.example.com/creative/summer-1.png";
export const SITE = "https://northwind.example.com/summer";
export const SENTENCE = "I, Dana, approve this summer ad going live today.";

export interface Env {
  sim: Simulator;
  account: string;
  adset: string;
  foreignAccount: string;
  /** Toolkit options for this simulator. */
  options(extra?: AdToolsOptions): AdToolsOptions;
  toolkit(extra?: AdToolsOptions): AdToolkit;
  pushes(): unknown[];
  activeAds(): { hard_confirm_text: string | null; headline: string | null }[];
  close(): Promise<void>;
}

export async function startEnv(): Promise<Env> {
  const sim = await startSimulator({ rateLimit: { limit: 100_000 }, writeBudget: { limit: 100_000 } });
  // Scenarios repeat payloads from test to test, and toolkits of one process given no store share
  // their records per key and service: each set of options here carries a store of its own.
  const options = (extra: AdToolsOptions = {}): AdToolsOptions => ({
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    store: memoryStore(),
    ...extra,
  });
  const toolkit = (extra: AdToolsOptions = {}) => createAdTools(options(extra));
  const setup = toolkit();
  const accounts = dataOf(await setup.call("list-accounts", {})).accounts as { id: string }[];
  const account = accounts[0]!.id;
  const rows = dataOf(await setup.call("results", { account_id: account, level: "adset" })).rows as {
    id: string;
  }[];
  const agency = toolkit({ apiKey: sim.keys.agency });
  const foreign = dataOf(await agency.call("list-accounts", {})).accounts as { id: string }[];
  sim.control.reset();
  return {
    sim,
    account,
    adset: rows[0]!.id,
    foreignAccount: foreign[0]!.id,
    options,
    toolkit,
    pushes: () => sim.control.requests().filter((r) => r.tool === "push-creative"),
    activeAds: () => sim.control.ads().filter((ad) => ad.status === "ACTIVE"),
    close: () => sim.close(),
  };
}

function dataOf(result: ToolResult): Record<string, unknown> {
  if (result.ok !== true) throw new Error(`setup call failed: ${JSON.stringify(result)}`);
  return result.data as Record<string, unknown>;
}

/** The person behind the host's confirmation form: answers are taken in order. */
export interface Person {
  answers: (ElicitResult | "hang")[];
  /** The forms the person was shown. */
  shown: { message: string; requestedSchema: unknown }[];
}

export interface Connected {
  client: Client;
  person: Person;
  close(): Promise<void>;
}

/** An SDK client on `era`, with form elicitation unless `elicitation` is false. */
export async function connectClient(
  transport: Transport,
  era: Era,
  {
    elicitation = true,
    onToolsChanged,
  }: { elicitation?: boolean; onToolsChanged?: (names: string[]) => void } = {},
): Promise<Connected> {
  const person: Person = { answers: [], shown: [] };
  const client = new Client(
    { name: "adrails-test", version: "1.0.0" },
    {
      ...(era === "2026-07-28"
        ? { versionNegotiation: { mode: { pin: era } } }
        : { supportedProtocolVersions: [era] }),
      capabilities: elicitation ? { elicitation: { form: {} } } : {},
      // The SDK's own list-changed handling: the notification on 2025 eras, the subscription on 2026-07-28.
      ...(onToolsChanged
        ? {
            listChanged: {
              tools: {
                onChanged: (_error: Error | null, tools: { name: string }[] | null) =>
                  onToolsChanged((tools ?? []).map((t) => t.name)),
              },
            },
          }
        : {}),
    },
  );
  if (elicitation) {
    client.setRequestHandler("elicitation/create", async (request) => {
      const params = request.params as { message: string; requestedSchema: unknown };
      person.shown.push({ message: params.message, requestedSchema: params.requestedSchema });
      const answer = person.answers.shift() ?? { action: "decline" };
      if (answer === "hang") return new Promise<ElicitResult>(() => {});
      return answer;
    });
  }
  await client.connect(transport);
  return { client, person, close: () => client.close() };
}

export const accept = (confirmation: string): ElicitResult => ({
  action: "accept",
  content: { confirmation },
});

export function push(env: Env, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    account_id: env.account,
    adset_id: env.adset,
    image_url: IMAGE,
    website_url: SITE,
    headline: "Summer gear",
    ...fields,
  };
}

export async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  return { result, text, tool: result.structuredContent as unknown as ToolResult };
}

/** MCP's defaults for an absent hint (spec, ToolAnnotations). */
const HINT_DEFAULTS = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/**
 * tools/list: the 52 offered tools, described as the toolkit describes them (the default-account
 * note on one of them), their annotations, and no way to pass hard_confirm_text.
 */
export async function checkToolList(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  const expected = createAdTools({ apiKey: "adk_list_check", baseUrl: "http://127.0.0.1:1" });
  expect(tools.map((t) => t.name).sort()).toEqual(offeredTools.map((t) => t.name).sort());
  expect(tools).toHaveLength(52);
  expect(JSON.stringify(tools)).not.toContain("hard_confirm_text");
  for (const tool of tools) {
    const def = offeredTools.find((t) => t.name === tool.name)!;
    const hint = (key: keyof typeof HINT_DEFAULTS) => tool.annotations?.[key] ?? HINT_DEFAULTS[key];
    const readOnly = def.effect === "read" || def.effect === "calculator";
    expect(tool.title, tool.name).toMatch(/^[A-Z]/);
    expect(tool.description, tool.name).toBe(expected.get(tool.name)!.description);
    expect(tool.inputSchema.type).toBe("object");
    expect(tool.outputSchema, tool.name).toBeUndefined();
    expect(hint("readOnlyHint"), tool.name).toBe(readOnly);
    expect(hint("openWorldHint"), tool.name).toBe(def.effect !== "calculator");
    if (!readOnly) {
      expect(hint("destructiveHint"), tool.name).toBe(tool.name === "push-creative");
      expect(hint("idempotentHint"), tool.name).toBe(def.hints.idempotent);
    }
    // Only hints that differ from the defaults are sent.
    for (const [key, value] of Object.entries(tool.annotations ?? {})) {
      expect(value, `${tool.name} ${key}`).not.toBe(HINT_DEFAULTS[key as keyof typeof HINT_DEFAULTS]);
    }
  }
  expect(tools.filter((t) => t.description?.includes("account_id defaults"))).toHaveLength(1);
  const title = (name: string) => tools.find((t) => t.name === name)?.title;
  expect([
    title("push-creative"),
    title("creative-dna"),
    title("url-to-ads"),
    title("approve-meta-test-plan"),
  ]).toEqual(["Push creative", "Creative DNA", "URL to ads", "Approve Meta test plan"]);
  const push = tools.find((t) => t.name === "push-creative")!;
  expect(push.annotations).toEqual({ idempotentHint: true });
  expect(tools.find((t) => t.name === "benchmarks")!.annotations).toEqual({
    readOnlyHint: true,
    openWorldHint: false,
  });
  expect(tools.find((t) => t.name === "edit-creative-brief")!.annotations?.destructiveHint).toBe(false);
}

/**
 * The scenarios every transport runs on every protocol revision, on a client that declared form
 * elicitation. `reset` clears the simulator between scenarios.
 */
export async function checkScenarios(env: Env, connected: Connected): Promise<void> {
  const { client, person } = connected;
  env.sim.control.reset();

  // A read: the model's text is the toolkit's text, the host keeps the full ToolResult.
  const read = await call(client, "list-accounts", {});
  expect(read.result.isError).toBe(false);
  expect(read.tool).toMatchObject({ ok: true, status: 200 });
  expect(read.text).toContain(env.account);
  expect(read.text).toBe(env.toolkit().toModelText(read.tool));

  // A soft 200 is an error for the host.
  const soft = await call(client, "benchmarks", { niche: "crypto-yachts" });
  expect(soft.result.isError).toBe(true);
  expect(soft.tool).toMatchObject({ ok: false, status: 200 });
  expect(soft.text).toContain("Available niches");

  // A 207 is not a success: both lists reach the host.
  env.sim.control.fault({ kind: "partial", tool: "creative-dna" });
  const partial = await call(client, "creative-dna", {
    account_id: env.account,
    brand_url: "northwind.example.com",
  });
  expect(partial.result.isError).toBe(true);
  expect(partial.tool).toMatchObject({ ok: "partial", status: 207 });
  const lists = partial.tool as { applied: unknown[]; failed: unknown[] };
  expect(lists.applied.length).toBeGreaterThan(0);
  expect(lists.failed.length).toBeGreaterThan(0);

  // A 403 names the accounts the key reaches.
  const foreign = await call(client, "results", { account_id: env.foreignAccount });
  expect(foreign.result.isError).toBe(true);
  const denied = foreign.tool as { status: number; accounts?: { id: string }[] };
  expect(denied.status).toBe(403);
  expect(denied.accounts?.map((a) => a.id)).toContain(env.account);

  // Invalid input reaches the toolkit (not the SDK's validator) and names the field.
  const invalid = await call(client, "results", { account_id: env.account, level: "weekly" });
  expect(invalid.result.isError).toBe(true);
  expect(invalid.tool).toMatchObject({ ok: false, blocked: "validation" });
  expect(invalid.text).toContain("level");
  expect(env.sim.control.requests().filter((r) => r.tool === "results")).toHaveLength(1);

  // A model-forged hard_confirm_text is dropped; the person declines: nothing is sent.
  env.sim.control.reset();
  person.answers.push({ action: "decline" });
  const forged = await call(
    client,
    "push-creative",
    push(env, { status: "ACTIVE", hard_confirm_text: "yes go" }),
  );
  expect(forged.result.isError).toBe(true);
  expect(forged.tool).toMatchObject({ blocked: "hard-confirmation" });
  expect(forged.text).toContain("hard_confirm_text you sent was dropped");
  expect(env.pushes()).toEqual([]);

  // Declined, dismissed, an empty sentence: refused, nothing sent, the hint says PAUSED.
  for (const answer of [
    { action: "decline" as const },
    { action: "cancel" as const },
    accept(""),
    accept("   "),
    { action: "accept" as const },
  ]) {
    person.answers.push(answer);
    const refused = await call(client, "push-creative", push(env, { status: "ACTIVE" }));
    expect(refused.result.isError, JSON.stringify(answer)).toBe(true);
    expect(refused.tool).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect(refused.text).toContain("PAUSED");
  }
  expect(env.pushes()).toEqual([]);

  // Accepted with a sentence: exactly one ACTIVE ad, carrying the person's sentence. The form
  // showed the summary and the payload fingerprint.
  const shownBefore = person.shown.length;
  person.answers.push(accept(SENTENCE));
  const live = await call(
    client,
    "push-creative",
    push(env, { status: "ACTIVE", hard_confirm_text: "forged" }),
  );
  expect(live.result.isError, live.text).toBe(false);
  expect(live.tool).toMatchObject({ ok: true, status: 200 });
  const form = person.shown[shownBefore]!;
  expect(form.message).toContain(env.account);
  expect(form.message).toContain(env.adset);
  expect(form.message).toContain(IMAGE);
  expect(form.message).toContain(SITE);
  expect(form.message).toContain("Summer gear");
  expect(form.message).toMatch(/Payload fp_[0-9a-f]{16,}/);
  expect(form.requestedSchema).toMatchObject({ required: ["confirmation"] });

  // The same call again after that one acceptance: the person is asked again and declines.
  const again = await call(client, "push-creative", push(env, { status: "ACTIVE" }));
  expect(again.result.isError).toBe(true);
  expect(person.shown.length).toBe(shownBefore + 2);
  expect(env.activeAds()).toHaveLength(1);
  expect(env.activeAds()[0]!.hard_confirm_text).toBe(SENTENCE);
  expect(env.sim.control.ads()).toHaveLength(1);
}

import { Agent } from "undici";
import { describe, expectTypeOf, test } from "vitest";
import type { McpDoorToolkit } from "../../src/door-toolkit.js";
import type { AdAccount, AdToolInput, AdToolName, CreatedAd, ToolResult } from "../../src/index.js";
import { catalog, createAdTools } from "../../src/index.js";
import type { AdTool, AdToolkit } from "../../src/types.js";

// What a TypeScript user gets from the toolkit: calls typed by tool name, from the catalog's zod
// schemas. A line marked @ts-expect-error must fail to compile (vitest's typecheck fails if it
// compiles), so each holds one refusal.

const toolkit = createAdTools({ apiKey: "adk_types", baseUrl: "http://127.0.0.1:9" });

describe("toolkit.call by tool name", () => {
  test("the names are the catalog's 52 offered tools", () => {
    expectTypeOf<"list-accounts">().toExtend<AdToolName>();
    expectTypeOf<"push-creative">().toExtend<AdToolName>();
    expectTypeOf<"resume-competitor-change-routine">().toExtend<AdToolName>();
    expectTypeOf<"emergency-recovery">().not.toExtend<AdToolName>();
    expectTypeOf<"resuls">().not.toExtend<AdToolName>();
  });

  test("a misspelt name does not compile", () => {
    // @ts-expect-error: no tool "resuls"
    void toolkit.call("resuls", {});
    // @ts-expect-error: the disabled tool is not offered
    void toolkit.call("emergency-recovery", { account_id: "act_1" });
    // @ts-expect-error: no tool "resuls"
    void toolkit.get("resuls");
  });

  test("the input is the tool's own fields: enums, types, unknown fields, required fields", () => {
    void toolkit.call("results", { date_preset: "last_7d", level: "adset" });
    // @ts-expect-error: "last_week" is not a date_preset
    void toolkit.call("results", { date_preset: "last_week" });
    // @ts-expect-error: level takes account, campaign, adset or ad
    void toolkit.call("results", { level: "weekly" });
    // @ts-expect-error: no field "date" on results
    void toolkit.call("results", { date: "2026-01-01" });
    // @ts-expect-error: adset_id is required by push-creative
    void toolkit.call("push-creative", { image_url: "https://cdn.example.com/a.png" });
    // @ts-expect-error: count is a number
    void toolkit.call("multiply-winner", { account_id: "act_1", ad_id: "1", count: "ten" });
    expectTypeOf<AdToolInput<"results">["date_preset"]>().toEqualTypeOf<
      | "today"
      | "yesterday"
      | "last_3d"
      | "last_7d"
      | "last_14d"
      | "last_30d"
      | "last_90d"
      | "this_month"
      | "last_month"
      | undefined
    >();
  });

  test("the toolkit fills what it sets: the retry key and account_id are optional, hard_confirm_text is no input", () => {
    void toolkit.call("push-creative", {
      adset_id: "1",
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://shop.example.com",
      status: "ACTIVE",
    });
    expectTypeOf<AdToolInput<"push-creative">>().toHaveProperty("request_id");
    expectTypeOf<undefined>().toExtend<AdToolInput<"push-creative">["request_id"]>();
    expectTypeOf<undefined>().toExtend<AdToolInput<"generate-from-brief">["idempotency_key"]>();
    expectTypeOf<undefined>().toExtend<AdToolInput<"push-creative">["account_id"]>();
    expectTypeOf<AdToolInput<"push-creative">>().not.toHaveProperty("hard_confirm_text");
    // A key that names a run, not a retry: still required.
    expectTypeOf<AdToolInput<"resume-generation">["idempotency_key"]>().toEqualTypeOf<string>();
  });

  test("data is typed where the contract names it, unknown elsewhere", async () => {
    const listed = await toolkit.call("list-accounts", {});
    if (listed.ok === true) {
      expectTypeOf(listed.data.accounts).toEqualTypeOf<AdAccount[]>();
      expectTypeOf(listed.data.accounts[0]!.id).toEqualTypeOf<string>();
    }
    const pushed = await toolkit.call("push-creative", {
      adset_id: "1",
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://shop.example.com",
    });
    if (pushed.ok === true) {
      expectTypeOf(pushed.data).toEqualTypeOf<CreatedAd>();
      expectTypeOf(pushed.data.ad_id).toEqualTypeOf<string>();
    }
    const read = await toolkit.call("results", {});
    if (read.ok === true) expectTypeOf(read.data).toEqualTypeOf<unknown>();
    // The envelope: an error's accounts are accounts too.
    if (read.ok === false && "retryable" in read)
      expectTypeOf(read.accounts).toEqualTypeOf<AdAccount[] | undefined>();
    expectTypeOf(read).toExtend<ToolResult>();
  });

  test("get is typed the same way", () => {
    const push = toolkit.get("push-creative");
    expectTypeOf(push).toEqualTypeOf<AdTool<"push-creative"> | undefined>();
    void push!.call({
      adset_id: "1",
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://x.example",
    });
    // @ts-expect-error: adset_id is a string
    void push!.call({ adset_id: 1 });
    expectTypeOf(push!.call).returns.resolves.toEqualTypeOf<ToolResult<CreatedAd>>();
  });
});

describe("callers that only know at run time keep compiling", () => {
  test("a name that is a string, an input that is unknown or a record", async () => {
    const name: string = "list-accounts";
    const input: unknown = {};
    const body: Record<string, unknown> = {};
    expectTypeOf(await toolkit.call(name, input)).toEqualTypeOf<ToolResult>();
    expectTypeOf(toolkit.get(name)).toEqualTypeOf<AdTool | undefined>();
    void toolkit.call("push-creative", body);
    void toolkit.call("push-creative", input);
    for (const def of catalog) void toolkit.call(def.name, {});
  });

  test("the typed toolkit is an AdToolkit: adapters, MCP and the door take it", async () => {
    expectTypeOf(toolkit).toExtend<AdToolkit>();
    const door = {} as McpDoorToolkit;
    // The door's own names are not the catalog's: its toolkit takes any name.
    void door.call("get_results", {});
  });

  test("an undici dispatcher is typed by its shape: no undici types in adrails' public surface", () => {
    void createAdTools({ dispatcher: new Agent() });
  });
});

import { describe, expect, it } from "vitest";
import { answerRequest, readAnswer } from "../../src/guards/approval/answer.js";
import {
  type AskLedger,
  askSlot,
  type RedeemedCall,
  redeemAnswer,
} from "../../src/guards/approval/redeem.js";
import { approvalRequest, needsPerson } from "../../src/guards/approval/request.js";
import { memoryApprovalLedger } from "../../src/guards/approvals.js";
import { createCallPipeline } from "../../src/guards/pipeline.js";
import { memoryIdLedger } from "../../src/guards/request-ids.js";
import type { SendClaims } from "../../src/guards/shared.js";
import { memoryStore } from "../../src/store/index.js";
import type { ToolDefinition } from "../../src/tools/define.js";
import { getTool } from "../../src/tools/index.js";
import type { CallSummary, ConfirmRequest } from "../../src/types.js";

// The approval model's own rules, without a framework: what a request shows, what an answer is,
// and which answers redeem for which call.

const push = getTool("push-creative")!;
const body = {
  account_id: "act_1",
  adset_id: "9",
  image_url: "https://x.example/a.png",
  website_url: "https://x.example",
  status: "ACTIVE",
};
const request = (callId = "c1", ttlMs = 60_000) =>
  approvalRequest(push, body, "fp_one", { callId, scope: "s" }, ttlMs);
const target = (over: Partial<RedeemedCall> = {}): RedeemedCall => ({
  tool: "push-creative",
  fingerprint: "fp_one",
  callId: "c1",
  account: "act_1",
  scope: "s",
  ...over,
});
const asks = (): AskLedger & { slots: Map<string, string> } => {
  const slots = new Map<string, string>();
  return {
    slots,
    record: async (slot, fp) => void slots.set(slot, fp),
    recorded: async (slot) => slots.get(slot) ?? null,
  };
};

describe("approval requests", () => {
  it("name one call: the same call gives the same id, another call or payload another", () => {
    expect(request().id).toBe(request().id);
    expect(request("c2").id).not.toBe(request().id);
    expect(approvalRequest(push, body, "fp_two", { callId: "c1", scope: "s" }, 1).id).not.toBe(request().id);
    // Without a call id every ask is its own request.
    const fresh = () => approvalRequest(push, body, "fp_one", { scope: "s" }, 1).id;
    expect(fresh()).not.toBe(fresh());
    expect(request()).toMatchObject({
      tool: "push-creative",
      callId: "c1",
      account: "act_1",
      fingerprint: "fp_one",
    });
  });

  it("show any tool but push-creative by its name, description and exact arguments", () => {
    const door: ToolDefinition = {
      ...getTool("list-accounts")!,
      name: "mystery-door-tool",
      needsPerson: () => true,
    };
    expect(needsPerson(door, {})).toBe(true);
    expect(needsPerson(getTool("list-accounts")!, {})).toBe(false);
    const asked = approvalRequest(door, { budget: 500, target: "all" }, "fp_d", { scope: "s" }, 1000);
    expect(asked.summary).toEqual({
      tool: "mystery-door-tool",
      description: door.description,
      arguments: { budget: 500, target: "all" },
    } satisfies CallSummary);
    expect(asked.message).toContain("mystery-door-tool");
    expect(asked.message).toContain(door.description);
    expect(asked.message).toContain('{"budget":500,"target":"all"}');
  });
});

describe("answers", () => {
  it("signed with a secret: any edit, or another secret, is no answer", () => {
    const answer = answerRequest(request(), { approved: true, text: " Go live - Dana " }, "inbox", "k1");
    expect(answer).toMatchObject({
      approved: true,
      text: "Go live - Dana",
      channel: "inbox",
      sig: expect.any(String),
    });
    expect(readAnswer(answer, "k1")).toEqual({ answer });
    expect(readAnswer(answer, "k2")).toMatchObject({ problem: expect.stringContaining("signature") });
    const edits: ((a: any) => void)[] = [
      (a) => (a.approved = !a.approved),
      (a) => (a.text = "Other words"),
      (a) => (a.request.callId = "c2"),
      (a) => (a.request.fingerprint = "fp_two"),
      (a) => (a.request.expiresAt += 1),
      (a) => delete a.sig,
    ];
    for (const edit of edits) {
      const copy = structuredClone(answer);
      edit(copy);
      expect(readAnswer(copy, "k1")).toMatchObject({ problem: expect.any(String) });
    }
    expect(readAnswer({ approved: true }, undefined)).toMatchObject({
      problem: expect.stringContaining("malformed"),
    });
  });
});

describe("redemption", () => {
  const o = (secret?: string) => ({
    ledger: memoryApprovalLedger(),
    asks: asks(),
    ...(secret ? { secret } : {}),
  });

  it("redeems an approval for its own call once, with the person's sentence", async () => {
    const opts = o();
    const answer = answerRequest(request(), { approved: true, text: "Yes - Dana" }, "confirm");
    expect(await redeemAnswer(answer, target(), opts)).toMatchObject({
      approved: true,
      text: "Yes - Dana",
      key: request().id,
    });
    expect(await redeemAnswer(answer, target(), opts)).toMatchObject({
      approved: false,
      reason: expect.stringContaining("already used"),
    });
  });

  it("never redeems for another call, payload, tool or account, nor late, nor declined", async () => {
    const answer = answerRequest(request(), { approved: true, text: "" }, "confirm");
    const refusals: [Partial<RedeemedCall>, string][] = [
      [{ callId: "c2" }, "tool call c1"],
      [{ fingerprint: "fp_two" }, "payload fp_one"],
      [{ tool: "creative-loop" }, "push-creative call"],
      [{ account: "act_2" }, "account act_1"],
    ];
    for (const [over, reason] of refusals) {
      expect(await redeemAnswer(answer, target(over), o())).toMatchObject({
        approved: false,
        reason: expect.stringContaining(reason),
      });
    }
    const late = answerRequest(request("c1", -1), { approved: true, text: "" }, "confirm");
    expect(await redeemAnswer(late, target(), o())).toMatchObject({ approved: false });
    const no = answerRequest(request(), { approved: false, reason: "Budget first" }, "langgraph");
    expect(await redeemAnswer(no, target(), o())).toMatchObject({
      approved: false,
      declined: true,
      reason: "a person declined: Budget first",
    });
  });

  it("with a secret, only a signed answer redeems", async () => {
    const unsigned = answerRequest(request(), { approved: true, text: "" }, "confirm");
    expect(await redeemAnswer(unsigned, target(), o("k1"))).toMatchObject({
      approved: false,
      reason: expect.stringContaining("signature"),
    });
    const signed = answerRequest(request(), { approved: true, text: "" }, "confirm", "k1");
    expect(await redeemAnswer(signed, target(), o("k1"))).toMatchObject({ approved: true });
  });

  it("refuses a payload other than the one the call was shown with (edited saved state)", async () => {
    const opts = o();
    opts.asks.slots.set(askSlot("s", "push-creative", "c1"), "fp_shown");
    const answer = answerRequest(request(), { approved: true, text: "" }, "langgraph");
    expect(await redeemAnswer(answer, target(), opts)).toMatchObject({
      approved: false,
      reason: expect.stringContaining("fp_shown"),
    });
  });
});

describe("the pipeline asks needsPerson, for any tool", () => {
  const door: ToolDefinition = {
    ...getTool("list-accounts")!,
    name: "list-accounts",
    needsPerson: () => true,
  };
  const claims: SendClaims = {
    attempt: async () => "held",
    exclusive: (_key, _wait, send) => send(false),
    drop: async () => {},
  };
  const pipeline = (confirm?: (r: ConfirmRequest) => { approved: boolean; text?: string }) => {
    const sent: string[] = [];
    const client = {
      call: async (tool: string) => {
        sent.push(tool);
        return { kind: "success", status: 200, data: {}, tool, attempts: 1, durationMs: 1 };
      },
    } as any;
    const made = createCallPipeline({
      client,
      apiKey: "adk_test",
      approvalTtlMs: 60_000,
      trust: { shared: false, maxTtlMs: 60_000 },
      approvals: memoryApprovalLedger(),
      records: memoryStore(),
      asks: asks(),
      ids: memoryIdLedger(),
      claims,
      ...(confirm ? { confirm: confirm as any } : {}),
    });
    return { made, sent };
  };

  it("refuses without an answer, nothing sent; the confirm channel is shown the tool and its arguments", async () => {
    const bare = pipeline();
    expect(await bare.made.call(door, door.input, {}, {})).toMatchObject({
      ok: false,
      blocked: "hard-confirmation",
    });
    expect(bare.sent).toEqual([]);
    const shown: ConfirmRequest[] = [];
    const asked = pipeline((r) => {
      shown.push(r);
      return { approved: true, text: "Run it - Dana" };
    });
    await asked.made.call(door, door.input, {}, {});
    expect(shown[0]?.summary).toMatchObject({ tool: "list-accounts", arguments: {} });
    expect(asked.sent).toEqual(["list-accounts"]);
  });
});

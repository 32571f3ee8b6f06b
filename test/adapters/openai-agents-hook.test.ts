import { RunContext } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { hookApprove } from "../../src/adapters/openai-agents-approval.js";

// The one place adrails observes the Agents SDK: RunContext.prototype.approveTool, wrapped so a
// person's click on an item is recorded as the answer to that item's call only. The wrapper is
// checked here on stand-in classes; the SDK's own runs are in openai-agents*.test.ts.

const item = (name: string) => ({ name, rawItem: { type: "function_call", callId: "c1" } }) as never;

describe("the approve hook", () => {
  it("wraps once however often it is asked, runs every copy's recorder once, then the SDK's method unchanged", () => {
    const approved: unknown[] = [];
    class Context {
      context = { mine: true };
      approveTool(approval: unknown, options?: unknown) {
        approved.push([approval, options]);
        return "sdk-result";
      }
    }
    const seen: string[] = [];
    const one = (_context: unknown, i: { name?: string }) => seen.push(`one:${i.name}`);
    const other = (_context: unknown, i: { name?: string }) => seen.push(`other:${i.name}`);
    expect(hookApprove(Context.prototype, one)).toBe(true);
    const wrapped = Context.prototype.approveTool;
    expect(hookApprove(Context.prototype, one)).toBe(true);
    expect(hookApprove(Context.prototype, other)).toBe(true);
    expect(Context.prototype.approveTool).toBe(wrapped);
    expect(Object.keys(Context.prototype)).toEqual([]);

    const result = new Context().approveTool(item("push-creative"), { alwaysApprove: true });
    expect(result).toBe("sdk-result");
    expect(seen).toEqual(["one:push-creative", "other:push-creative"]);
    expect(approved).toEqual([[item("push-creative"), { alwaysApprove: true }]]);
  });

  it("a recorder that throws never stops the SDK's approve", () => {
    let calls = 0;
    class Context {
      approveTool() {
        calls++;
      }
    }
    hookApprove(Context.prototype, () => {
      throw new Error("broken recorder");
    });
    new Context().approveTool();
    expect(calls).toBe(1);
  });

  it("without the SDK's method nothing is wrapped: a plain approve answers nothing (refused later)", () => {
    class Renamed {
      approveToolCall() {}
    }
    expect(hookApprove(Renamed.prototype, () => {})).toBe(false);
    expect("approveTool" in Renamed.prototype).toBe(false);
  });

  it("the SDK still records approvals through RunContext.prototype.approveTool", () => {
    expect(typeof RunContext.prototype.approveTool).toBe("function");
    expect(hookApprove()).toBe(true);
  });
});

import type { z } from "zod";
import { FIND_TOOLS } from "../discovery.js";
import { catalog } from "../tools/index.js";
import type { Expectations, FixtureMessage, HumanDecision, ToolCall } from "./schema.js";

// The fixture checks that cannot be said per field: order of turns, references between parts.

/** A placeholder inside a string: `{{accounts.0.id}}`, `{{results.call_2.data.version_id}}`. */
export const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
const ROOTS = new Set(["accounts", "foreign", "results"]);

type Ctx = z.RefinementCtx<z.output<z.ZodObject>>;

/** Checks that cannot be said per field: order of turns, references between parts. */
export function crossCheck(fixture: any, ctx: Ctx): void {
  const messages = fixture.messages as FixtureMessage[];
  const seen = new Map<string, number>();
  let firstTurn = messages.findIndex((m) => m.role !== "system");
  if (firstTurn >= 0 && messages[firstTurn]!.role !== "user") {
    ctx.addIssue({
      code: "custom",
      path: ["messages", firstTurn],
      message: "the first turn must be a user turn",
    });
    firstTurn = -1;
  }
  messages.forEach((m, i) => {
    if (m.role === "user" || m.role === "assistant") {
      checkPlaceholders(m.content ?? "", ["messages", i, "content"], seen, ctx);
    }
    if (m.role === "user") {
      const next = messages.slice(i + 1).find((n) => n.role !== "tool");
      if (next?.role !== "assistant") {
        ctx.addIssue({
          code: "custom",
          path: ["messages", i],
          message: "a user turn must be answered by at least one assistant turn",
        });
      }
    }
    if (m.role === "system" && i > 0 && messages[i - 1]!.role !== "system") {
      ctx.addIssue({
        code: "custom",
        path: ["messages", i],
        message: "system messages go before every other turn",
      });
    }
    if (m.role !== "assistant") return;
    if (!m.tool_calls && (m.content === undefined || m.content === null || m.content === "")) {
      ctx.addIssue({
        code: "custom",
        path: ["messages", i],
        message: "an assistant turn needs content or tool_calls",
      });
    }
    m.tool_calls?.forEach((call, j) => {
      const here = ["messages", i, "tool_calls", j];
      if (seen.has(call.id)) {
        ctx.addIssue({
          code: "custom",
          path: [...here, "id"],
          message: `duplicate tool call id "${call.id}"`,
        });
      }
      if (call.function.name === FIND_TOOLS && fixture.toolkit.dynamic !== true) {
        ctx.addIssue({
          code: "custom",
          path: [...here, "function", "name"],
          message: `${FIND_TOOLS} exists only in dynamic mode: set toolkit.dynamic`,
        });
      }
      checkPlaceholders(call.function.arguments, [...here, "function", "arguments"], seen, ctx);
      seen.set(call.id, i);
    });
  });

  const known = (id: string) => seen.has(id);
  const decided = new Set<string>();
  (fixture.human as HumanDecision[]).forEach((h, i) => {
    if (!known(h.call)) {
      ctx.addIssue({
        code: "custom",
        path: ["human", i, "call"],
        message: `no tool call has id "${h.call}"`,
      });
    } else if (callOf(messages, h.call)?.function.name !== "push-creative") {
      ctx.addIssue({
        code: "custom",
        path: ["human", i, "call"],
        message: `"${h.call}" is not a push-creative call; only an ACTIVE push asks a person`,
      });
    }
    if (decided.has(h.call)) {
      ctx.addIssue({
        code: "custom",
        path: ["human", i, "call"],
        message: `"${h.call}" already has a decision`,
      });
    }
    decided.add(h.call);
  });
  // These wait out the approval window; a native no-answer just ends the conversation.
  const slow = (fixture.human as HumanDecision[]).filter(
    (h) =>
      h.decision === "expired" || (h.decision === "no-answer" && fixture.toolkit.approval === "callback"),
  );
  if (
    slow.length > 0 &&
    (fixture.toolkit.approvalTtlMs === undefined || fixture.toolkit.approvalTtlMs > 2000)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["toolkit", "approvalTtlMs"],
      message: `a "${slow[0]!.decision}" decision waits out the approval window: set approvalTtlMs (at most 2000)`,
    });
  }
  if (typeof fixture.toolkit.accountId === "string") {
    checkPlaceholders(fixture.toolkit.accountId, ["toolkit", "accountId"], new Map(), ctx);
  }

  const expect = fixture.expect as Expectations;
  for (const key of ["blocked", "reads"] as const) {
    expect[key]?.forEach((entry, i) => {
      const call = (entry as { call?: string }).call;
      if (call !== undefined && !known(call)) {
        ctx.addIssue({
          code: "custom",
          path: ["expect", key, i, "call"],
          message: `no tool call has id "${call}"`,
        });
      }
    });
  }
  for (const key of ["state", "requests"] as const) {
    expect[key]?.forEach((entry, i) => {
      if (entry.count === undefined && entry.min === undefined && entry.max === undefined) {
        ctx.addIssue({ code: "custom", path: ["expect", key, i], message: "give count, min or max" });
      }
      if (entry.count !== undefined && (entry.min !== undefined || entry.max !== undefined)) {
        ctx.addIssue({
          code: "custom",
          path: ["expect", key, i],
          message: "give count, or min/max, not both",
        });
      }
    });
  }
  expect.requestIds?.forEach((entry, i) => {
    if (!catalog.find((def) => def.name === entry.tool)?.idField) {
      ctx.addIssue({
        code: "custom",
        path: ["expect", "requestIds", i, "tool"],
        message: `${entry.tool} takes no request id or idempotency key`,
      });
    }
  });
}

function callOf(messages: FixtureMessage[], id: string): ToolCall | undefined {
  for (const m of messages) {
    if (m.role !== "assistant") continue;
    const call = m.tool_calls?.find((c) => c.id === id);
    if (call) return call;
  }
  return undefined;
}

/** Placeholders must name a known root, and `results.<id>` an earlier call. */
function checkPlaceholders(
  value: unknown,
  path: (string | number)[],
  earlier: Map<string, number>,
  ctx: Ctx,
): void {
  if (typeof value === "string") {
    for (const match of value.matchAll(PLACEHOLDER)) {
      const parts = match[1]!.split(".");
      const root = parts[0]!;
      if (!ROOTS.has(root)) {
        ctx.addIssue({
          code: "custom",
          path,
          message: `placeholder {{${match[1]}}} must start with ${[...ROOTS].join(", ")}`,
        });
      } else if (root === "results" && (parts[1] === undefined || !earlier.has(parts[1]))) {
        ctx.addIssue({
          code: "custom",
          path,
          message: `placeholder {{${match[1]}}} must name a tool call of an earlier turn`,
        });
      }
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      checkPlaceholders(item, [...path, i], earlier, ctx);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) checkPlaceholders(item, [...path, key], earlier, ctx);
  }
}

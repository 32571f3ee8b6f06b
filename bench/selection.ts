import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getTool } from "../src/tools/index.js";
import { searchTools } from "../src/tools/search.js";
import { PHRASINGS, type Phrasing } from "./phrasings.js";

// The selection bench's cases and measure, shared by bench/tool-selection.ts and its test.

const CONVERSATIONS = join(dirname(fileURLToPath(import.meta.url)), "../evals/conversations");

interface Turn {
  role: string;
  content?: string | null;
  tool_calls?: { function: { name: string } }[];
}
interface Conversation {
  id: string;
  messages: Turn[];
  toolkit?: { include?: string[]; readOnly?: boolean };
}

/** A case of the bench: a request, the tools it needs, and where it comes from. */
export interface SelectionCase extends Phrasing {
  source: string;
}

// Calls a scripted model makes only because a prompt injection it read told it to.
const INJECTED: Record<string, readonly string[]> = {
  "c24-injection-in-competitor-ads": ["get-skill"],
};

/**
 * The first user turn of every eval conversation, with the tools the scripted assistant calls in
 * answer to it. Left out of those: tools the conversation's toolkit does not offer (called to show
 * the refusal), calls a planted instruction ordered, and `list-accounts` next to other tools (it
 * only looks up an id).
 */
export function conversationCases(dir = CONVERSATIONS): SelectionCase[] {
  const cases: SelectionCase[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const conversation = JSON.parse(readFileSync(join(dir, file), "utf8")) as Conversation;
    const { messages } = conversation;
    const first = messages.findIndex((m) => m.role === "user");
    if (first < 0) continue;
    const called: string[] = [];
    for (const turn of messages.slice(first + 1)) {
      if (turn.role === "user") break;
      for (const call of turn.tool_calls ?? []) called.push(call.function.name);
    }
    const offered = (name: string) => {
      const def = getTool(name);
      if (!def || def.disabled || name === "find-tools") return false;
      const { include, readOnly } = conversation.toolkit ?? {};
      if (include && !include.includes(name) && !include.includes(def.group)) return false;
      return !(readOnly && def.effect !== "read" && def.effect !== "calculator");
    };
    const injected = INJECTED[conversation.id] ?? [];
    let needs = [...new Set(called)].filter((name) => offered(name) && !injected.includes(name));
    if (needs.length > 1) needs = needs.filter((name) => name !== "list-accounts");
    if (needs.length === 0) continue;
    cases.push({ text: messages[first]!.content ?? "", needs, source: conversation.id });
  }
  return cases;
}

/** Every case: the eval conversations' first turns, then the written phrasings. */
export function selectionCases(): SelectionCase[] {
  return [...conversationCases(), ...PHRASINGS.map((p) => ({ ...p, source: "phrasings" }))];
}

/** How well searchTools finds what each case needs. */
export interface SelectionMeasure {
  cases: number;
  /** Mean share of a case's needed tools ranked in the top k. */
  recall: { 1: number; 3: number; 5: number };
  /** Share of cases with every needed tool in the top 5. */
  complete5: number;
  misses: { text: string; needs: readonly string[]; got: string[] }[];
}

export function measure(cases: readonly SelectionCase[]): SelectionMeasure {
  const recall = { 1: 0, 3: 0, 5: 0 };
  let complete = 0;
  const misses: SelectionMeasure["misses"] = [];
  for (const c of cases) {
    const got = searchTools(c.text, { limit: 5 });
    for (const k of [1, 3, 5] as const) {
      const top = new Set(got.slice(0, k));
      recall[k] += c.needs.filter((n) => top.has(n)).length / c.needs.length;
    }
    if (c.needs.every((n) => got.includes(n))) complete++;
    else misses.push({ text: c.text, needs: c.needs, got });
  }
  const n = Math.max(1, cases.length);
  return {
    cases: cases.length,
    recall: { 1: recall[1] / n, 3: recall[3] / n, 5: recall[5] / n },
    complete5: complete / n,
    misses,
  };
}

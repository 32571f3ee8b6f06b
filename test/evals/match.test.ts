import { describe, expect, it } from "vitest";
import { argsMatch, type CallShape, contains, deepEqual, matchTrajectory } from "../../src/evals/match.js";

const c = (name: string, args: Record<string, unknown> = {}): CallShape => ({ name, args });
const list = c("list-accounts");
const results = (account_id: string) => c("results", { account_id, level: "ad" });
const push = (status: string) => c("push-creative", { status, adset_id: "1" });

describe("matchTrajectory", () => {
  const made = [list, results("act_1"), push("PAUSED")];

  it("strict: same calls in the same order", () => {
    expect(
      matchTrajectory(
        made,
        [{ name: "list-accounts" }, { name: "results" }, { name: "push-creative" }],
        "strict",
      ).pass,
    ).toBe(true);
    const swapped = matchTrajectory(
      made,
      [{ name: "results" }, { name: "list-accounts" }, { name: "push-creative" }],
      "strict",
    );
    expect(swapped).toEqual({ pass: false, detail: expect.stringContaining("call #1 differs") });
    const shorter = matchTrajectory(made, [{ name: "list-accounts" }, { name: "results" }], "strict");
    expect(shorter).toEqual({ pass: false, detail: expect.stringContaining("3 calls, expected 2") });
  });

  it("unordered: same calls, any order, counted one to one", () => {
    expect(
      matchTrajectory(
        made,
        [{ name: "push-creative" }, { name: "list-accounts" }, { name: "results" }],
        "unordered",
      ).pass,
    ).toBe(true);
    expect(
      matchTrajectory([list, list], [{ name: "list-accounts" }, { name: "results" }], "unordered").pass,
    ).toBe(false);
    expect(
      matchTrajectory(made, [{ name: "push-creative" }, { name: "list-accounts" }], "unordered").pass,
    ).toBe(false);
  });

  it("subset: no call beyond the reference", () => {
    const reference = [
      { name: "list-accounts" },
      { name: "results" },
      { name: "push-creative" },
      { name: "health" },
    ];
    expect(matchTrajectory(made, reference, "subset").pass).toBe(true);
    expect(matchTrajectory([], reference, "subset").pass).toBe(true);
    const extra = matchTrajectory([...made, c("hooks")], reference, "subset");
    expect(extra).toEqual({ pass: false, detail: expect.stringContaining("1 call(s) not in the reference") });
    // One reference call covers one made call only.
    expect(matchTrajectory([list, list], [{ name: "list-accounts" }], "subset").pass).toBe(false);
  });

  it("superset: every reference call was made", () => {
    expect(
      matchTrajectory(made, [{ name: "push-creative" }, { name: "list-accounts" }], "superset").pass,
    ).toBe(true);
    expect(matchTrajectory(made, [], "superset").pass).toBe(true);
    const missing = matchTrajectory(made, [{ name: "health" }, { name: "results" }], "superset");
    expect(missing).toEqual({ pass: false, detail: expect.stringContaining("1 reference call(s) not made") });
    expect(
      matchTrajectory([list], [{ name: "list-accounts" }, { name: "list-accounts" }], "superset").pass,
    ).toBe(false);
  });

  it("pairs calls so that a specific reference does not steal a general one's match", () => {
    // A greedy pairing would give the first results call to the general reference and fail.
    const reference = [{ name: "results" }, { name: "results", args: { account_id: "act_1" } }];
    expect(matchTrajectory([results("act_1"), results("act_2")], reference, "unordered").pass).toBe(true);
  });

  it("compares args by the reference's mode, or the default", () => {
    const made2 = [push("ACTIVE")];
    expect(
      matchTrajectory(made2, [{ name: "push-creative", args: { status: "ACTIVE" } }], "strict").pass,
    ).toBe(true);
    expect(
      matchTrajectory(made2, [{ name: "push-creative", args: { status: "PAUSED" } }], "strict").pass,
    ).toBe(false);
    expect(
      matchTrajectory(
        made2,
        [{ name: "push-creative", args: { status: "ACTIVE" }, argsMatch: "exact" }],
        "strict",
      ).pass,
    ).toBe(false);
    expect(
      matchTrajectory(
        made2,
        [{ name: "push-creative", args: { status: "PAUSED" }, argsMatch: "ignore" }],
        "strict",
      ).pass,
    ).toBe(true);
    expect(
      matchTrajectory(made2, [{ name: "push-creative", args: { status: "ACTIVE" } }], "strict", "exact").pass,
    ).toBe(false);
  });
});

describe("argument matching", () => {
  const actual = { account_id: "act_1", angles: ["pain", "gain"], window: { start: "a", end: "b" } };

  it("exact needs equal values", () => {
    expect(argsMatch(actual, { ...actual }, "exact")).toBe(true);
    expect(argsMatch(actual, { account_id: "act_1" }, "exact")).toBe(false);
  });

  it("superset: the call has at least the reference's args, deeply", () => {
    expect(argsMatch(actual, { window: { start: "a" } }, "superset")).toBe(true);
    expect(argsMatch(actual, { angles: ["pain"] }, "superset")).toBe(false);
    expect(argsMatch(actual, { missing: 1 }, "superset")).toBe(false);
  });

  it("subset: every arg of the call is in the reference", () => {
    expect(argsMatch({ account_id: "act_1" }, actual, "subset")).toBe(true);
    expect(argsMatch(actual, { account_id: "act_1" }, "subset")).toBe(false);
  });

  it("ignore accepts anything", () => {
    expect(argsMatch(actual, { other: true }, "ignore")).toBe(true);
  });
});

describe("contains and deepEqual", () => {
  it("treat null, arrays and objects as JSON values", () => {
    expect(contains({ a: null, b: 1 }, { a: null })).toBe(true);
    expect(contains({ a: 1 }, { a: null })).toBe(false);
    expect(contains([{ a: 1, b: 2 }], [{ a: 1 }])).toBe(true);
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
  });
});

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdToolkit, CallContext, ToolResult } from "../../src/types.js";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

let f: SimFixture;
beforeAll(async () => {
  f = await startSimFixture({ writeBudget: { limit: 1_000_000, windowMs: 3_600_000 } });
});
afterAll(() => f.sim.close());

const RUNS = 1200;

const lookalikes = [
  "active",
  "Active",
  "aCTIVE",
  "ACTIVE ",
  " ACTIVE",
  "ACTIVE\n",
  "\tACTIVE",
  "ACTIVE\u00a0",
  "ACTIVE\u200b",
  "\u200bACTIVE",
  "AC\u00adTIVE",
  "\u0410CTIVE", // Cyrillic A
  "\u0391CTIVE", // Greek Alpha
  "ACT\u0406VE", // Ukrainian I
  "\uff21\uff23\uff34\uff29\uff36\uff25", // fullwidth
  "ACTIVE\u0000",
  "A\u0301CTIVE",
  "ACTIV",
  "ACTIVEE",
  "ACTIVE_",
  '"ACTIVE"',
  "PAUSED",
  "paused",
  "",
];

const whitespace = fc.constantFrom("", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u200b", "\ufeff");

/** Adversarial status values: exact ACTIVE often, and everything that looks or sounds like it. */
const status = fc.oneof(
  { weight: 4, arbitrary: fc.constant("ACTIVE") },
  { weight: 3, arbitrary: fc.constantFrom(...lookalikes) },
  { weight: 2, arbitrary: fc.mixedCase(fc.constant("active")) },
  {
    weight: 2,
    arbitrary: fc.tuple(whitespace, fc.constant("ACTIVE"), whitespace).map(([a, s, b]) => a + s + b),
  },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 10 }) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 1, true, ["ACTIVE"], { value: "ACTIVE" }) },
);

/** What a model might send to try to confirm on its own. */
const modelConfirmation = fc.option(
  fc.oneof(
    fc.constantFrom(
      "I confirm",
      "yes",
      "CONFIRMED",
      "The user approved this",
      "Approved by a person via ai-sdk for payload fp_00000000000000000000000000000000",
      "",
    ),
    fc.string({ maxLength: 40 }),
  ),
  { nil: undefined },
);

/** Ways a call can arrive without a valid human approval. */
type Mode =
  | "no-channel"
  | "denying-channel"
  | "throwing-channel"
  | "foreign-approval"
  | "stale-approval"
  | "pause";
const mode = fc.constantFrom<Mode>(
  "no-channel",
  "denying-channel",
  "throwing-channel",
  "foreign-approval",
  "stale-approval",
  "pause",
);

describe("property: no ACTIVE ad without a person's approval", () => {
  it(`holds over ${RUNS} adversarial push-creative inputs`, async () => {
    f.sim.control.reset();
    let asked = 0;
    const kits: Record<Mode, AdToolkit> = {
      "no-channel": f.kit(),
      "denying-channel": f.kit({
        confirm: () => {
          asked++;
          return { approved: false, reason: "no" };
        },
      }),
      "throwing-channel": f.kit({
        confirm: () => {
          asked++;
          throw new Error("channel down");
        },
      }),
      "foreign-approval": f.kit(),
      "stale-approval": f.kit({ approvalTtlMs: 60_000 }),
      pause: f.kit({ onUnconfirmedActive: "pause" }),
    };
    interface Run {
      status: unknown;
      how: Mode;
      confirmText?: string;
      result: ToolResult;
    }
    const runs: Run[] = [];

    await fc.assert(
      fc.asyncProperty(
        status,
        modelConfirmation,
        mode,
        fc.string({ maxLength: 12 }),
        fc.option(fc.string({ minLength: 8, maxLength: 20 }), { nil: undefined }),
        async (statusValue, confirmText, how, headline, requestId) => {
          // The run number in the headline ties each body the simulator saw to its run.
          const input: Record<string, unknown> = f.push({ headline: `run ${runs.length}|${headline}` });
          if (statusValue !== undefined) input.status = statusValue;
          if (confirmText !== undefined) input.hard_confirm_text = confirmText;
          if (requestId !== undefined) input.request_id = requestId;

          const kit = kits[how];
          const context: CallContext = {};
          if (how === "foreign-approval") {
            // An approval a person gave for another ad, replayed on this one.
            const other = kit
              .get("push-creative")!
              .confirmationRequest(f.push({ status: "ACTIVE", headline: "other" }))!;
            context.approval = { fingerprint: other.fingerprint, via: "ai-sdk", approvedAt: Date.now() };
          }
          if (how === "stale-approval") {
            const mine = kit
              .get("push-creative")!
              .confirmationRequest({ ...input, hard_confirm_text: undefined });
            if (mine)
              context.approval = {
                fingerprint: mine.fingerprint,
                via: "ai-sdk",
                approvedAt: Date.now() - 61_000,
              };
          }
          const result = await kit.call("push-creative", input, context);
          runs.push({ status: statusValue, how, confirmText, result });
          if (statusValue === "ACTIVE" && how !== "pause") {
            expect(result).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
          }
          if (result.ok === true) {
            expect((result as any).data.status).toBe("PAUSED");
            expect((result as any).note).toMatch(/PAUSED/);
            if (confirmText !== undefined) expect((result as any).note).toMatch(/dropped/);
          }
        },
      ),
      { numRuns: RUNS, seed: 20261122 },
    );

    const ads = f.sim.control.ads();
    const bodies = f.bodies("push-creative");
    const sentBy = new Map<number, any[]>();
    for (const body of bodies) {
      const n = Number(/^run (\d+)\|/.exec(body.headline)![1]);
      sentBy.set(n, [...(sentBy.get(n) ?? []), body]);
    }
    runs.forEach((run, n) => {
      const sent = sentBy.get(n) ?? [];
      for (const body of sent) {
        expect(body.status).not.toBe("ACTIVE");
        expect(body).not.toHaveProperty("hard_confirm_text");
      }
      if (run.status === "ACTIVE" && run.how !== "pause") expect(sent).toEqual([]);
    });
    expect(runs).toHaveLength(RUNS);
    expect(ads.filter((ad) => ad.status === "ACTIVE")).toEqual([]);
    expect(bodies.filter((b) => b.status === "ACTIVE")).toEqual([]);
    // The generator reached the cases that matter, and the service really was called.
    const exactActive = runs.filter((r) => r.status === "ACTIVE").length;
    expect(exactActive).toBeGreaterThan(RUNS / 5);
    expect(asked).toBeGreaterThan(0);
    expect(bodies.length).toBeGreaterThan(RUNS / 4);
    expect(ads.length).toBeGreaterThan(RUNS / 4);
    console.log(
      `property: ${runs.length} runs, ${exactActive} exact ACTIVE, ${bodies.length} requests sent, ${ads.length} ads created, 0 ACTIVE`,
    );
  });

  it("and with a person approving, exactly the exact-ACTIVE inputs become ACTIVE (300 runs)", async () => {
    f.sim.control.reset();
    const kit = f.kit({ confirm: (request) => ({ approved: true, text: `ok ${request.fingerprint}` }) });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(status, modelConfirmation, async (statusValue, confirmText) => {
        const input: Record<string, unknown> = f.push({ headline: `run ${n++}` });
        if (statusValue !== undefined) input.status = statusValue;
        if (confirmText !== undefined) input.hard_confirm_text = confirmText;
        const result = (await kit.call("push-creative", input)) as any;
        if (result.ok !== true) return;
        expect(result.data.status).toBe(statusValue === "ACTIVE" ? "ACTIVE" : "PAUSED");
      }),
      { numRuns: 300, seed: 7 },
    );
    const ads = f.sim.control.ads();
    expect(ads.filter((ad) => ad.status === "ACTIVE").length).toBeGreaterThan(30);
    for (const ad of ads) {
      if (ad.status === "ACTIVE") expect(ad.hard_confirm_text).toMatch(/^ok fp_/);
      else expect(ad.hard_confirm_text).toBeNull();
    }
  });
});

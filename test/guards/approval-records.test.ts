import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  answeredRecord,
  approvalFromRecord,
  askedRecord,
  isApprovalRecord,
  RECORD_ALTERED,
  RECORD_CHANGED,
} from "../../src/guards/approval-records.js";

const SECRET = "a-secret-the-host-keeps-out-of-the-state";
const FP = "fp-asked";

describe("approval records of a paused run", () => {
  it("an answered record gives the person's approval of the payload asked about, from the time of the ask", () => {
    const asked = askedRecord(FP, "call-1", SECRET);
    const answered = answeredRecord(asked, "call-1", { fingerprint: FP, text: "Yes, launch it" }, SECRET)!;
    expect(approvalFromRecord(answered, "call-1", SECRET, "host")).toEqual({
      approval: {
        fingerprint: FP,
        via: "host",
        id: `host:call-1:${FP}`,
        approvedAt: asked.askedAt,
        text: "Yes, launch it",
      },
    });
  });

  it("an approval of another payload than the one asked about is refused", () => {
    const answered = answeredRecord(askedRecord(FP, "c", SECRET), "c", { fingerprint: "fp-other" }, SECRET)!;
    expect(approvalFromRecord(answered, "c", SECRET, "host")).toEqual({ note: RECORD_CHANGED });
  });

  it("a record moved to another call, or signed with another secret, is refused and never signed over", () => {
    const asked = askedRecord(FP, "call-1", SECRET);
    expect(approvalFromRecord(asked, "call-2", SECRET, "host")).toEqual({ note: RECORD_ALTERED });
    expect(approvalFromRecord(asked, "call-1", "another secret", "host")).toEqual({ note: RECORD_ALTERED });
    expect(answeredRecord(asked, "call-2", { fingerprint: FP }, SECRET)).toBeUndefined();
    expect(answeredRecord({ fingerprint: FP }, "call-1", { fingerprint: FP }, SECRET)).toBeUndefined();
  });

  it("any edit of a signed record's fields is refused", () => {
    const answered = answeredRecord(
      askedRecord(FP, "c", SECRET),
      "c",
      { fingerprint: FP, text: "ok" },
      SECRET,
    )!;
    fc.assert(
      fc.property(
        fc.constantFrom(
          "fingerprint",
          "askedAt",
          "approved.fingerprint",
          "approved.at",
          "approved.text",
          "sig",
        ),
        fc.oneof(fc.string(), fc.integer()),
        (field, value) => {
          const edited = structuredClone(answered) as unknown as Record<string, Record<string, unknown>>;
          const [outer, inner] = field.split(".") as [string, string | undefined];
          const before = JSON.stringify(edited);
          if (inner === undefined) (edited as Record<string, unknown>)[outer] = value;
          else edited[outer]![inner] = value;
          fc.pre(JSON.stringify(edited) !== before);
          if (!isApprovalRecord(edited)) return;
          const read = approvalFromRecord(edited, "c", SECRET, "host");
          expect(read).toHaveProperty("note");
        },
      ),
    );
  });

  it("without a secret, records carry no signature and an empty sentence is no sentence", () => {
    const asked = askedRecord(FP, "c", undefined);
    expect(asked).not.toHaveProperty("sig");
    const answered = answeredRecord(asked, "c", { fingerprint: FP, text: "  " }, undefined)!;
    expect(answered.approved).not.toHaveProperty("text");
    const read = approvalFromRecord(answered, "c", undefined, "host");
    expect(read).toHaveProperty("approval");
    expect((read as { approval: object }).approval).not.toHaveProperty("text");
  });

  it("recognises only well-formed records", () => {
    for (const junk of [
      null,
      1,
      "x",
      {},
      { fingerprint: FP },
      { fingerprint: FP, askedAt: 1, approved: null },
    ]) {
      expect(isApprovalRecord(junk)).toBe(false);
    }
    expect(isApprovalRecord({ fingerprint: FP, askedAt: 1 })).toBe(true);
  });
});

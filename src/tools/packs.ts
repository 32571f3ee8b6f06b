import type { ToolDefinition } from "./define.js";
import { offeredTools } from "./index.js";

/** The named packs: small tool sets for one kind of work, selected with `createAdTools({ pack })`. */
export type PackName =
  | "analyst"
  | "creative"
  | "publisher"
  | "experiments"
  | "briefs"
  | "monitoring"
  | "sources";

/** What a pack is for, and its tools (service names, or a group A..F for all of it). */
export interface PackDefinition {
  readonly name: PackName;
  readonly summary: string;
  readonly tools: readonly string[];
}

const groupTools = (group: ToolDefinition["group"]) =>
  offeredTools.filter((def) => def.group === group).map((def) => def.name);

/** Every pack, by name. A tool may sit in several packs; `emergency-recovery` is in none. */
export const PACKS: Readonly<Record<PackName, PackDefinition>> = deepFreeze({
  analyst: {
    name: "analyst",
    summary: "Account reads, benchmark calculators and expert skills (groups A and B). Reads only.",
    tools: [...groupTools("A"), ...groupTools("B")],
  },
  creative: {
    name: "creative",
    summary: "Copy, hooks, the creative library and the generation workflows of group C; publishes nothing.",
    tools: [
      "list-accounts",
      "ad-copy",
      "hooks",
      "save-creative",
      "creative-dna",
      "analyze-winning-ad",
      "url-to-ads",
      "multiply-winner",
      "competitor-creatives",
      "creative-matrix",
      "creative-loop",
    ],
  },
  publisher: {
    name: "publisher",
    summary:
      "What publishing one ad needs: the account and its ad sets, copy, the library and push-creative.",
    tools: ["list-accounts", "results", "ad-copy", "save-creative", "push-creative"],
  },
  // Group E as one pack would cost more than 2,000 tokens a request; it is two packs, and
  // `pack: ["experiments", "briefs"]` (or `include: ["E"]`) offers all of it.
  experiments: {
    name: "experiments",
    summary: "Experiments, test plans and learnings: the group E tools that test and record.",
    tools: [
      "preview-meta-test-plan",
      "approve-meta-test-plan",
      "create-experiment",
      "record-experiment-result",
      "assess-experiment",
      "record-result-interpretation",
      "list-learning",
      "propose-learning-memory",
      "review-learning-memory",
    ],
  },
  briefs: {
    name: "briefs",
    summary: "Creative briefs and the generation runs made from them: the rest of group E.",
    tools: [
      "create-creative-brief",
      "get-creative-brief",
      "edit-creative-brief",
      "approve-creative-brief",
      "revoke-creative-brief",
      "generate-from-brief",
      "generation-status",
      "resume-generation",
      "approve-generation-artifact",
      "reject-generation-artifact",
    ],
  },
  monitoring: {
    name: "monitoring",
    summary: "Competitor snapshots, change routines and alerts (group F).",
    tools: groupTools("F"),
  },
  sources: {
    name: "sources",
    summary: "Read-only queries of connected CRM and analytics sources (group D).",
    tools: groupTools("D"),
  },
});

function deepFreeze<T extends Record<string, PackDefinition>>(packs: T): T {
  for (const pack of Object.values(packs)) Object.freeze(Object.freeze(pack).tools);
  return Object.freeze(packs);
}

/** The pack names, in the order they are documented. */
export const PACK_NAMES = Object.keys(PACKS) as PackName[];

/** True when `name` names a pack. */
export const isPackName = (name: unknown): name is PackName =>
  typeof name === "string" && Object.hasOwn(PACKS, name);

import { fatigueAlerts } from "./account/fatigue-alerts.js";
import { health } from "./account/health.js";
import { listAccounts } from "./account/list-accounts.js";
import { results } from "./account/results.js";
import { winnerInsights } from "./account/winner-insights.js";
import { benchmarks } from "./calculators/benchmarks.js";
import { compare } from "./calculators/compare.js";
import { fatigue } from "./calculators/fatigue.js";
import { getSkill } from "./calculators/get-skill.js";
import { listSkills } from "./calculators/list-skills.js";
import { captureCompetitorSnapshot } from "./competitors/capture-competitor-snapshot.js";
import { createCompetitorChangeRoutine } from "./competitors/create-competitor-change-routine.js";
import { dismissCompetitorChangeAlert } from "./competitors/dismiss-competitor-change-alert.js";
import { findNoveltyCandidates } from "./competitors/find-novelty-candidates.js";
import { listCompetitorBoard } from "./competitors/list-competitor-board.js";
import { pauseCompetitorChangeRoutine } from "./competitors/pause-competitor-change-routine.js";
import { refreshCompetitorChangeRoutine } from "./competitors/refresh-competitor-change-routine.js";
import { resumeCompetitorChangeRoutine } from "./competitors/resume-competitor-change-routine.js";
import { adCopy } from "./creative/ad-copy.js";
import { analyzeWinningAd } from "./creative/analyze-winning-ad.js";
import { competitorCreatives } from "./creative/competitor-creatives.js";
import { creativeDna } from "./creative/creative-dna.js";
import { creativeLoop } from "./creative/creative-loop.js";
import { creativeMatrix } from "./creative/creative-matrix.js";
import { emergencyRecovery } from "./creative/emergency-recovery.js";
import { hooks } from "./creative/hooks.js";
import { multiplyWinner } from "./creative/multiply-winner.js";
import { pushCreative } from "./creative/push-creative.js";
import { saveCreative } from "./creative/save-creative.js";
import { urlToAds } from "./creative/url-to-ads.js";
import type { ToolDefinition, ToolGroup } from "./define.js";
import { approveCreativeBrief } from "./experiments/approve-creative-brief.js";
import { approveGenerationArtifact } from "./experiments/approve-generation-artifact.js";
import { approveMetaTestPlan } from "./experiments/approve-meta-test-plan.js";
import { assessExperiment } from "./experiments/assess-experiment.js";
import { createCreativeBrief } from "./experiments/create-creative-brief.js";
import { createExperiment } from "./experiments/create-experiment.js";
import { editCreativeBrief } from "./experiments/edit-creative-brief.js";
import { generateFromBrief } from "./experiments/generate-from-brief.js";
import { generationStatus } from "./experiments/generation-status.js";
import { getCreativeBrief } from "./experiments/get-creative-brief.js";
import { listLearning } from "./experiments/list-learning.js";
import { previewMetaTestPlan } from "./experiments/preview-meta-test-plan.js";
import { proposeLearningMemory } from "./experiments/propose-learning-memory.js";
import { recordExperimentResult } from "./experiments/record-experiment-result.js";
import { recordResultInterpretation } from "./experiments/record-result-interpretation.js";
import { rejectGenerationArtifact } from "./experiments/reject-generation-artifact.js";
import { resumeGeneration } from "./experiments/resume-generation.js";
import { reviewLearningMemory } from "./experiments/review-learning-memory.js";
import { revokeCreativeBrief } from "./experiments/revoke-creative-brief.js";
import { integrationsGetStatus } from "./sources/integrations-get-status.js";
import { integrationsIntelligenceReport } from "./sources/integrations-intelligence-report.js";
import { integrationsListConnections } from "./sources/integrations-list-connections.js";
import { integrationsQuery } from "./sources/integrations-query.js";

export { MATRIX_CAP } from "./creative/creative-matrix.js";
export type {
  ToolDefinition,
  ToolEffect,
  ToolGroup,
  ToolHints,
  ToolIdField,
  ToolPlan,
  ToolRules,
  TypedToolDefinition,
} from "./define.js";
export { defineTool, withRules } from "./define.js";

// The definitions with their names and fields in their types (what types `toolkit.call`).
const definitions = [
  listAccounts,
  results,
  health,
  winnerInsights,
  fatigueAlerts,
  benchmarks,
  compare,
  fatigue,
  listSkills,
  getSkill,
  adCopy,
  hooks,
  saveCreative,
  pushCreative,
  creativeDna,
  analyzeWinningAd,
  urlToAds,
  multiplyWinner,
  competitorCreatives,
  creativeMatrix,
  creativeLoop,
  emergencyRecovery,
  integrationsGetStatus,
  integrationsIntelligenceReport,
  integrationsListConnections,
  integrationsQuery,
  approveCreativeBrief,
  approveGenerationArtifact,
  approveMetaTestPlan,
  assessExperiment,
  createCreativeBrief,
  createExperiment,
  editCreativeBrief,
  generateFromBrief,
  generationStatus,
  getCreativeBrief,
  listLearning,
  previewMetaTestPlan,
  proposeLearningMemory,
  recordExperimentResult,
  recordResultInterpretation,
  rejectGenerationArtifact,
  resumeGeneration,
  reviewLearningMemory,
  revokeCreativeBrief,
  captureCompetitorSnapshot,
  createCompetitorChangeRoutine,
  dismissCompetitorChangeAlert,
  findNoveltyCandidates,
  listCompetitorBoard,
  pauseCompetitorChangeRoutine,
  refreshCompetitorChangeRoutine,
  resumeCompetitorChangeRoutine,
] as const;

/** A definition of the catalog, typed: its `name` a literal, its `input` the tool's own fields. */
export type CatalogDefinition = (typeof definitions)[number];

/** Every tool of the service in spec order: 52 offered plus the disabled `emergency-recovery`. */
export const catalog: readonly ToolDefinition[] = definitions;

/** The tools a model may be offered: every tool but the disabled ones. */
export const offeredTools: readonly ToolDefinition[] = catalog.filter((t) => !t.disabled);

const byName = new Map(catalog.map((t) => [t.name, t]));

/** The definition of a tool by its service name. */
export function getTool(name: string): ToolDefinition | undefined {
  return byName.get(name);
}

/** The tool groups, A to F. */
export const TOOL_GROUPS: readonly ToolGroup[] = ["A", "B", "C", "D", "E", "F"];

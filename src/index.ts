export {
  AWAIT_APPROVAL,
  AWAIT_APPROVAL_SCHEMA,
  type AwaitApprovalDefinition,
  type AwaitRunOptions,
  awaitApprovalInput,
  awaitApprovalTool,
  runAwaitApproval,
} from "./await-approval.js";
export type { AdDispatcher } from "./client/http.js";
export type { AdClient, ClientOptions } from "./client/index.js";
export { createClient } from "./client/index.js";
export type { Outcome, RateLimitInfo } from "./client/outcome.js";
export {
  type ActiveToolSession,
  createToolDiscovery,
  type DiscoveryOptions,
  FIND_TOOLS,
  type FindOutcome,
  type FindToolsDefinition,
  type ToolDiscovery,
} from "./discovery.js";
export type { McpDoorOptions, McpDoorToolkit } from "./door-toolkit.js";
export {
  type CustomRule,
  type MoneyRules,
  parseRules,
  parseRulesJson,
  type RuleCallInfo,
  RulesError,
  type RulesFile,
  type RuleVerdict,
} from "./guards/rules/schema.js";
export type {
  ApprovedPlan,
  AskManyOptions,
  PlanChannel,
  PlanOutcome,
  PlanRequest,
  RefusedPlan,
} from "./plan-types.js";
export { MAX_PLAN_PAYLOADS } from "./plans.js";
export type { AdStore } from "./store/index.js";
export { memoryStore, StoreError } from "./store/index.js";
export { createAdTools } from "./toolkit.js";
export type { ToolMapEntry, UpstreamToolMap } from "./upstream/index.js";

/**
 * The guarded toolkit on the service's MCP door (OAuth sign-in from `adrails login`): the door's
 * catalog, each tool with the guards of the known tool it maps to, or a person's approval for
 * every call of a tool adrails does not know. Pass it to any adapter or `createMcpServer`.
 */
export async function connectAdTools(
  options: import("./door-toolkit.js").McpDoorOptions,
): Promise<import("./door-toolkit.js").McpDoorToolkit> {
  return (await import("./door-toolkit.js")).connectAdTools(options);
}
export type {
  AdAccount,
  AdSkill,
  AdToolData,
  AdToolDataMap,
  AdToolInput,
  AdToolName,
  CreatedAd,
} from "./tool-types.js";
export type {
  ToolDefinition,
  ToolEffect,
  ToolGroup,
  ToolHints,
  ToolIdField,
  ToolPlan,
} from "./tools/index.js";
export { catalog, getTool, offeredTools, TOOL_GROUPS } from "./tools/index.js";
export { PACK_NAMES, PACKS, type PackDefinition, type PackName } from "./tools/packs.js";
export { type SearchToolsOptions, searchTools } from "./tools/search.js";
export type {
  AdTool,
  AdToolkit,
  AdToolsOptions,
  ApprovalAnswer,
  ApprovalDesk,
  ApprovalRequest,
  AskWhere,
  AuditEvent,
  AwaitApprovalOptions,
  AwaitProgress,
  CallContext,
  CallSummary,
  CatalogToolkit,
  ConfirmChannel,
  ConfirmDecision,
  ConfirmRequest,
  ConfirmSummary,
  DeskDecision,
  DeskRequester,
  GuardName,
  HumanApproval,
  HumanDenial,
  PendingApprovalsPage,
  PreviousLive,
  RuleDecision,
  ToolResult,
} from "./types.js";

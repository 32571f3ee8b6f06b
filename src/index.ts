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
export type { AdStore } from "./store/index.js";
export { memoryStore, StoreError } from "./store/index.js";
export { createAdTools } from "./toolkit.js";
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
  ApprovalRequest,
  AskWhere,
  AuditEvent,
  CallContext,
  CallSummary,
  ConfirmChannel,
  ConfirmDecision,
  ConfirmRequest,
  ConfirmSummary,
  GuardName,
  HumanApproval,
  HumanDenial,
  ToolResult,
} from "./types.js";

export {
  type AskLedger,
  answerRequest,
  approvalRequest,
  askSlot,
  needsPerson,
  type RedeemedCall,
  type RedeemOptions,
  type RequestPlace,
  readAnswer,
  redeemAnswer,
  redeemApproval,
} from "./approval/index.js";
export {
  type ApprovalLedger,
  approvalRequestId,
  type BoundDecision,
  bindDecision,
  type Confirmation,
  confirmationText,
  memoryApprovalLedger,
  type PendingConfirmation,
  sentence,
} from "./approvals.js";
export { type DecisionLog, decide, type GuardDecision, safely } from "./audit.js";
export {
  askChannel,
  type ChannelAnswer,
  CONFIRM_TOOL,
  denialOf,
  needsHardConfirmation,
} from "./confirmation.js";
export { type Conflict, classifyConflict } from "./conflicts.js";
export { canonicalJson, digest, fingerprint, retryKeys } from "./fingerprint.js";
export { DEFAULT_MAX_RESULT_CHARS, toModelText } from "./model-text.js";
export { creativeLoopNote, type PushStatus, pushNote, runKeyNote } from "./notes.js";
export { type PartialSplit, splitPartial } from "./partial.js";
export {
  type CallPipeline,
  createCallPipeline,
  type PipelineOptions,
  type Prepared,
  prepare,
} from "./pipeline.js";
export {
  createRequestIds,
  type DerivedId,
  ID_PREFIX,
  type IdLedger,
  isDefinitiveRefusal,
  mayHaveApplied,
  memoryIdLedger,
  type RequestIds,
  STATE_TARGETS,
  targetOf,
} from "./request-ids.js";
export { blocked, joinNotes, type ShapeContext, shapeOutcome } from "./results.js";
export {
  isReadOnly,
  outOfScope,
  type ScopeOptions,
  scopeRefusal,
  selectTools,
  takesAccount,
} from "./scope.js";
export { redactDeep } from "./secrets.js";
export { CONFIRM_FIELD, modelSchema, type Validated, validate } from "./validation.js";

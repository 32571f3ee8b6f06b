export { type DecisionLog, decide, type GuardDecision, safely } from "./audit.js";
export {
  type Approvals,
  approvalStatement,
  askChannel,
  CONFIRM_TOOL,
  type Confirmation,
  confirmRequest,
  createApprovals,
  denialOf,
  needsHardConfirmation,
} from "./confirmation.js";
export { type Conflict, classifyConflict } from "./conflicts.js";
export { canonicalJson, digest, fingerprint, retryKeys } from "./fingerprint.js";
export { DEFAULT_MAX_RESULT_CHARS, toModelText } from "./model-text.js";
export { creativeLoopNote, type PushStatus, pushNote, runKeyNote } from "./notes.js";
export { type PartialSplit, splitPartial } from "./partial.js";
export {
  type CheckedId,
  checkGivenId,
  createRequestIds,
  type DerivedId,
  ID_PREFIX,
  isDefinitiveRefusal,
  mayHaveApplied,
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

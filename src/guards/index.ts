export { type DecisionLog, decide, type GuardDecision, safely } from "./audit.js";
export {
  type Approvals,
  approvalStatement,
  askChannel,
  CONFIRM_TOOL,
  type Confirmation,
  confirmRequest,
  createApprovals,
  needsHardConfirmation,
} from "./confirmation.js";
export { type Conflict, classifyConflict } from "./conflicts.js";
export { canonicalJson, digest, fingerprint, retryKeys } from "./fingerprint.js";
export { DEFAULT_MAX_RESULT_CHARS, toModelText } from "./model-text.js";
export { type PartialSplit, splitPartial } from "./partial.js";
export {
  type CheckedId,
  checkGivenId,
  createRequestIds,
  type DerivedId,
  ID_PREFIX,
  isDefinitiveRefusal,
  type RequestIds,
} from "./request-ids.js";
export { blocked, joinNotes, type ShapeContext, shapeOutcome } from "./results.js";
export {
  isReadOnly,
  modelDescription,
  outOfScope,
  type ScopeOptions,
  scopeRefusal,
  selectTools,
  takesAccount,
} from "./scope.js";
export { redactDeep } from "./secrets.js";
export { CONFIRM_FIELD, modelSchema, type Validated, validate } from "./validation.js";

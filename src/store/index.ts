export type {
  AnswerFor,
  AnswerRefusal,
  AnswersResult,
  ApprovalRecord,
  ApprovalRecordInput,
  ApprovalRecords,
  NamedLive,
  PendingPage,
  RecordedAnswer,
  RedeemRefusal,
} from "./approval-records.js";
export type { CountView, RuleCountStore } from "./counts.js";
export { defaultStore, memoryStore } from "./memory.js";
export type { PasskeyCounterStore } from "./passkey-counters.js";
export { processStore, recordedInProcess } from "./process.js";
export { keyIdentity, keyScoped } from "./scoped.js";
export type { AdStore, BudgetView, RateGrant, RateHeard, RateRule, RateView } from "./types.js";
export { StoreError } from "./types.js";

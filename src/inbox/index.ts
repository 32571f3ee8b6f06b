export type {
  PasskeyAssertion,
  PasskeyCredential,
  PasskeyEnrolment,
  PasskeyPolicy,
  PasskeyRp,
} from "../guards/approval/passkey.js";
export { type InboxApprovalsOptions, type InboxToolkitOptions, inboxApprovals } from "./approvals.js";
export { type AuditMirror, auditTo, fileAudit, memoryAudit, mirrorAudit } from "./audit.js";
export { type TrailCheck, type TrailCheckOptions, type TrailProblem, verifyTrail } from "./audit-verify.js";
export { type InboxDeskOptions, inboxDesk } from "./desk.js";
export { createInboxHandler, type InboxHandler, type InboxHandlerOptions } from "./handler.js";
export { type AskResult, createInbox, type Inbox, type InboxOptions, type PersonDecision } from "./inbox.js";
export { fetchPinnedInboxKey, PIN_FILE, type PinnedKeyOptions, publicKeysFromText } from "./key-pin.js";
export {
  type AgentInboxInterrupt,
  type AgentInboxResponse,
  agentInboxInterrupt,
  fromAgentInboxResponse,
} from "./langgraph.js";
export { memoryQueue } from "./memory-queue.js";
export {
  createNotifier,
  type Notifier,
  type NotifyEvent,
  type NotifyEventName,
  type NotifyFormat,
  type NotifyOptions,
  slackText,
} from "./notify.js";
export { signature as notifySignature } from "./notify-send.js";
export { newApprover, type People, PeopleFileError, type Person, parsePeople } from "./people.js";
export { type InboxPlansOptions, inboxPlans, settlePlan } from "./plans.js";
export type { InboxRedisOptions } from "./redis-connection.js";
export { redisInbox } from "./redis-queue.js";
export {
  type DecisionClaims,
  fetchInboxKey,
  generateInboxKey,
  type InboxKey,
  inboxKeyFile,
  privateKeyFromText,
  publicKeyFromText,
} from "./signing.js";
export type * from "./types.js";
export {
  type SeenIds,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookCheck,
  webhookHeaders,
  webhookSignature,
} from "./webhook.js";

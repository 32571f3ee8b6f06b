// The approval model, one rule for every channel: an approval request for one call, a person's
// answer to it, and its redemption once, fleet-wide. Channels (adapters, the MCP server, the CLI,
// the inbox) use what is exported here and nothing else of src/guards.
export {
  type BoundDecision,
  bindDecision,
  confirmationText,
  type PendingConfirmation,
} from "../approvals.js";
export { askChannel } from "../confirmation.js";
export { answerRequest, readAnswer } from "./answer.js";
export {
  type AskLedger,
  askSlot,
  type RedeemedCall,
  type RedeemOptions,
  redeemAnswer,
  redeemApproval,
} from "./redeem.js";
export { approvalRequest, needsPerson, type RequestPlace } from "./request.js";

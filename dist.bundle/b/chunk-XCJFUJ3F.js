import {
  clampNote
} from "./chunk-YHBHRAZ2.js";
import {
  blocked
} from "./chunk-36ISPG4H.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/await-approval.js
import { z } from "zod";
var AWAIT_APPROVAL = "await-approval";
var DESCRIPTION = `Wait for a person's decision on a call that returned ok: "pending", and get that call's result. Pass its approval_id. Returns the result once approved, the decline, or pending again: then call again.`;
var awaitApprovalInput = z.object({
  approval_id: z.string().describe('The approval_id of the pending result ("apr_...").'),
  wait_s: z.number().optional().describe("How long to wait for the decision, in seconds (1 to 50, default 25).")
});
var AWAIT_APPROVAL_SCHEMA = {
  type: "object",
  properties: {
    approval_id: { type: "string", description: 'The approval_id of the pending result ("apr_...").' },
    wait_s: {
      type: "number",
      description: "How long to wait for the decision, in seconds (1 to 50, default 25)."
    }
  },
  required: ["approval_id"],
  additionalProperties: false
};
var AWAIT_APPROVAL_STRICT_SCHEMA = {
  ...AWAIT_APPROVAL_SCHEMA,
  properties: {
    ...AWAIT_APPROVAL_SCHEMA.properties,
    wait_s: {
      type: ["number", "null"],
      description: "How long to wait for the decision, in seconds (1 to 50); null for the default 25."
    }
  },
  required: ["approval_id", "wait_s"]
};
var awaitApprovalTool = Object.freeze({
  name: AWAIT_APPROVAL,
  description: DESCRIPTION,
  inputSchema: AWAIT_APPROVAL_SCHEMA
});
function requireDesk(toolkit, adapter) {
  if (!toolkit.options.desk) {
    throw new TypeError(`adrails: ${adapter}(toolkit, { approval: "inbox" }) needs a toolkit with a desk: createAdTools({ desk: inboxDesk(inbox, { url }) }) (inboxDesk from "adrails/inbox").`);
  }
}
__name(requireDesk, "requireDesk");
async function runAwaitApproval(toolkit, input, options = {}) {
  const given = typeof input === "object" && input !== null ? input : {};
  const id = given.approval_id;
  if (typeof id !== "string" || id.trim() === "") {
    return blocked("validation", `Invalid input for ${AWAIT_APPROVAL}: approval_id is required (the approval_id of a pending result).`, "Nothing was sent. Call again with the approval_id exactly as the pending result gave it.");
  }
  const wait = given.wait_s;
  if (wait !== void 0 && wait !== null && (typeof wait !== "number" || Number.isNaN(wait))) {
    return blocked("validation", `Invalid input for ${AWAIT_APPROVAL}: wait_s must be a number of seconds (1 to 50).`, "Nothing was sent. Call again with wait_s between 1 and 50, or without it.");
  }
  const waitMs = typeof wait === "number" ? wait * 1e3 : void 0;
  let result;
  try {
    result = await toolkit.awaitApproval(id.trim(), {
      ...waitMs === void 0 ? {} : { waitMs },
      ...options.signal ? { signal: options.signal } : {},
      ...options.onProgress ? { onProgress: options.onProgress } : {}
    });
  } catch (error) {
    result = {
      ok: false,
      status: null,
      error: `${AWAIT_APPROVAL} failed: ${error instanceof Error ? error.message : String(error)}`,
      hint: "Nothing was sent by this await. Call await-approval again in a moment.",
      retryable: true
    };
  }
  const clamped = waitMs === void 0 ? "" : clampNote(waitMs);
  if (clamped === "")
    return result;
  return { ...result, note: result.note ? `${clamped} ${result.note}` : clamped };
}
__name(runAwaitApproval, "runAwaitApproval");

export {
  AWAIT_APPROVAL,
  awaitApprovalInput,
  AWAIT_APPROVAL_SCHEMA,
  AWAIT_APPROVAL_STRICT_SCHEMA,
  awaitApprovalTool,
  requireDesk,
  runAwaitApproval
};

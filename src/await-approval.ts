import { z } from "zod";
import { clampNote } from "./guards/approval/await.js";
import { blocked } from "./guards/results.js";
import type { AdToolkit, AwaitProgress, JsonSchema, ToolResult } from "./types.js";

// The await-approval tool, framework-neutral like find-tools: its name, description and input, and
// one run over a toolkit. Adapters offer it with `approval: "inbox"`; the MCP server offers it
// whenever a pending result can occur. Nothing here imports a framework.

/** The name of the tool that waits for a pending call's approval and returns its result. */
export const AWAIT_APPROVAL = "await-approval";

const DESCRIPTION =
  "Wait for a person's decision on a call that returned ok: \"pending\", and get that call's result. Pass its approval_id. Returns the result once approved, the decline, or pending again: then call again.";

/** The input a model sends, as zod (for frameworks that take zod). */
export const awaitApprovalInput = z.object({
  approval_id: z.string().describe('The approval_id of the pending result ("apr_...").'),
  wait_s: z
    .number()
    .optional()
    .describe("How long to wait for the decision, in seconds (1 to 50, default 25)."),
});

/** The same input as JSON Schema. */
export const AWAIT_APPROVAL_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    approval_id: { type: "string", description: 'The approval_id of the pending result ("apr_...").' },
    wait_s: {
      type: "number",
      description: "How long to wait for the decision, in seconds (1 to 50, default 25).",
    },
  },
  required: ["approval_id"],
  additionalProperties: false,
};

/**
 * The input schema for OpenAI strict mode: every property required, `wait_s` nullable (a null is
 * read as absent).
 */
export const AWAIT_APPROVAL_STRICT_SCHEMA: JsonSchema = {
  ...AWAIT_APPROVAL_SCHEMA,
  properties: {
    ...(AWAIT_APPROVAL_SCHEMA.properties as Record<string, unknown>),
    wait_s: {
      type: ["number", "null"],
      description: "How long to wait for the decision, in seconds (1 to 50); null for the default 25.",
    },
  },
  required: ["approval_id", "wait_s"],
};

/** How the await-approval tool is shown to a model. */
export interface AwaitApprovalDefinition {
  readonly name: typeof AWAIT_APPROVAL;
  readonly description: string;
  readonly inputSchema: JsonSchema;
}

/** The await-approval tool as any framework or MCP server lists it. */
export const awaitApprovalTool: AwaitApprovalDefinition = Object.freeze({
  name: AWAIT_APPROVAL,
  description: DESCRIPTION,
  inputSchema: AWAIT_APPROVAL_SCHEMA,
});

/** Per-run options of {@link runAwaitApproval}: what the host can give while the await holds. */
export interface AwaitRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: AwaitProgress) => void;
}

/**
 * Throws unless the toolkit has a desk: an adapter's `approval: "inbox"` needs one to send pending
 * results to.
 */
export function requireDesk(toolkit: AdToolkit, adapter: string): void {
  if (!toolkit.options.desk) {
    throw new TypeError(
      `adrails: ${adapter}(toolkit, { approval: "inbox" }) needs a toolkit with a desk: createAdTools({ desk: inboxDesk(inbox, { url }) }) (inboxDesk from "adrails/inbox").`,
    );
  }
}

/**
 * Runs one await-approval call on a toolkit: checks the input (a bad one gets a clear result,
 * nothing sent), clamps `wait_s` to 1..50 s and says so, then `toolkit.awaitApproval`. Never rejects.
 */
export async function runAwaitApproval(
  toolkit: AdToolkit,
  input: unknown,
  options: AwaitRunOptions = {},
): Promise<ToolResult> {
  const given = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const id = given.approval_id;
  if (typeof id !== "string" || id.trim() === "") {
    return blocked(
      "validation",
      `Invalid input for ${AWAIT_APPROVAL}: approval_id is required (the approval_id of a pending result).`,
      "Nothing was sent. Call again with the approval_id exactly as the pending result gave it.",
    );
  }
  const wait = given.wait_s;
  if (wait !== undefined && wait !== null && (typeof wait !== "number" || Number.isNaN(wait))) {
    return blocked(
      "validation",
      `Invalid input for ${AWAIT_APPROVAL}: wait_s must be a number of seconds (1 to 50).`,
      "Nothing was sent. Call again with wait_s between 1 and 50, or without it.",
    );
  }
  const waitMs = typeof wait === "number" ? wait * 1000 : undefined;
  let result: ToolResult;
  try {
    result = await toolkit.awaitApproval(id.trim(), {
      ...(waitMs === undefined ? {} : { waitMs }),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } catch (error) {
    result = {
      ok: false,
      status: null,
      error: `${AWAIT_APPROVAL} failed: ${error instanceof Error ? error.message : String(error)}`,
      hint: "Nothing was sent by this await. Call await-approval again in a moment.",
      retryable: true,
    };
  }
  const clamped = waitMs === undefined ? "" : clampNote(waitMs);
  if (clamped === "") return result;
  return { ...result, note: result.note ? `${clamped} ${result.note}` : clamped };
}

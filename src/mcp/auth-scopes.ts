import type { ScopeChallengeHandler } from "@modelcontextprotocol/server";
import { AWAIT_APPROVAL } from "../await-approval.js";
import { CONFIRM_TOOL } from "../guards/confirmation.js";
import { getTool } from "../tools/index.js";
import type { AdToolkit } from "../types.js";

// Here, not in auth.ts: every server checks scopes, and auth.ts loads jose (about 50 files), which
// only a server verifying tokens needs (adrails mcp over stdio never does).
/** The scopes this server understands: reads, writes that spend nothing, and launches. */
export const ADS_SCOPES = { read: "ads:read", write: "ads:write", launch: "ads:launch" } as const;

const SCOPE_TOKEN = /^[\u0021\u0023-\u005B\u005D-\u007E]+$/;

/**
 * The scopes a call of `name` with `args` needs: reads and calculators `ads:read`; writes
 * `ads:write`; a call that can go live and spend money (an ACTIVE `push-creative`) and any tool
 * this server does not know (a door tool whose meaning is unknown) also `ads:launch`.
 */
export function scopesFor(name: string, args: unknown): string[] {
  const def = getTool(name);
  if (!def) return [ADS_SCOPES.write, ADS_SCOPES.launch];
  if (def.effect === "read" || def.effect === "calculator") return [ADS_SCOPES.read];
  const body = args !== null && typeof args === "object" ? (args as Record<string, unknown>) : {};
  return def.needsPerson?.(body) ? [ADS_SCOPES.write, ADS_SCOPES.launch] : [ADS_SCOPES.write];
}

/**
 * The scope challenge of one tool (the SDK answers 403 insufficient_scope, naming the scopes, before
 * the tool runs): a token without `ads:launch` never reaches a launch, whatever a person approved.
 * `await-approval` runs the call its approval names, so it needs what that call needs.
 */
export function toolScopeChallenge(toolkit: AdToolkit, name: string): ScopeChallengeHandler {
  return async ({ request, authInfo }) => {
    if (!authInfo) return undefined;
    const params = (request.params ?? {}) as { arguments?: unknown };
    let needed: string[];
    if (name === AWAIT_APPROVAL) {
      needed = [ADS_SCOPES.write];
      const id = (params.arguments as { approval_id?: unknown } | undefined)?.approval_id;
      const recorded = typeof id === "string" ? await recordedTool(toolkit, id) : undefined;
      if (recorded === "launch" || recorded === "unknown") needed.push(ADS_SCOPES.launch);
    } else {
      needed = scopesFor(name, params.arguments);
    }
    const held = new Set(authInfo.scopes);
    const missing = needed.filter((s) => !held.has(s));
    if (missing.length === 0) return undefined;
    // The whole set to ask for: what the token has and what this call needs, so a client that
    // replaces its scopes with the challenge's keeps what it could do.
    const scopes = [...new Set([...authInfo.scopes.filter((s) => SCOPE_TOKEN.test(s)), ...needed])];
    return {
      scopes: scopes as [string, ...string[]],
      errorDescription: `${name} needs the scope ${missing.join(" and ")}, which this access token does not have`,
    };
  };
}

/** What the call an approval names can do: launch, write, or unknown (no such record for this caller). */
async function recordedTool(toolkit: AdToolkit, id: string): Promise<"launch" | "write" | "unknown"> {
  const tool = toolkit.tools[0];
  const request = tool ? await tool.recorded(id).catch(() => null) : null;
  if (!request) return "write";
  if (!getTool(request.tool)) return "unknown";
  const status = (request.summary as { status?: unknown }).status;
  return request.tool === CONFIRM_TOOL && status === "ACTIVE" ? "launch" : "write";
}

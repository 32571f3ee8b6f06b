import { createHash } from "node:crypto";
import type { AdStore } from "../store/types.js";
import { createAdTools } from "../toolkit.js";
import type { AdToolkit, AdToolsOptions, ApprovalDesk, AuditEvent, DeskRequester } from "../types.js";
import type { McpCaller } from "./auth.js";

/**
 * One team on a shared remote server: who belongs to it (subjects, or groups of the group claim),
 * the service API key it uses (read from an environment variable of the server, never from the
 * client), and the accounts its people may name.
 */
export interface McpTenant {
  name: string;
  /** Token subjects (`sub`) of the team. */
  subjects?: string[];
  /** Values of the group claim (default `groups`) of the team. */
  groups?: string[];
  /** The service API key the team's calls use. Default: the server's own key. */
  apiKey?: string;
  /** The only ad accounts the team may name (the money rules' `accounts`, narrowed). */
  accounts?: string[];
}

/** What a caller is served with: their tenant (if tenants are configured) and a name for logs. */
export interface CallerPlace {
  caller: McpCaller;
  tenant?: McpTenant;
  /** The MCP client's name (its clientInfo), e.g. "claude-ai"; else the token's client id. */
  client?: string;
}

/** The tenant of `caller`: the first whose subjects, then groups, name them; undefined when none does. */
export function tenantOf(tenants: readonly McpTenant[], caller: McpCaller): McpTenant | undefined {
  return (
    tenants.find((t) => t.subjects?.includes(caller.subject)) ??
    tenants.find((t) => t.groups?.some((g) => caller.groups.includes(g)))
  );
}

/**
 * Reads a tenants file's JSON: `{ "tenants": [{ "name", "subjects"?, "groups"?, "apiKeyEnv"?,
 * "accounts"? }] }`. A key is named by the environment variable that holds it (`apiKeyEnv`), so the
 * file can be shared and checked in; a variable that is unset is an error naming it.
 */
export function parseTenants(json: unknown, env: Record<string, string | undefined>): McpTenant[] {
  const fail = (what: string) => {
    throw new Error(`The tenants file ${what}.`);
  };
  const list = (json as { tenants?: unknown } | null)?.tenants;
  if (!Array.isArray(list) || list.length === 0) fail('needs a non-empty "tenants" array');
  const strings = (value: unknown, where: string): string[] | undefined => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && v !== "")) {
      fail(`has ${where} that is not a list of non-empty strings`);
    }
    return value as string[];
  };
  const seen = new Set<string>();
  return (list as unknown[]).map((entry, index) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const known = new Set(["name", "subjects", "groups", "apiKeyEnv", "accounts"]);
    const extra = Object.keys(e).find((k) => !known.has(k));
    if (extra) fail(`has an unknown key "${extra}" in tenant ${index + 1} (keys: ${[...known].join(", ")})`);
    const name =
      typeof e.name === "string" && e.name !== "" ? e.name : fail(`has tenant ${index + 1} without a name`);
    if (seen.has(name as string)) fail(`names the tenant "${name}" twice`);
    seen.add(name as string);
    const subjects = strings(e.subjects, `"subjects" in tenant "${name}"`);
    const groups = strings(e.groups, `"groups" in tenant "${name}"`);
    const accounts = strings(e.accounts, `"accounts" in tenant "${name}"`);
    if (!subjects?.length && !groups?.length) fail(`has tenant "${name}" with neither subjects nor groups`);
    let apiKey: string | undefined;
    if (e.apiKeyEnv !== undefined) {
      if (typeof e.apiKeyEnv !== "string" || e.apiKeyEnv === "")
        fail(`has a bad "apiKeyEnv" in tenant "${name}"`);
      apiKey = env[e.apiKeyEnv as string];
      if (!apiKey)
        fail(`names ${String(e.apiKeyEnv)} for tenant "${name}", but that environment variable is not set`);
    }
    return {
      name: name as string,
      ...(subjects ? { subjects } : {}),
      ...(groups ? { groups } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(accounts ? { accounts } : {}),
    };
  });
}

/**
 * The toolkit options of one caller, from the server's: the tenant's key and accounts; request ids
 * and approval records scoped to the caller's subject (so one person's pending approvals cannot be
 * seen or redeemed by another on the same key and store); the desk told who asked ("Dana via
 * claude-ai"); and every audit event naming the caller.
 */
export function callerOptions(base: AdToolsOptions, place: CallerPlace): AdToolsOptions {
  const { caller, tenant } = place;
  const who = `${caller.name}${place.client ? ` via ${place.client}` : ""}`;
  const scope = subjectScope(caller);
  const accounts = narrow(base.rules?.accounts, tenant?.accounts);
  const onEvent = base.onEvent;
  return {
    ...base,
    ...(tenant?.apiKey ? { apiKey: tenant.apiKey } : {}),
    sessionId: callerSessionId(base.sessionId, caller),
    ...(base.store ? { store: subjectStore(base.store, scope) } : {}),
    ...(base.desk ? { desk: askedBy(base.desk, who) } : {}),
    ...(onEvent
      ? {
          onEvent: (event: AuditEvent) =>
            onEvent({
              ...event,
              caller: {
                subject: caller.subject,
                name: caller.name,
                ...(place.client ? { client: place.client } : {}),
                ...(tenant ? { tenant: tenant.name } : {}),
              },
            } as AuditEvent),
        }
      : {}),
    ...(accounts ? { rules: { ...(base.rules ?? {}), accounts } } : {}),
  };
}

/** Toolkits by caller, made on first use and kept (the least recently used dropped beyond `max`). */
export function callerToolkits(make: (place: CallerPlace) => AdToolkit, max = 500) {
  const made = new Map<string, AdToolkit>();
  return (place: CallerPlace): AdToolkit => {
    const key = JSON.stringify([
      place.tenant?.name ?? "",
      place.caller.subject,
      place.caller.name,
      place.client ?? "",
    ]);
    let toolkit = made.get(key);
    if (toolkit) made.delete(key);
    else toolkit = make(place);
    made.set(key, toolkit);
    if (made.size > max) made.delete(made.keys().next().value!);
    return toolkit;
  };
}

/** The default maker: `createAdTools` with {@link callerOptions}. */
export function optionsToolkits(base: AdToolsOptions) {
  return callerToolkits((place) => createAdTools(callerOptions(base, place)));
}

// The store as one subject sees it: approval records and their single use live under the subject;
// rates, budgets, rule counts, pins and live records stay shared, so what one person launched still
// counts for the next.
function subjectStore(store: AdStore, scope: string): AdStore {
  const own = (id: string) => `${scope}\n${id}`;
  const scoped: Partial<AdStore> = {
    consume: (id, expiresAtMs) => store.consume(own(id), expiresAtMs),
    createApproval: (space, input) => store.createApproval(own(space), input),
    getApproval: (space, id) => store.getApproval(own(space), id),
    answerApproval: (space, id, answer) => store.answerApproval(own(space), id, answer),
    answerApprovals: (space, answers) => store.answerApprovals(own(space), answers),
    pendingApprovals: (space) => store.pendingApprovals(own(space)),
    redeemApproval: (space, id, payload) => store.redeemApproval(own(space), id, payload),
    settleApproval: (space, id, result) => store.settleApproval(own(space), id, result),
  };
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (typeof prop === "string" && prop in scoped) return scoped[prop as keyof AdStore];
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function askedBy(desk: ApprovalDesk, agent: string): ApprovalDesk {
  return {
    post: (request, requester?: DeskRequester) => desk.post(request, { ...requester, agent }),
    decision: (requestId) => desk.decision(requestId),
    ...(desk.settled ? { settled: desk.settled.bind(desk) } : {}),
    ...(desk.authority ? { authority: desk.authority } : {}),
  };
}

function narrow(server: readonly string[] | undefined, tenant: readonly string[] | undefined) {
  if (!tenant) return undefined;
  return server ? tenant.filter((a) => server.includes(a)) : [...tenant];
}

/** The scope of a caller's request ids and approval records. */
export function subjectScope(caller: McpCaller): string {
  return `subject:${digest(caller.subject)}`;
}

/** The session id (request-id scope) of a caller's calls: the server's, then the caller's subject. */
export function callerSessionId(base: string | undefined, caller: McpCaller): string {
  return `${base ?? "mcp"}\n${subjectScope(caller)}`;
}

function digest(subject: string): string {
  return createHash("sha256").update(subject).digest("base64url").slice(0, 22);
}

import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { Connections } from "./connections.js";
import { MAX_CONNECTIONS } from "./connections.js";
import { consentPage, errorPage } from "./pages.js";
import { DOOR_SCOPE } from "./provider.js";
import { type DoorUser, findUser } from "./users.js";

/** What the sign-in and consent step needs. */
export interface InteractionDeps {
  provider: Provider;
  users: ReadonlyMap<string, DoorUser>;
  connections: Connections;
  /** The person who consents at once, without a page (tests), or undefined to ask. */
  autoConsent(): string | undefined;
  /** `${issuerPath}/interaction/` */
  prefix: string;
}

const GRANTABLE_SCOPES = new Set(["openid", "offline_access", DOOR_SCOPE]);

/**
 * The sign-in and consent page of one authorization (GET shows it, POST answers it). Allowing
 * makes a grant, which becomes the person's connection for that client, replacing an earlier one;
 * an eleventh client is refused with access_denied. Never throws: a lost interaction gets a page.
 */
export async function handleInteraction(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
): Promise<void> {
  let details: Awaited<ReturnType<Provider["interactionDetails"]>>;
  try {
    details = await deps.provider.interactionDetails(req, res);
  } catch {
    return html(
      res,
      400,
      errorPage("invalid_request", "This sign-in expired or was opened in another browser."),
    );
  }
  const params = details.params as Record<string, unknown>;
  const clientId = String(params.client_id);
  const client = await deps.provider.Client.find(clientId);
  const clientName = client?.clientName ?? clientId;
  const resource = [params.resource].flat().map(String).join(" ");
  const scopes = String(params.scope ?? "")
    .split(" ")
    .filter((s) => GRANTABLE_SCOPES.has(s));
  const sessionUser = details.session?.accountId ? deps.users.get(details.session.accountId) : undefined;

  const finish = (result: Record<string, unknown>) =>
    deps.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  const deny = (description: string) => finish({ error: "access_denied", error_description: description });
  const allow = async (user: DoorUser) => {
    if (!deps.connections.canConnect(user.id, clientId)) {
      return deny(
        `${user.email} already has ${MAX_CONNECTIONS} connected apps, the most allowed; remove one under Connected apps, then sign in again`,
      );
    }
    const grant = new deps.provider.Grant({ accountId: user.id, clientId });
    // The library counts every configured scope (ads too) as the grant's own; the resource scope is what
    // the access token for the MCP endpoint carries.
    if (scopes.length > 0) grant.addOIDCScope(scopes.join(" "));
    if (scopes.includes(DOOR_SCOPE)) {
      for (const r of [params.resource].flat())
        if (typeof r === "string") grant.addResourceScope(r, DOOR_SCOPE);
    }
    const grantId = await grant.save();
    deps.connections.connect({
      userId: user.id,
      clientId,
      clientName,
      grantId,
      connectedAt: new Date().toISOString(),
    });
    return finish({ login: { accountId: user.id }, consent: { grantId } });
  };

  const auto = deps.autoConsent();
  if (auto !== undefined) {
    const user = deps.users.get(auto);
    if (!user) return deny(`auto-consent names an unknown test user: ${auto}`);
    return allow(user);
  }

  const view = (problem?: string) =>
    consentPage({
      action: `${deps.prefix}${details.uid}`,
      clientName,
      clientId,
      redirectUri: String(params.redirect_uri ?? ""),
      resource,
      scopes,
      ...(sessionUser ? { signedInAs: sessionUser.email } : {}),
      ...(problem ? { problem } : {}),
      testUsers: [...deps.users.values()].map((u) => u.email),
    });
  if (req.method === "GET") return html(res, 200, view());
  if (req.method !== "POST")
    return html(res, 405, errorPage("invalid_request", "Use the form on this page."));

  const form = new URLSearchParams(body);
  if (form.get("decision") !== "allow") return deny("The person denied access.");
  let user = sessionUser;
  if (!user) {
    const found = findUser(deps.users, form.get("email") ?? "");
    if (!found || form.get("password") !== found.password) {
      return html(res, 200, view("That email and password do not match a test user. Try again."));
    }
    user = found;
  }
  if (user.id === "deactivated") {
    return html(res, 200, view("This account is deactivated, so it cannot connect apps."));
  }
  return allow(user);
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline';",
  });
  res.end(body);
}

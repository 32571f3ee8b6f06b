import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { mcpUrlFor, signInFailure } from "../via.js";
import { type OpenedBrowser, openBrowser } from "./login-browser.js";

export interface LoginCommandOptions {
  /** False with --no-browser. */
  browser: boolean;
  clientMetadataUrl?: string;
}

/**
 * `adrails login`: signs in to the service's MCP door with OAuth and stores the connection under
 * ADRAILS_HOME. Exit 0 when stored, 3 when the grant is refused or invalid, 2 on usage errors.
 */
export async function runLogin(ctx: CommandContext, opts: LoginCommandOptions): Promise<ExitCode> {
  const { io, output, globals } = ctx;
  const mcpUrl = mcpUrlFor(globals, io.env);
  const clientMetadataUrl = opts.clientMetadataUrl ?? io.env.ADRAILS_CLIENT_METADATA_URL;
  if (clientMetadataUrl !== undefined && !/^https:\/\/[^/]+\/.+/.test(clientMetadataUrl)) {
    throw new CliError(
      `The client metadata URL must be an https URL with a path: ${clientMetadataUrl}`,
      EXIT.usage,
    );
  }
  // The global --timeout is, for a sign-in, how long to wait for the browser's redirect.
  const timeoutS = globals.timeout ?? 300;
  const clientId = io.env.ADRAILS_OAUTH_CLIENT_ID;
  const clientSecret = io.env.ADRAILS_OAUTH_CLIENT_SECRET;
  if (clientSecret) output.secret(clientSecret);
  const { login } = await import("../../upstream/login.js");
  const { credentialStore } = await import("../../upstream/store.js");
  const { serverName } = await import("../../upstream/server-text.js");
  const opened: OpenedBrowser[] = [];
  try {
    const store = credentialStore({ home: io.env.ADRAILS_HOME, env: io.env, warn: (m) => output.warn(m) });
    const result = await login({
      mcpUrl,
      store,
      timeoutMs: timeoutS * 1000,
      ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
      ...(clientId ? { preRegistered: { clientId, ...(clientSecret ? { clientSecret } : {}) } } : {}),
      present: (url, start) => {
        io.stderr.write("Open this address in a browser to sign in (adrails waits for the answer):\n");
        // On a line of its own, so a script or a person can take it as is.
        io.stdout.write(`${url.href}\n`);
        // The browser gets a one-time local address, through a private file: neither it nor
        // the authorization URL is ever on a command line, which every user can read.
        const browser = opts.browser ? openBrowser(start.href, io.env.BROWSER) : undefined;
        if (browser) opened.push(browser);
      },
    });
    // The server's own words (its name, the account's name) are shown as server text.
    const who = result.record.subject
      ? ` as ${serverName(result.record.subject)}`
      : result.record.serverName
        ? ` (server ${serverName(result.record.serverName)})`
        : "";
    output.info(
      `Signed in to ${result.record.resource}${who} (authorization server ${result.record.issuer}); ${result.toolCount} tools listed. Credentials are in ${store.dir}.`,
    );
    if (result.noRefreshToken) {
      const until = result.record.tokens?.expires_at;
      output.warn(
        `The server gave no refresh token: this sign-in ends when its access token expires${until ? ` (${new Date(until).toISOString()})` : ""}; then run \`adrails login\` again.`,
      );
    }
    if (output.json) {
      output.result({
        ok: true,
        resource: result.record.resource,
        issuer: result.record.issuer,
        subject: result.record.subject ?? null,
        tools: result.toolCount,
        refresh_token: !result.noRefreshToken,
      });
    }
    return EXIT.ok;
  } catch (error) {
    throw await signInFailure(error, mcpUrl);
  } finally {
    for (const browser of opened) browser.close();
  }
}

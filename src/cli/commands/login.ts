import { spawn } from "node:child_process";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { mcpUrlFor, signInFailure } from "../via.js";

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
        // The browser gets a one-time local address that redirects: a command line is visible
        // to every user of the machine, and the authorization URL's state must not be.
        if (opts.browser) openBrowser(start.href, io.env.BROWSER);
      },
    });
    const who = result.record.subject
      ? ` as ${result.record.subject}`
      : result.record.serverName
        ? ` (server ${result.record.serverName})`
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
  }
}

/** Best effort: the person can always use the printed address. `BROWSER` names another opener. */
function openBrowser(url: string, browser: string | undefined): void {
  const command =
    browser && browser.trim() !== ""
      ? browser.trim()
      : process.platform === "darwin"
        ? "open"
        : process.platform === "win32"
          ? "explorer"
          : "xdg-open";
  try {
    const child = spawn(command, [url], { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  } catch {
    // No browser here: the address is printed.
  }
}

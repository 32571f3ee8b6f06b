import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { mcpUrlFor, signInFailure } from "../via.js";

/**
 * `adrails logout`: revokes the stored tokens at the server where it can, and forgets them; a
 * server that does not answer within --timeout (default 10 s) is not waited for.
 */
export async function runLogout(ctx: CommandContext): Promise<ExitCode> {
  const { io, output, globals } = ctx;
  const mcpUrl = mcpUrlFor(globals, io.env);
  const { logout } = await import("../../upstream/logout.js");
  const { credentialStore } = await import("../../upstream/store.js");
  try {
    const store = credentialStore({ home: io.env.ADRAILS_HOME, env: io.env, warn: (m) => output.warn(m) });
    const result = await logout({ store, mcpUrl, timeoutMs: (globals.timeout ?? 10) * 1000 });
    if (!result.found) output.info(`Not signed in to ${mcpUrl}: nothing to forget.`);
    else if (result.timedOut)
      output.warn(
        `Signed out of ${mcpUrl} on this machine: adrails forgot the tokens, but the server was not told (${result.revoked}). They stay valid at the server until they expire; to end them now, remove adrails' connection in the service's settings.`,
      );
    else if (result.revoked === true)
      output.info(`Signed out of ${mcpUrl}: the server revoked the tokens and adrails forgot them.`);
    else
      output.info(
        `Signed out of ${mcpUrl}: adrails forgot the tokens, but they were not revoked (${result.revoked}).`,
      );
    if (output.json) {
      output.result({
        ok: true,
        found: result.found,
        revoked: result.revoked === true,
        timed_out: result.timedOut === true,
      });
    }
    return EXIT.ok;
  } catch (error) {
    throw await signInFailure(error, mcpUrl);
  }
}

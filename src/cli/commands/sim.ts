import { startSimulator } from "../../sim/index.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { listenError } from "../listen-error.js";
import type { CommandContext } from "../main.js";

/**
 * `adrails sim [--port N]`: the simulator until SIGINT or SIGTERM. Prints its URL and its demo keys,
 * which are the simulator's own and not credentials; on a terminal, one line per request on stderr.
 */
export async function runSim({ io, output }: CommandContext, opts: { port?: number }): Promise<ExitCode> {
  // Listening before anything is printed: a script may send the signal as soon as it reads the URL.
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const unlisten = () => {
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
  };
  let started = false;
  // Without oidc-provider (an optional peer) the simulator serves everything but its OAuth door.
  const { oauthLibraryInstalled, OIDC_MISSING } = await import("../../sim/oauth/provider.js");
  const door = await oauthLibraryInstalled();
  if (!door) output.warn(`No MCP door: ${OIDC_MISSING}`);
  const sim = await startSimulator({
    port: opts.port ?? 0,
    quiet: output.json,
    door,
    // Lines before the start are the simulator's own banner; this command prints its own.
    log: (line) => {
      if (started) io.stderr.write(`${line}\n`);
    },
  }).catch((error: NodeJS.ErrnoException) => {
    unlisten();
    throw listenError(error, opts.port) ?? error;
  });
  started = true;

  if (output.json) {
    const door = sim.door;
    output.unredacted(
      JSON.stringify({
        url: sim.url,
        api_key: sim.apiKey,
        keys: sim.keys,
        ...(door
          ? {
              mcp_url: door.mcpUrl,
              oauth_issuer: door.issuer,
              oauth_users: door.users().map((u) => u.email),
              oauth_password: door.users()[0]?.password,
            }
          : {}),
      }),
    );
  } else {
    const s = output.outStyle;
    output.unredacted(`${s.bold("adrails simulator")} listening on ${sim.url}`);
    output.unredacted("Demo keys (the simulator's own, not credentials):");
    for (const [label, key] of Object.entries(sim.keys)) output.unredacted(`  ${label.padEnd(12)} ${key}`);
    const door = sim.door;
    if (door) {
      output.unredacted(`MCP door ${door.mcpUrl} (OAuth 2.1; sign in on the consent page)`);
      output.unredacted(
        `  test users ${door
          .users()
          .map((u) => u.email)
          .join(", ")}; password ${door.users()[0]?.password}`,
      );
    }
    output.unredacted("");
    output.unredacted(`Try:  ADRAILS_BASE_URL=${sim.url} ADRAILS_API_KEY=${sim.apiKey} npx adrails doctor`);
    output.unredacted(s.dim("Ctrl-C stops it."));
  }

  await stopped;
  unlisten();
  await sim.close();
  output.info("adrails simulator stopped.");
  return EXIT.ok;
}

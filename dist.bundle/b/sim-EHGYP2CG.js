import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  startSimulator
} from "./chunk-NVSRC2ON.js";
import "./chunk-EHQ6G74P.js";
import "./chunk-DFWYDSP3.js";
import "./chunk-V6IESX3N.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/sim.js
async function runSim({ io, output }, opts) {
  let stop = /* @__PURE__ */ __name(() => {
  }, "stop");
  const stopped = new Promise((resolve) => {
    stop = resolve;
  });
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const unlisten = /* @__PURE__ */ __name(() => {
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
  }, "unlisten");
  let started = false;
  const { oauthLibraryInstalled, OIDC_MISSING } = await import("./provider-3SOVWKHO.js");
  const door = await oauthLibraryInstalled();
  if (!door)
    output.warn(`No MCP door: ${OIDC_MISSING}`);
  const sim = await startSimulator({
    port: opts.port ?? 0,
    quiet: output.json,
    door,
    // Lines before the start are the simulator's own banner; this command prints its own.
    log: /* @__PURE__ */ __name((line) => {
      if (started)
        io.stderr.write(`${line}
`);
    }, "log")
  }).catch((error) => {
    unlisten();
    if (error.code === "EADDRINUSE" || error.code === "EACCES") {
      throw new CliError(`Cannot listen on port ${opts.port}: ${error.code}.`, EXIT.usage, "Pick another --port.");
    }
    throw error;
  });
  started = true;
  if (output.json) {
    const door2 = sim.door;
    output.unredacted(JSON.stringify({
      url: sim.url,
      api_key: sim.apiKey,
      keys: sim.keys,
      ...door2 ? {
        mcp_url: door2.mcpUrl,
        oauth_issuer: door2.issuer,
        oauth_users: door2.users().map((u) => u.email),
        oauth_password: door2.users()[0]?.password
      } : {}
    }));
  } else {
    const s = output.outStyle;
    output.unredacted(`${s.bold("adrails simulator")} listening on ${sim.url}`);
    output.unredacted("Demo keys (the simulator's own, not credentials):");
    for (const [label, key] of Object.entries(sim.keys))
      output.unredacted(`  ${label.padEnd(12)} ${key}`);
    const door2 = sim.door;
    if (door2) {
      output.unredacted(`MCP door ${door2.mcpUrl} (OAuth 2.1; sign in on the consent page)`);
      output.unredacted(`  test users ${door2.users().map((u) => u.email).join(", ")}; password ${door2.users()[0]?.password}`);
    }
    output.unredacted("");
    output.unredacted(`Try:  ADRAILS_BASE_URL=${sim.url} ADRAILS_API_KEY=${sim.apiKey} adrails doctor`);
    output.unredacted(s.dim("Ctrl-C stops it."));
  }
  await stopped;
  unlisten();
  await sim.close();
  output.info("adrails simulator stopped.");
  return EXIT.ok;
}
__name(runSim, "runSim");
export {
  runSim
};

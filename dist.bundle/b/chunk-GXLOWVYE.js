import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  MALFORMED_KEY,
  isWellFormedKey
} from "./chunk-YHBHRAZ2.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/target.js
var NO_KEY_HINT = "Set ADRAILS_API_KEY (preferred: flags show up in process lists) or pass --api-key; or add --sim to use the built-in simulator.";
async function openTarget(globals, io, output) {
  if (globals.sim) {
    const { startSimulator } = await import("./sim-index.js");
    const via = globals.via ?? io.env.ADRAILS_VIA;
    const sim = await startSimulator(via === "mcp" ? { door: { autoConsent: "pro" } } : {});
    const apiKey2 = globals.apiKey ?? sim.apiKey;
    output.secret(apiKey2);
    return {
      apiKey: apiKey2,
      baseUrl: sim.url,
      keySource: globals.apiKey ? "--api-key" : "the simulator's demo key",
      simulated: true,
      ...sim.door ? { door: sim.door } : {},
      close: /* @__PURE__ */ __name(() => sim.close(), "close")
    };
  }
  const apiKey = globals.apiKey ?? io.env.ADRAILS_API_KEY ?? "";
  const baseUrl = globals.baseUrl ?? io.env.ADRAILS_BASE_URL ?? "";
  output.secret(apiKey);
  if (apiKey.trim() === "")
    throw new CliError("No API key: nothing was sent.", EXIT.auth, NO_KEY_HINT);
  if (!isWellFormedKey(apiKey))
    throw new CliError(MALFORMED_KEY, EXIT.auth, NO_KEY_HINT);
  if (baseUrl.trim() === "") {
    throw new CliError("No base URL: nothing was sent.", EXIT.usage, "Set ADRAILS_BASE_URL or pass --base-url (the service's address, without /api/mcp); or add --sim.");
  }
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new CliError(`The base URL is not an http(s) URL: ${baseUrl}`, EXIT.usage, "Example: https://example.com");
  }
  return {
    apiKey,
    baseUrl,
    keySource: globals.apiKey ? "--api-key" : "ADRAILS_API_KEY",
    simulated: false,
    close: /* @__PURE__ */ __name(async () => {
    }, "close")
  };
}
__name(openTarget, "openTarget");

export {
  openTarget
};

import {
  compareDocument
} from "./chunk-BOUPPXSF.js";
import {
  viaMcp
} from "./chunk-H7M2KSJO.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT,
  exitCodeForStatus
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  catalog,
  offeredTools
} from "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/drift/index.js
var DocumentError = class extends Error {
  static {
    __name(this, "DocumentError");
  }
  status;
  constructor(message, status) {
    super(message);
    this.status = status;
    this.name = "DocumentError";
  }
};
async function checkDrift(baseUrl, options = {}) {
  const url = `${baseUrl.replace(/\/+$/, "")}/api/openapi`;
  const document = await fetchDocument(url, options);
  const disabled = catalog.filter((def) => def.disabled).map((def) => def.name);
  try {
    return { url, drift: compareDocument(document, offeredTools, disabled) };
  } catch (error) {
    throw new DocumentError(error instanceof Error ? error.message : String(error), 200);
  }
}
__name(checkDrift, "checkDrift");
async function fetchDocument(url, options) {
  const timeoutMs = options.timeoutMs ?? 3e4;
  let status;
  let body;
  try {
    if (options.dispatcher) {
      const { request } = await import("undici");
      const res = await request(url, {
        method: "GET",
        headers: { accept: "application/json" },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        dispatcher: options.dispatcher
      });
      status = res.statusCode;
      body = await res.body.text();
    } else {
      const res = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs)
      });
      status = res.status;
      body = await res.text();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new DocumentError(`No answer from ${url}: ${message}`, null);
  }
  if (status !== 200)
    throw new DocumentError(`${url} answered HTTP ${status}, not the OpenAPI document.`, status);
  try {
    return JSON.parse(body);
  } catch {
    throw new DocumentError(`${url} did not answer JSON, so it is not the OpenAPI document.`, status);
  }
}
__name(fetchDocument, "fetchDocument");

// dist/cli/commands/drift.js
var NO_BASE_HINT = "Set ADRAILS_BASE_URL or pass --base-url (the service's address, without /api/openapi); or add --sim.";
async function runDrift(ctx) {
  const { io, output, globals } = ctx;
  if (viaMcp(globals, io.env))
    return (await import("./drift-door-KLLFVG72.js")).runDoorDrift(ctx, print);
  let baseUrl = globals.baseUrl ?? io.env.ADRAILS_BASE_URL ?? "";
  let close = /* @__PURE__ */ __name(async () => {
  }, "close");
  if (globals.sim) {
    const { startSimulator } = await import("./sim-index.js");
    const sim = await startSimulator();
    baseUrl = sim.url;
    close = /* @__PURE__ */ __name(() => sim.close(), "close");
  } else if (baseUrl.trim() === "") {
    throw new CliError("No base URL: nothing was fetched.", EXIT.usage, NO_BASE_HINT);
  } else if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new CliError(`The base URL is not an http(s) URL: ${baseUrl}`, EXIT.usage, "Example: https://example.com");
  }
  let drift;
  let url;
  try {
    const timeout = globals.timeout === void 0 ? {} : { timeoutMs: globals.timeout * 1e3 };
    ({ drift, url } = await checkDrift(baseUrl, timeout));
  } catch (error) {
    if (!(error instanceof DocumentError))
      throw error;
    const code2 = error.status === null ? EXIT.unexpected : exitCodeForStatus(error.status);
    throw new CliError(`doctor --drift: ${error.message}`, code2 === EXIT.ok || code2 === EXIT.usage ? EXIT.upstream : code2, "Check the base URL; the document is served at {base}/api/openapi without a key.");
  } finally {
    await close();
  }
  const code = drift.length === 0 ? EXIT.ok : EXIT.drift;
  if (output.json)
    output.result({ drift });
  else
    print(ctx, url, drift);
  return code;
}
__name(runDrift, "runDrift");
function print({ output }, url, drift, door = false) {
  const s = output.outStyle;
  output.line(s.bold(door ? "adrails doctor --drift --via mcp" : "adrails doctor --drift"));
  output.line(door ? `  door      ${url}` : `  document  ${url}`);
  if (drift.length === 0) {
    output.line(s.green(door ? "No drift: the MCP door's tools and fields are the ones this adrails expects." : "No drift: the service's tools and fields match the catalog this adrails ships."));
    return;
  }
  for (const d of drift) {
    const where = d.field ? `${d.tool} ${d.field}` : d.tool;
    output.line(`  ${s.red(d.change.padEnd(16))} ${where}: ${d.detail}`);
  }
  const differs = door ? "the MCP door's catalog differs from what this adrails expects" : "the service's API differs from the catalog this adrails ships";
  output.line(`${drift.length} change${drift.length === 1 ? "" : "s"}: ${differs}. Check the changes before relying on the tools named; a newer adrails may know them.`);
}
__name(print, "print");
export {
  print,
  runDrift
};

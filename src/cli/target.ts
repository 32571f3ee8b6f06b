import { isWellFormedKey, MALFORMED_KEY } from "../client/index.js";
import type { DoorControl } from "../sim/index.js";
import { EXIT } from "./exit-codes.js";
import { CliError, type CliIO, type Output } from "./output.js";

/** The options every command accepts. */
export interface GlobalOptions {
  apiKey?: string;
  baseUrl?: string;
  sim?: boolean;
  json?: boolean;
  readOnly?: boolean;
  retries?: number;
  timeout?: number;
  /** The door: rest (default) or mcp. */
  via?: string;
  mcpUrl?: string;
  /** With --via mcp: the tool map file. */
  toolMap?: string;
}

/** The service a command talks to, and how to let go of it. */
export interface Target {
  apiKey: string;
  baseUrl: string;
  /** Where the key came from, for messages (never the key itself). */
  keySource: string;
  simulated: boolean;
  /** With --sim: the simulator's stable name for the store, so its port does not scope approvals. */
  serviceId?: string;
  /** With --sim and the MCP door in use (`--via mcp` / ADRAILS_VIA=mcp): the simulator's door, auto-consenting as the Pro user. */
  door?: DoorControl;
  close(): Promise<void>;
}

const NO_KEY_HINT =
  "Set ADRAILS_API_KEY (preferred: flags show up in process lists) or pass --api-key; or add --sim to use the built-in simulator.";

/**
 * The credentials and base URL: flags first, then ADRAILS_API_KEY / ADRAILS_BASE_URL. With --sim, an
 * in-process simulator is started (and closed by `close`); its demo key is used unless --api-key is given.
 */
export async function openTarget(globals: GlobalOptions, io: CliIO, output: Output): Promise<Target> {
  if (globals.sim) {
    const { startSimulator } = await import("../sim/index.js");
    // The door (and its authorization server) loads only when the command goes through it.
    const via = (globals as { via?: string }).via ?? io.env.ADRAILS_VIA;
    const sim = await startSimulator(via === "mcp" ? { door: { autoConsent: "pro" } } : {});
    const apiKey = globals.apiKey ?? sim.apiKey;
    output.secret(apiKey);
    return {
      apiKey,
      baseUrl: sim.url,
      keySource: globals.apiKey ? "--api-key" : "the simulator's demo key",
      simulated: true,
      serviceId: sim.serviceId,
      ...(sim.door ? { door: sim.door } : {}),
      close: () => sim.close(),
    };
  }
  const apiKey = globals.apiKey ?? io.env.ADRAILS_API_KEY ?? "";
  const baseUrl = globals.baseUrl ?? io.env.ADRAILS_BASE_URL ?? "";
  output.secret(apiKey);
  // Exit 3 like a refused key: in both cases a person has to supply a valid one.
  if (apiKey.trim() === "") throw new CliError("No API key: nothing was sent.", EXIT.auth, NO_KEY_HINT);
  if (!isWellFormedKey(apiKey)) throw new CliError(MALFORMED_KEY, EXIT.auth, NO_KEY_HINT);
  if (baseUrl.trim() === "") {
    throw new CliError(
      "No base URL: nothing was sent.",
      EXIT.usage,
      "Set ADRAILS_BASE_URL or pass --base-url (the service's address, without /api/mcp); or add --sim.",
    );
  }
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new CliError(
      `The base URL is not an http(s) URL: ${baseUrl}`,
      EXIT.usage,
      "Example: https://example.com",
    );
  }
  return {
    apiKey,
    baseUrl,
    keySource: globals.apiKey ? "--api-key" : "ADRAILS_API_KEY",
    simulated: false,
    close: async () => {},
  };
}

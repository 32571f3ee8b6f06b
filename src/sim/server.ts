import type { AddressInfo } from "node:net";
import { nodeHttp } from "../node-http.js";
import { offeredTools } from "../tools/index.js";
import { createControl, type SimControl } from "./control.js";
import type { Door, DoorControl, DoorOptions } from "./door/index.js";
import { FaultQueue } from "./faults.js";
import { handlers } from "./handlers/index.js";
import { FixedWindow, type ResetFormat, SlidingWindow } from "./limits.js";
import { buildOpenApi } from "./openapi.js";
import { handleRequest, type SimRuntime } from "./pipeline.js";
import { SimState } from "./state.js";
import { type AccountHolder, createWorld, type KeyLabel, type SimAccount } from "./world.js";

/** Options of startSimulator. Every one has a default. */
export interface SimulatorOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default "127.0.0.1". */
  host?: string;
  /** Same seed, same keys, accounts, ids and numbers. Default "adrails". */
  seed?: string | number;
  /**
   * Requests per window per key. Default 60 per 60 000 ms. `reset` and `rounding` choose how
   * X-RateLimit-Reset is written (default: seconds until the reset, rounded up).
   */
  rateLimit?: { limit?: number; windowMs?: number } & ResetFormat;
  /** Writes per window per ad account. Default 200 per 3 600 000 ms. */
  writeBudget?: { limit?: number; windowMs?: number };
  /** Delay added to every answer. Default 0. */
  latencyMs?: number;
  /** Images each account may generate. Default 500. */
  imageQuota?: number;
  /** Replace the seeded accounts of some keys. */
  accounts?: Partial<Record<AccountHolder, SimAccount[]>>;
  /** Default true: print nothing. False prints the URL, the demo keys and one line per request. */
  quiet?: boolean;
  /** Where lines go when quiet is false. Default: stderr. */
  log?: (line: string) => void;
  /**
   * The MCP door: `/api/mcp` with its OAuth 2.1 authorization server (docs/sim-mcp-door.md).
   * `true` or options turn it on; default off, which keeps startup as fast as before.
   */
  door?: boolean | DoorOptions;
}

/** A running simulator. */
export interface Simulator {
  /** Base URL, e.g. http://127.0.0.1:49152; tools are at `${url}/api/mcp/{tool}`. */
  url: string;
  /**
   * The simulator's name for stores (`serviceId` of createAdTools): the same for every simulator of
   * one seed, whatever port it listens on, so approvals asked through one are found through the next.
   */
  serviceId: string;
  /** The Pro plan demo key. */
  apiKey: string;
  /** Demo keys by plan, role and failure case. They are not secrets. */
  keys: Record<KeyLabel, string>;
  control: SimControl;
  /** The MCP door's controls, when the `door` option turned it on. */
  door?: DoorControl;
  close(): Promise<void>;
}

/** Starts the embedded stand-in for the Ad Analysis and Creative Service on a local port. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const missing = offeredTools.filter((t) => !handlers[t.name]).map((t) => t.name);
  if (missing.length) throw new Error(`simulator has no handler for: ${missing.join(", ")}`);
  const seed = String(options.seed ?? "adrails");
  const world = createWorld(seed, options.accounts);
  const quiet = options.quiet ?? true;
  const log = quiet ? undefined : (options.log ?? ((line: string) => process.stderr.write(`${line}\n`)));
  const rt: SimRuntime = {
    world,
    state: new SimState(seed),
    faults: new FaultQueue(),
    rate: new FixedWindow(
      options.rateLimit?.limit ?? 60,
      options.rateLimit?.windowMs ?? 60_000,
      options.rateLimit ?? {},
    ),
    budget: new SlidingWindow(options.writeBudget?.limit ?? 200, options.writeBudget?.windowMs ?? 3_600_000),
    settings: { imageQuota: options.imageQuota ?? 500 },
    latencyMs: options.latencyMs ?? 0,
    openapi: buildOpenApi,
    timers: new Set(),
    ...(log ? { log } : {}),
  };

  let door: Door | undefined;
  const server = nodeHttp().createServer((req, res) => {
    if (!door) return void handleRequest(rt, req, res);
    door.handle(req, res).then(
      (handled) => {
        if (!handled) void handleRequest(rt, req, res);
      },
      (error: Error) => {
        log?.(`door: ${error.message}`);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "Internal simulator error in the MCP door" }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  if (options.door) {
    const { createDoor } = await import("./door/index.js");
    door = await createDoor(rt, url, options.door === true ? {} : options.door);
  }
  log?.(`adrails simulator listening on ${url}`);
  if (door) log?.(`  MCP door ${door.control.mcpUrl} (OAuth issuer ${door.control.issuer})`);
  for (const [label, key] of Object.entries(world.keys)) log?.(`  demo key ${label.padEnd(12)} ${key}`);

  let closed: Promise<void> | undefined;
  return {
    url,
    serviceId: `adrails-sim:${seed}`,
    apiKey: world.keys.pro,
    keys: { ...world.keys },
    control: createControl(rt),
    ...(door ? { door: door.control } : {}),
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        void door?.close();
        for (const timer of rt.timers) clearTimeout(timer);
        rt.timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

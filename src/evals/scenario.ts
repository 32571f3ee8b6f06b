import { type AccountHolder, type SimAccount, type Simulator, startSimulator } from "../sim/index.js";
import type { AdToolsOptions, AuditEvent } from "../types.js";
import type { Fixture, KeyLabel } from "./schema.js";
import { resolve, type TemplateScope } from "./template.js";

/** Whose accounts a key acts on: the revoked and expired keys belong to the Pro owner. */
const HOLDER: Record<KeyLabel, AccountHolder | null> = {
  free: "free",
  pro: "pro",
  agency: "agency",
  viewer: "viewer",
  unconnected: "unconnected",
  revoked: "pro",
  expired: "pro",
  deactivated: null,
};

/** Seed used unless a scenario names its own, so every run sees the same ids. */
export const DEFAULT_SEED = "adrails-evals";

/** A fresh simulator set up for one fixture, and the pieces the runner needs from it. */
export interface Stage {
  sim: Simulator;
  /** The key the toolkit acts with. */
  apiKey: string;
  /** Every key of the simulator: none may appear in anything the run produces. */
  secrets: string[];
  /** What placeholders refer to, before any tool result. */
  scope: TemplateScope;
  /** The team's own toolkit options the run is played with, under the fixture's. */
  base: AdToolsOptions;
  close(): Promise<void>;
}

/** Starts a fresh simulator for a fixture's scenario and injects its faults. */
export async function stage(fixture: Fixture, base: AdToolsOptions = {}): Promise<Stage> {
  const { scenario } = fixture;
  const seed = scenario.seed ?? DEFAULT_SEED;
  const holder = HOLDER[scenario.key];
  if (scenario.accounts && holder === null) {
    throw new Error(`scenario.accounts cannot replace the accounts of the ${scenario.key} key`);
  }
  const accounts: Partial<Record<AccountHolder, SimAccount[]>> | undefined =
    scenario.accounts && holder ? { [holder]: scenario.accounts as SimAccount[] } : undefined;
  const sim = await startSimulator({
    seed,
    ...(accounts ? { accounts } : {}),
    ...(scenario.rateLimit ? { rateLimit: scenario.rateLimit } : {}),
    ...(scenario.writeBudget ? { writeBudget: scenario.writeBudget } : {}),
    ...(scenario.imageQuota === undefined ? {} : { imageQuota: scenario.imageQuota }),
    ...(scenario.latencyMs === undefined ? {} : { latencyMs: scenario.latencyMs }),
  });
  try {
    for (const fault of scenario.faults) sim.control.fault(fault);
    const world = sim.control.world();
    const { accounts: reachable } = world.callers[scenario.key];
    const mine = new Set(reachable.map((a) => a.id));
    const foreign = world.accounts.find((a) => !mine.has(a.id)) ?? null;
    return {
      sim,
      apiKey: sim.keys[scenario.key],
      secrets: [...new Set([sim.apiKey, ...Object.values(sim.keys)])],
      scope: { accounts: reachable, foreign, results: {} },
      base,
      close: () => sim.close(),
    };
  } catch (error) {
    await sim.close();
    throw error;
  }
}

/** The toolkit options for a fixture, apart from the human channel. */
export function toolkitOptions(
  fixture: Fixture,
  stage: Stage,
  onEvent: (event: AuditEvent) => void,
  sessionId: string,
): AdToolsOptions {
  const t = fixture.toolkit;
  // The run owns the service, the session and the person: the team's key, URL and channel would
  // reach the real service or a real person, not this run's simulator and script.
  const { apiKey: _key, baseUrl: _url, confirm: _confirm, sessionId: _session, ...base } = stage.base;
  const theirs = base.onEvent;
  const options: AdToolsOptions = {
    ...base,
    apiKey: stage.apiKey,
    baseUrl: stage.sim.url,
    onEvent: theirs
      ? (event) => {
          onEvent(event);
          theirs(event);
        }
      : onEvent,
    sessionId,
    // Short waits keep a whole run fast; the team's options or a fixture can ask for more.
    retry: { maxRetries: 3, maxWaitS: 2, baseDelayMs: 20, ...base.retry, ...t.retry },
  };
  if (t.accountId !== undefined) options.accountId = resolve(t.accountId, stage.scope);
  if (t.readOnly !== undefined) options.readOnly = t.readOnly;
  if (t.include) options.include = t.include;
  if (t.exclude) options.exclude = t.exclude;
  if (t.onUnconfirmedActive) options.onUnconfirmedActive = t.onUnconfirmedActive;
  if (t.approvalTtlMs !== undefined) options.approvalTtlMs = t.approvalTtlMs;
  if (t.maxResultChars !== undefined) options.maxResultChars = t.maxResultChars;
  if (t.rateLimit !== undefined) options.rateLimit = t.rateLimit;
  if (t.writeBudget) options.writeBudget = t.writeBudget;
  return options;
}

import type { FaultSpec } from "./faults.js";
import { CLAIM_VERSIONS, OFFER_VERSIONS } from "./handlers/briefs.js";
import type { SimRuntime } from "./pipeline.js";
import { type SimAd, type SimRequest, SimState } from "./state.js";
import type { AdSet, Campaign, KeyLabel, Plan, Role, SeedAd, SimAccount, World } from "./world.js";

type Rec = Record<string, unknown>;

/** Everything the simulator's tools have changed, for tests and evals to inspect. */
export interface SimStateSnapshot {
  ads: SimAd[];
  library: Rec[];
  profiles: Rec[];
  workflowRuns: Rec[];
  briefs: Rec[];
  runs: Rec[];
  artifacts: Rec[];
  experiments: Rec[];
  results: Rec[];
  interpretations: Rec[];
  candidates: Rec[];
  planApprovals: Rec[];
  snapshots: Rec[];
  routines: Rec[];
  alerts: Rec[];
  /** Images generated per account. */
  imagesUsed: Record<string, number>;
  /** The offer and claim versions a brief may cite (the same in every workspace). */
  offerVersions: readonly Rec[];
  claimVersions: readonly Rec[];
}

/** A seeded account with the campaigns, ad sets and ads it starts with, and its page. */
export interface SimWorldAccount extends SimAccount {
  page_id: string;
  campaigns: Campaign[];
  adsets: AdSet[];
  ads: SeedAd[];
}

/** Who a demo key acts as, and the accounts it reaches. */
export interface SimCaller {
  plan: Plan;
  role: Role;
  accounts: SimWorldAccount[];
}

/** The seeded world: the same seed and account overrides give the same ids. Keys are on `Simulator.keys`. */
export interface SimWorld {
  seed: string;
  /** By demo key label. The revoked and expired keys belong to the Pro owner. */
  callers: Record<KeyLabel, SimCaller>;
  /** Every account the simulator knows, including those no working key reaches. */
  accounts: SimWorldAccount[];
}

/** Steers and inspects a running simulator. */
export interface SimControl {
  /** Injects a fault into the next `count` matching requests. */
  fault(spec: FaultSpec): void;
  clearFaults(): void;
  /** Faults still waiting, with the requests each has left. */
  pendingFaults(): FaultSpec[];
  /** Ads created so far (push-creative and creative-loop stagings). */
  ads(): SimAd[];
  /** Every request so far, without headers: the key appears only as its label. */
  requests(): SimRequest[];
  state(): SimStateSnapshot;
  /** The seeded accounts, ad sets and ads, per key and in all; changes made by tools are in `state()`. */
  world(): SimWorld;
  /** Makes `accountId` the default account of a key's reads. */
  setActiveAccount(key: KeyLabel, accountId: string): void;
  /** Sets how many more images an account may generate from now on (default: the `imageQuota` option). */
  setImageQuota(accountId: string, images: number): void;
  /** Writes counted against an account's budget in the current window. */
  writesUsed(accountId: string): number;
  /** Forgets every change, request, fault and counted request or write; keys and accounts stay. */
  reset(): void;
}

const copy = <T>(value: T): T => structuredClone(value);
const records = (items: Iterable<Rec>): Rec[] =>
  [...items].map((r) => copy(Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith("_")))));

function describeWorld(world: World): SimWorld {
  const full = (account: SimAccount): SimWorldAccount => {
    const { campaigns, adsets, ads, page_id } = world.tree(account.id);
    return copy({ ...account, page_id, campaigns, adsets, ads });
  };
  const callers = Object.fromEntries(
    Object.entries(world.identities).map(([label, id]) => [
      label,
      { plan: id.plan, role: id.role, accounts: id.accounts.map(full) },
    ]),
  ) as Record<KeyLabel, SimCaller>;
  return { seed: world.seed, callers, accounts: [...world.accounts.values()].map(full) };
}

export function createControl(rt: SimRuntime): SimControl {
  return {
    fault: (spec) => rt.faults.add(spec),
    clearFaults: () => rt.faults.clear(),
    pendingFaults: () => rt.faults.list(),
    ads: () => copy(rt.state.ads),
    requests: () => copy(rt.state.requests),
    state: () => {
      const s = rt.state;
      return {
        ads: copy(s.ads),
        library: records(s.library),
        profiles: records(s.profiles),
        workflowRuns: records(s.workflowRuns),
        briefs: records(s.briefs.values()),
        runs: records(s.runs.values()),
        artifacts: records(s.artifacts.values()),
        experiments: records(s.experiments.values()),
        results: records(s.results),
        interpretations: records(s.interpretations),
        candidates: records(s.candidates.values()),
        planApprovals: records(s.planApprovals.values()),
        snapshots: records(s.snapshots.values()),
        routines: records(s.routines.values()),
        alerts: records(s.alerts.values()),
        imagesUsed: Object.fromEntries(s.imagesUsed),
        offerVersions: OFFER_VERSIONS,
        claimVersions: CLAIM_VERSIONS,
      };
    },
    world: () => describeWorld(rt.world),
    setActiveAccount: (key, accountId) => {
      const identity = rt.world.identities[key];
      if (!identity.accounts.some((a) => a.id === accountId)) {
        throw new Error(`${accountId} is not one of the ${key} key's accounts`);
      }
      rt.state.activeAccount.set(key, accountId);
    },
    setImageQuota: (accountId, images) => {
      rt.state.imageQuota.set(accountId, images);
      rt.state.imagesUsed.delete(accountId);
    },
    writesUsed: (accountId) => rt.budget.used(accountId),
    reset: () => {
      rt.state = new SimState(rt.world.seed);
      rt.faults.clear();
      rt.rate.clear();
      rt.budget.clear();
    },
  };
}

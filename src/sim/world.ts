import { chars, digits, pick, sha256 } from "./random.js";

/** The demo keys the simulator issues, one per plan, role or failure case. */
export type KeyLabel =
  | "free"
  | "pro"
  | "agency"
  | "viewer"
  | "unconnected"
  | "revoked"
  | "expired"
  | "deactivated";

/** The callers whose accounts can be overridden. */
export type AccountHolder = "free" | "pro" | "agency" | "viewer" | "unconnected";

export type Plan = "free" | "pro" | "agency";
export type Role = "owner" | "client_viewer";

/** An ad account as list-accounts returns it. Extra properties pass through. */
export interface SimAccount {
  id: string;
  name: string;
  currency: string;
  [extra: string]: unknown;
}

/** Who a key acts as. */
export interface Identity {
  label: KeyLabel;
  plan: Plan;
  role: Role;
  /** Groups E, F and D state, and the creative library, belong to a workspace. */
  workspace: string;
  accounts: SimAccount[];
  deactivated: boolean;
}

export interface KeyRecord {
  label: KeyLabel;
  /** SHA-256 of the key: like the service, the simulator looks keys up by hash. */
  hash: string;
  identity: Identity;
  revoked: boolean;
  expiresAt: number | null;
}

export interface Campaign {
  id: string;
  name: string;
  objective: string;
}
export interface AdSet {
  id: string;
  name: string;
  campaign_id: string;
}
export interface SeedAd {
  id: string;
  name: string;
  adset_id: string;
  campaign_id: string;
  format: string;
  hook: string;
  angle: string;
}

/** The campaigns, ad sets and ads of one account. */
export interface AccountTree {
  campaigns: Campaign[];
  adsets: AdSet[];
  ads: SeedAd[];
  page_id: string;
}

export interface World {
  seed: string;
  keys: Record<KeyLabel, string>;
  keysByHash: Map<string, KeyRecord>;
  identities: Record<KeyLabel, Identity>;
  /** Every account the simulator knows, reachable by some key or not. */
  accounts: Map<string, SimAccount>;
  tree(accountId: string): AccountTree;
}

const SEEDED: Record<Exclude<AccountHolder, "viewer"> | "deactivated", [string, string, string][]> = {
  free: [
    ["Juniper Ceramics", "USD", "America/Chicago"],
    ["Juniper Ceramics EU", "EUR", "Europe/Berlin"],
  ],
  pro: [
    ["Northwind Outdoor", "USD", "America/Denver"],
    ["Northwind Outdoor UK", "GBP", "Europe/London"],
    ["Northwind Outlet", "USD", "America/Denver"],
  ],
  agency: [
    ["Brightline Dental", "USD", "America/New_York"],
    ["Harbor Fitness", "USD", "America/Los_Angeles"],
    ["Lumen Skincare", "EUR", "Europe/Paris"],
    ["Copperleaf Coffee", "CAD", "America/Toronto"],
  ],
  unconnected: [],
  deactivated: [["Dormant Goods", "USD", "America/New_York"]],
};

const CAMPAIGNS = [
  ["Prospecting | Broad", "OUTCOME_LEADS"],
  ["Retargeting | 30d", "OUTCOME_SALES"],
] as const;
const ADSETS = [
  ["Broad 25-54", "Lookalike 1%"],
  ["Site visitors 30d", "Engaged IG 60d"],
] as const;
const FORMATS = ["video", "static", "carousel"] as const;
const HOOKS = ["question", "bold claim", "testimonial", "problem callout", "number list"] as const;
const ANGLES = ["pain", "gain", "social_proof", "authority", "urgency", "curiosity"] as const;

/** Builds the seeded world: keys, identities, accounts and their ad structure. */
export function createWorld(
  seed: string,
  overrides: Partial<Record<AccountHolder, SimAccount[]>> = {},
): World {
  const account = (holder: string, index: number, [name, currency, timezone]: [string, string, string]) => ({
    id: `act_${digits(15, seed, "account", holder, index)}`,
    name,
    currency,
    timezone,
    account_status: "ACTIVE",
    business_name: name.split(" ").slice(0, 2).join(" "),
  });
  const seeded = (holder: keyof typeof SEEDED) => SEEDED[holder].map((row, i) => account(holder, i, row));
  const agency = overrides.agency ?? seeded("agency");
  const ws = (name: string) => `ws_${chars(10, seed, "workspace", name)}`;
  const identity = (
    label: KeyLabel,
    plan: Plan,
    workspace: string,
    accounts: SimAccount[],
    extra: Partial<Identity> = {},
  ): Identity => ({ label, plan, role: "owner", workspace, accounts, deactivated: false, ...extra });

  const pro = identity("pro", "pro", ws("pro"), overrides.pro ?? seeded("pro"));
  const identities: Record<KeyLabel, Identity> = {
    free: identity("free", "free", ws("free"), overrides.free ?? seeded("free")),
    pro,
    agency: identity("agency", "agency", ws("agency"), agency),
    // A Client Viewer is a member of the agency workspace with grants on two of its accounts.
    viewer: identity("viewer", "agency", ws("agency"), overrides.viewer ?? agency.slice(0, 2), {
      role: "client_viewer",
    }),
    unconnected: identity("unconnected", "pro", ws("unconnected"), overrides.unconnected ?? []),
    revoked: pro,
    expired: pro,
    deactivated: identity("deactivated", "pro", ws("deactivated"), seeded("deactivated"), {
      deactivated: true,
    }),
  };

  const keys = {} as Record<KeyLabel, string>;
  const keysByHash = new Map<string, KeyRecord>();
  for (const label of Object.keys(identities) as KeyLabel[]) {
    const key = `adk_sim${chars(29, seed, "key", label)}`;
    keys[label] = key;
    keysByHash.set(sha256(key), {
      label,
      hash: sha256(key),
      identity: identities[label],
      revoked: label === "revoked",
      expiresAt: label === "expired" ? Date.parse("2025-01-01T00:00:00Z") : null,
    });
  }

  const accounts = new Map<string, SimAccount>();
  for (const id of Object.values(identities)) for (const a of id.accounts) accounts.set(a.id, a);

  const trees = new Map<string, AccountTree>();
  const tree = (accountId: string): AccountTree => {
    let t = trees.get(accountId);
    if (!t) {
      t = buildTree(seed, accountId);
      trees.set(accountId, t);
    }
    return t;
  };
  return { seed, keys, keysByHash, identities, accounts, tree };
}

function buildTree(seed: string, accountId: string): AccountTree {
  const campaigns: Campaign[] = [];
  const adsets: AdSet[] = [];
  const ads: SeedAd[] = [];
  CAMPAIGNS.forEach(([name, objective], c) => {
    const campaign = { id: digits(17, seed, accountId, "campaign", c), name, objective };
    campaigns.push(campaign);
    ADSETS[c]!.forEach((adsetName, s) => {
      const adset = {
        id: digits(17, seed, accountId, "adset", c, s),
        name: adsetName,
        campaign_id: campaign.id,
      };
      adsets.push(adset);
      for (let a = 0; a < 2; a++) {
        const format = pick(FORMATS, seed, accountId, "format", c, s, a);
        const n = ads.length + 1;
        ads.push({
          id: digits(17, seed, accountId, "ad", c, s, a),
          name: `${format === "video" ? "UGC Video" : format === "carousel" ? "Carousel" : "Static Offer"} ${String(n).padStart(2, "0")}`,
          adset_id: adset.id,
          campaign_id: campaign.id,
          format,
          hook: pick(HOOKS, seed, accountId, "hook", c, s, a),
          angle: pick(ANGLES, seed, accountId, "angle", c, s, a),
        });
      }
    });
  });
  return { campaigns, adsets, ads, page_id: digits(15, seed, accountId, "page") };
}

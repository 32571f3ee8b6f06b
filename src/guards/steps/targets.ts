import type { AdClient } from "../../client/index.js";
import type { ToolDefinition } from "../../tools/define.js";
import type { Targets } from "../rules/evaluate.js";
import type { MoneyRules } from "../rules/schema.js";
import { takesAccount } from "../scope.js";

// What a call touches that its body does not name, read through the toolkit's own client (REST or
// the door) before the rules judge it: the account a call that names none runs on, and the ad set
// and account of each ad a write names. Each read is made once per call.

const ACCOUNT_KEYS = ["account_id", "account_ids"];
const AD_KEYS = ["ad_id", "ad_ids"];
const CREATIVE_KEYS = ["creative_id", "creative_ids"];

/** Every value under one of `keys` anywhere in `body`. */
function valuesOf(body: unknown, keys: readonly string[], out: string[] = []): string[] {
  if (Array.isArray(body)) for (const v of body) valuesOf(v, keys, out);
  else if (body !== null && typeof body === "object") {
    for (const [k, v] of Object.entries(body)) {
      if (keys.includes(k)) {
        for (const one of Array.isArray(v) ? v : [v])
          if (one !== undefined && one !== null) out.push(String(one));
      } else valuesOf(v, keys, out);
    }
  }
  return out;
}

interface AccountRow {
  id: string;
  active?: boolean;
}

/**
 * The targets the rules need for this call, or undefined when they need none: `accounts` needs the
 * account a call that names none runs on; `protect.adsets`, `accounts` and `destinations` need what
 * an ad or creative named by a write belongs to.
 */
export async function targetsOf(
  client: AdClient,
  rules: MoneyRules,
  def: ToolDefinition,
  body: Record<string, unknown>,
  write: boolean,
): Promise<Targets | undefined> {
  const named = valuesOf(body, ACCOUNT_KEYS);
  const needAccount = rules.accounts !== undefined && named.length === 0 && takesAccount(def);
  const adRules = [
    ...(rules.accounts ? ["accounts"] : []),
    ...(rules.protect?.adsets ? ["protect.adsets"] : []),
    ...(rules.destinations ? ["destinations"] : []),
  ];
  const ads = write && adRules.length > 0 ? valuesOf(body, AD_KEYS) : [];
  const creatives = write && adRules.length > 0 ? valuesOf(body, CREATIVE_KEYS) : [];
  if (!needAccount && ads.length === 0 && creatives.length === 0) return undefined;

  const cache = new Map<string, Promise<unknown>>();
  const read = (tool: string, input: Record<string, unknown>): Promise<unknown> => {
    const key = `${tool}\n${JSON.stringify(input)}`;
    let got = cache.get(key);
    if (!got) {
      got = client.call(tool, input).then((outcome) => {
        if (outcome.kind !== "success") {
          throw new Error(`${tool} answered ${outcome.status ?? outcome.kind}`);
        }
        return outcome.data;
      });
      cache.set(key, got);
    }
    return got;
  };
  const accountsOfKey = async (): Promise<AccountRow[]> => {
    const data = (await read("list-accounts", {})) as { accounts?: unknown } | null;
    if (!Array.isArray(data?.accounts)) throw new Error("list-accounts gave no accounts");
    return data.accounts.filter((a): a is AccountRow => typeof (a as AccountRow)?.id === "string");
  };

  const targets: Targets = { accounts: [], adsets: [], urls: [] };
  const fail = (why: string, neededBy: string[]) => {
    targets.unresolved ??= why;
    targets.neededBy = [...new Set([...(targets.neededBy ?? []), ...neededBy])];
  };

  if (needAccount) {
    try {
      const accounts = await accountsOfKey();
      const active =
        accounts.find((a) => a.active === true) ?? (accounts.length === 1 ? accounts[0] : undefined);
      // When every account the key reaches is allowed, whichever is active is.
      const allAllowed = accounts.length > 0 && accounts.every((a) => rules.accounts!.includes(a.id));
      if (active) targets.accounts.push(active.id);
      else if (!allAllowed)
        fail("the call names no account and the key's active account could not be told", ["accounts"]);
    } catch (error) {
      fail(
        `the call names no account and the key's accounts could not be read (${(error as Error).message})`,
        ["accounts"],
      );
    }
  }

  for (const creative of creatives) {
    fail(`creative ${creative} names no ad set adrails can read`, adRules);
  }
  for (const ad of ads) {
    try {
      const found = await findAd(read, accountsOfKey, ad, named);
      if (!found) {
        fail(`ad ${ad} was not found in the accounts the key reaches`, adRules);
        continue;
      }
      targets.accounts.push(found.account);
      if (typeof found.row.adset_id === "string") targets.adsets.push(found.row.adset_id);
      else fail(`ad ${ad}'s ad set could not be read`, ["protect.adsets"]);
      if (typeof found.row.website_url === "string") targets.urls.push(found.row.website_url);
    } catch (error) {
      fail(`ad ${ad} could not be read (${(error as Error).message})`, adRules);
    }
  }
  return targets;
}

/** The account and delivery row of an ad: the accounts the call names first, then every account of the key. */
async function findAd(
  read: (tool: string, input: Record<string, unknown>) => Promise<unknown>,
  accountsOfKey: () => Promise<AccountRow[]>,
  ad: string,
  named: readonly string[],
): Promise<{ account: string; row: Record<string, unknown> } | undefined> {
  const search = async (account: string) => {
    const data = (await read("results", { account_id: account, level: "ad" })) as { rows?: unknown } | null;
    const rows = Array.isArray(data?.rows) ? (data.rows as Record<string, unknown>[]) : [];
    const row = rows.find((r) => r !== null && typeof r === "object" && (r.id === ad || r.ad_id === ad));
    return row ? { account, row } : undefined;
  };
  for (const account of named) {
    const found = await search(account);
    if (found) return found;
  }
  const accounts = await accountsOfKey();
  const ordered = [...accounts.filter((a) => a.active), ...accounts.filter((a) => !a.active)];
  for (const { id } of ordered) {
    if (named.includes(id)) continue;
    const found = await search(id);
    if (found) return found;
  }
  return undefined;
}

import { daysInWords, inWindow, localTime, nextOpening, type WindowSpec } from "./calendar.js";
import type { MoneyRules, RuleDay } from "./schema.js";
import { comparable } from "./text.js";

/** What a call is, as the rules judge it. */
export interface RuledCall {
  tool: string;
  body: Record<string, unknown>;
  /** The call changes something at the service. */
  write: boolean;
  /** The call can make an ad live (an ACTIVE push-creative, a door tool that needs a person). */
  launch: boolean;
  /** What the call touches beyond what its body names, read before judging (see {@link Targets}). */
  targets?: Targets;
  /** The request id of an earlier send of this launch whose outcome is unknown (it counted already). */
  pendingId?: string;
}

/**
 * What a call touches that its body does not name: the account it runs on when it names none,
 * and the ad sets, accounts and destinations of the ads or creatives a write names. `unresolved`
 * says what could not be read; the rules that needed it then refuse (or ask, in advisory mode).
 */
export interface Targets {
  accounts: string[];
  adsets: string[];
  urls: string[];
  /** Why the targets are incomplete, in words ("ad 123 could not be read: ..."). */
  unresolved?: string;
  /** The rules the missing part was needed for. */
  neededBy?: string[];
}

/** A rule that would refuse a call: its key, why, and what would be allowed instead. */
export interface Finding {
  rule: string;
  reason: string;
  hint: string;
}

const ALL_DAYS: RuleDay[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/** The window of the rules with every default filled in, or undefined when there is none. */
export function windowOf(rules: MoneyRules): WindowSpec | undefined {
  const w = rules.window;
  if (!w) return undefined;
  return {
    days: w.days ?? ALL_DAYS,
    from: w.from ?? "00:00",
    to: w.to ?? "24:00",
    timeZone: w.timeZone ?? "UTC",
  };
}

/** Every value under `key` anywhere in the body (fields of nested objects and arrays too). */
function valuesOf(body: unknown, keys: ReadonlySet<string>, out: unknown[] = []): unknown[] {
  if (Array.isArray(body)) for (const v of body) valuesOf(v, keys, out);
  else if (body !== null && typeof body === "object") {
    for (const [k, v] of Object.entries(body)) {
      if (keys.has(k)) {
        if (Array.isArray(v)) out.push(...v);
        else out.push(v);
      } else valuesOf(v, keys, out);
    }
  }
  return out;
}

/** Every string in the body, with the field it is in. */
function textsOf(body: unknown, field = "", out: [string, string][] = []): [string, string][] {
  if (typeof body === "string") out.push([field, body]);
  else if (Array.isArray(body)) for (const v of body) textsOf(v, field, out);
  else if (body !== null && typeof body === "object") {
    for (const [k, v] of Object.entries(body)) textsOf(v, k, out);
  }
  return out;
}

const ACCOUNT_KEYS = new Set(["account_id", "account_ids"]);
const ADSET_KEYS = new Set(["adset_id", "adset_ids"]);
const AD_KEYS = new Set(["ad_id", "ad_ids"]);
const URL_KEYS = new Set(["website_url"]);

/** True when `host` is `allowed` or one of its subdomains. */
function onHost(host: string, allowed: string): boolean {
  const a = allowed.toLowerCase().replace(/^\.+|\.+$/g, "");
  const h = host.toLowerCase().replace(/\.+$/, "");
  return h === a || h.endsWith(`.${a}`);
}

/**
 * The built-in rules that need no count, in order: accounts, protect, destinations, banned
 * phrases, window. The first that would refuse the call, or undefined.
 */
export function staticFinding(rules: MoneyRules, call: RuledCall, now = Date.now()): Finding | undefined {
  const { body } = call;
  const targets = call.targets;
  const unresolved = (rule: string, what: string): Finding | undefined =>
    targets?.unresolved !== undefined && targets.neededBy?.includes(rule)
      ? {
          rule,
          reason: `${targets.unresolved}, so ${what} is not known and the rule fails closed`,
          hint: "Nothing was sent. Name the account and ad set the call acts on, or ask the user.",
        }
      : undefined;
  if (rules.accounts) {
    const missing = unresolved("accounts", "the account it acts on");
    if (missing) return missing;
    const inBody = valuesOf(body, ACCOUNT_KEYS).map(String);
    const named = [...inBody, ...(targets?.accounts ?? [])];
    const other = named.find((a) => !rules.accounts!.includes(a));
    if (other !== undefined) {
      const how = inBody.includes(other)
        ? `account ${other}`
        : inBody.length === 0
          ? `this call names no account, so it runs on the key's active account ${other}, which`
          : `the call acts on account ${other} (through what it names), which`;
      return {
        rule: "accounts",
        reason: `${how} is not one of the accounts the rules allow`,
        hint: `Nothing was sent. Only these accounts may be used: ${rules.accounts.join(", ")}. Name one of them as account_id.`,
      };
    }
  }
  if (!call.write) return undefined;
  const protect = rules.protect;
  if (protect?.adsets) {
    const missing = unresolved("protect.adsets", "the ad set it writes to");
    if (missing) return missing;
    const named = [...valuesOf(body, ADSET_KEYS), ...(targets?.adsets ?? [])];
    const hit = named.find((a) => protect.adsets!.includes(String(a)));
    if (hit !== undefined) {
      return {
        rule: "protect.adsets",
        reason: `ad set ${String(hit)} is protected: no write of any kind goes into it`,
        hint: "Nothing was sent. Do not write to this ad set; choose another ad set or ask the user.",
      };
    }
  }
  if (protect?.ads) {
    const hit = valuesOf(body, AD_KEYS).find((a) => protect.ads!.includes(String(a)));
    if (hit !== undefined) {
      return {
        rule: "protect.ads",
        reason: `ad ${String(hit)} is protected: no write of any kind touches it`,
        hint: "Nothing was sent. Leave this ad alone; ask the user if it must change.",
      };
    }
  }
  if (rules.destinations) {
    const missing = unresolved("destinations", "the destination it uses");
    if (missing) return missing;
    for (const url of [...valuesOf(body, URL_KEYS), ...(targets?.urls ?? [])]) {
      let host = "";
      try {
        host = new URL(String(url)).hostname;
      } catch {
        // An unparsable URL is on no allowed host.
      }
      if (!rules.destinations.some((d) => host !== "" && onHost(host, d))) {
        return {
          rule: "destinations",
          reason: `website_url ${String(url)} is not on an allowed domain`,
          hint: `Nothing was sent. Use a website_url on ${rules.destinations.join(", ")} (or a subdomain).`,
        };
      }
    }
  }
  if (rules.bannedPhrases) {
    for (const [field, text] of textsOf(body)) {
      const plain = comparable(text);
      const phrase = rules.bannedPhrases.find((p) => plain.includes(comparable(p)));
      if (phrase !== undefined) {
        return {
          rule: "bannedPhrases",
          reason: `the ${field || "text"} contains the banned phrase "${phrase}"`,
          hint: `Nothing was sent. Rewrite the ${field || "text"} without "${phrase}" and call again.`,
        };
      }
    }
  }
  const w = windowOf(rules);
  if (w && call.launch) {
    const local = localTime(w.timeZone, now);
    if (!inWindow(w, local)) {
      const open = nextOpening(w, local);
      return {
        rule: "window",
        reason: `ads may go live only ${daysInWords(w.days)} ${w.from}-${w.to} (${w.timeZone}); it is ${NAMES_SHORT[local.day]} ${local.time} there`,
        hint: `Nothing was sent. The launch window opens ${open} (${w.timeZone}). Create the ad with status PAUSED now, or launch it then.`,
      };
    }
  }
  return undefined;
}

const NAMES_SHORT: Record<RuleDay, string> = {
  sun: "Sun",
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
};

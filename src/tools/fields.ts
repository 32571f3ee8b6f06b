import { z } from "zod";
import { nonPublicHostReason } from "./hosts.js";

// Field builders shared by the tool definitions. They keep the JSON Schema a model reads lean:
// formats are shown as `format`, and patterns are checked in code rather than sent as regexes.

const ACCOUNT_ID = /^act_\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An ad account id, `act_<digits>`. */
export const accountId = () => z.string().refine((v) => ACCOUNT_ID.test(v), "must look like act_<digits>");

/** The optional account of a read: the service uses the workspace's active account when omitted. */
export const readAccountId = () => accountId().optional().describe("Default: the active account");

// Date.parse rolls 2024-02-30 over to March; a real date reads back as itself.
const isCalendarDate = (v: string): boolean => {
  if (!DATE.test(v)) return false;
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
};

/** A calendar date, `YYYY-MM-DD`. */
export const isoDate = () =>
  z.string().refine(isCalendarDate, "must be a date YYYY-MM-DD").meta({ format: "date" });

const HTTP_URL_START = /^https?:\/\//i;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const NOT_HTTP_URL = "must be an absolute http(s) URL";
const NOT_PUBLIC_URL = "must be a public URL (no loopback, link-local or private-range host)";

// What z.url({ protocol: /^https?$/ }) accepts and sends (trimmed, tabs and newlines removed), with
// the URL parsed once: only a media URL needs the parsed host, for the private-host rule.
const httpUrl = (publicOnly: boolean) =>
  z
    .string()
    .check((ctx) => {
      const trimmed = ctx.value.trim();
      const host = publicOnly ? hostOf(trimmed) : URL.canParse(trimmed) ? "" : undefined;
      // The scheme and its slashes must be written out: the URL parser alone accepts "https:x.com".
      if (host === undefined || !HTTP_URL_START.test(trimmed)) {
        ctx.issues.push({ code: "invalid_format", format: "url", input: ctx.value, message: NOT_HTTP_URL });
      } else if (publicOnly && isPrivateHost(host)) {
        ctx.issues.push({ code: "custom", input: ctx.value, message: NOT_PUBLIC_URL });
      } else {
        ctx.value = trimmed.replace(TAB_OR_NEWLINE, "");
      }
    })
    .meta({ format: "uri" });

function hostOf(text: string): string | undefined {
  try {
    return new URL(text).hostname;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) URI. */
export const uri = () => httpUrl(false);

/** True for every host that is not public (loopback, private, link-local, documentation, multicast ...): the service refuses them for media. */
export const isPrivateHost = (hostname: string): boolean => nonPublicHostReason(hostname) !== null;

/** A public http(s) media URL: loopback, link-local and private-range hosts are refused. */
export const publicUri = () => httpUrl(true);

/** A URL whose scheme may be left out (the service fills `https://`). */
export const looseUrl = () =>
  z.string().refine((v) => {
    try {
      const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`);
      // An IPv6 literal ("[2606:4700::1111]") names a host as well as a dotted name does.
      return url.hostname.includes(".") || url.hostname.includes(":") || url.hostname === "localhost";
    } catch {
      return false;
    }
  }, "must be a URL or a domain");

/** An integer without zod's MAX_SAFE_INTEGER bound, which costs tokens and says nothing. */
export const integer = () =>
  z.number().refine(Number.isInteger, "must be an integer").meta({ type: "integer" });

/** How many items a generation workflow makes: at least 1; above `max` the service clamps. */
export const itemCount = (fallback: number, max: number) =>
  integer()
    .refine((v) => v >= 1, "must be at least 1")
    .default(fallback)
    .describe(`Max ${max}; more is clamped`);

/** A two-letter country code such as US. */
export const countryCode = () =>
  z
    .string()
    .length(2)
    .refine((v) => /^[A-Za-z]{2}$/.test(v), "must be a two-letter country code");

/** The service's retry key for ad-platform writes: 8 to 128 characters. */
export const requestId = () => z.string().min(8).max(128);

/** An object whose inner fields the spec does not show: accepted as given. */
export const openObject = () => z.looseObject({});

// Any JSON value but an array, said as a list of types: MCP hosts (the Inspector) warn about an
// `items` with no validation keyword, OpenAI and Gemini refuse an array without `items` (so no
// "array" in the list), and the AI SDK turns the list into the one-type-per-node anyOf Gemini takes.
// One anyOf member per type said the same at four times the tokens (+560 on the catalog).
/** The JSON Schema of an element whose type the spec does not show. */
export const ANY_VALUE = { type: ["string", "number", "boolean", "object", "null"] };

/** An array whose element type the spec does not show: its items take any value. */
export const anyArray = () => z.array(z.unknown().meta(structuredClone(ANY_VALUE)));

/** Advertised statuses, by family (spec section 4). */
export const STATUSES = {
  plain: [200, 400, 401, 429, 503],
  accountRead: [200, 400, 401, 403, 404, 429, 503],
  copy: [200, 400, 401, 403, 422, 429, 502, 503],
  workflow: [200, 207, 400, 401, 403, 404, 409, 429, 503],
  gone: [410],
} as const satisfies Record<string, readonly number[]>;

/** The optional fields every group E and F tool takes. */
export const workspaceFields = () => ({
  account_id: accountId().optional(),
  client_workspace_id: z.string().optional(),
});

type Ctx = z.RefinementCtx;
const present = (v: Record<string, unknown>, key: string) => v[key] !== undefined;

const blank = (value: unknown) => typeof value === "string" && value.trim() === "";
// The service reads an empty string as missing, as JavaScript truthiness does; one of only spaces
// says nothing either.
const given = (v: Record<string, unknown>, key: string) => present(v, key) && !blank(v[key]);

/** Rule: at least one of `keys` is given; an empty or whitespace-only string is not given. */
export function atLeastOne(v: Record<string, unknown>, ctx: Ctx, ...keys: string[]) {
  if (!keys.some((k) => given(v, k))) {
    ctx.addIssue({ code: "custom", path: [keys[0]!], message: `give at least one of ${keys.join(", ")}` });
  }
}

/** Rule: exactly one of `keys` is given; an empty or whitespace-only one is refused as blank. */
export function exactlyOne(v: Record<string, unknown>, ctx: Ctx, ...keys: string[]) {
  const blanks = keys.filter((k) => present(v, k) && blank(v[k]));
  for (const key of blanks) {
    ctx.addIssue({ code: "custom", path: [key], message: "is blank: give a value or leave it out" });
  }
  if (blanks.length > 0) return;
  const given = keys.filter((k) => present(v, k));
  if (given.length !== 1) {
    ctx.addIssue({
      code: "custom",
      path: [given[1] ?? keys[0]!],
      message: `give exactly one of ${keys.join(", ")}${given.length ? ` (got ${given.join(", ")})` : ""}`,
    });
  }
}

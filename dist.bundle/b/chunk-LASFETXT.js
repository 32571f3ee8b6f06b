import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/tools/fields.js
import { z } from "zod";

// dist/tools/hosts.js
function nonPublicHostReason(hostname) {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  if (host === "localhost" || host.endsWith(".localhost"))
    return `${host} is a loopback host`;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host))
    return ipv4Reason(host);
  if (host.includes(":"))
    return ipv6Reason(host);
  return null;
}
__name(nonPublicHostReason, "nonPublicHostReason");
function ipv4Reason(host) {
  const [a = 0, b = 0] = host.split(".").map(Number);
  if (a === 127)
    return `${host} is a loopback address`;
  if (a === 10 || a === 172 && b >= 16 && b <= 31 || a === 192 && b === 168) {
    return `${host} is a private-range address`;
  }
  if (a === 169 && b === 254)
    return `${host} is a link-local address`;
  if (a === 0)
    return `${host} is not a routable address`;
  return null;
}
__name(ipv4Reason, "ipv4Reason");
function ipv6Reason(host) {
  const groups = ipv6Groups(host);
  if (!groups)
    return `${host} is not a valid IPv6 address`;
  const zeroPrefix = groups.slice(0, 5).every((g) => g === 0);
  if (zeroPrefix && groups[5] === 0 && groups[6] === 0) {
    if (groups[7] === 1)
      return `${host} is a loopback address`;
    if (groups[7] === 0)
      return `${host} is not a routable address`;
  }
  if (zeroPrefix && (groups[5] === 65535 || groups[5] === 0)) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return ipv4Reason([hi >>> 8, hi & 255, lo >>> 8, lo & 255].join("."));
  }
  const first = groups[0];
  if ((first & 65472) === 65152)
    return `${host} is a link-local address`;
  if ((first & 65472) === 65216)
    return `${host} is a private-range (site-local) address`;
  if ((first & 65024) === 64512)
    return `${host} is a private-range (unique local) address`;
  if ((first & 65280) === 65280)
    return `${host} is a multicast address`;
  return null;
}
__name(ipv6Reason, "ipv6Reason");
function ipv6Groups(host) {
  let text = host.replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    if ([a, b, c, d].some((n) => n > 255))
      return null;
    text = `${text.slice(0, dotted.index)}${(a << 8 | b).toString(16)}:${(c << 8 | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2)
    return null;
  const part = /* @__PURE__ */ __name((s) => s === "" ? [] : s.split(":"), "part");
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1)
    return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g)))
    return null;
  return all.map((g) => Number.parseInt(g, 16));
}
__name(ipv6Groups, "ipv6Groups");

// dist/tools/fields.js
var ACCOUNT_ID = /^act_\d+$/;
var DATE = /^\d{4}-\d{2}-\d{2}$/;
var accountId = /* @__PURE__ */ __name(() => z.string().refine((v) => ACCOUNT_ID.test(v), "must look like act_<digits>"), "accountId");
var readAccountId = /* @__PURE__ */ __name(() => accountId().optional().describe("Default: the active account"), "readAccountId");
var isCalendarDate = /* @__PURE__ */ __name((v) => {
  if (!DATE.test(v))
    return false;
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
}, "isCalendarDate");
var isoDate = /* @__PURE__ */ __name(() => z.string().refine(isCalendarDate, "must be a date YYYY-MM-DD").meta({ format: "date" }), "isoDate");
var HTTP_URL_START = /^https?:\/\//i;
var TAB_OR_NEWLINE = /[\t\n\r]/g;
var NOT_HTTP_URL = "must be an absolute http(s) URL";
var NOT_PUBLIC_URL = "must be a public URL (no loopback, link-local or private-range host)";
var httpUrl = /* @__PURE__ */ __name((publicOnly) => z.string().check((ctx) => {
  const trimmed = ctx.value.trim();
  const host = publicOnly ? hostOf(trimmed) : URL.canParse(trimmed) ? "" : void 0;
  if (host === void 0 || !HTTP_URL_START.test(trimmed)) {
    ctx.issues.push({ code: "invalid_format", format: "url", input: ctx.value, message: NOT_HTTP_URL });
  } else if (publicOnly && isPrivateHost(host)) {
    ctx.issues.push({ code: "custom", input: ctx.value, message: NOT_PUBLIC_URL });
  } else {
    ctx.value = trimmed.replace(TAB_OR_NEWLINE, "");
  }
}).meta({ format: "uri" }), "httpUrl");
function hostOf(text) {
  try {
    return new URL(text).hostname;
  } catch {
    return void 0;
  }
}
__name(hostOf, "hostOf");
var uri = /* @__PURE__ */ __name(() => httpUrl(false), "uri");
var isPrivateHost = /* @__PURE__ */ __name((hostname) => nonPublicHostReason(hostname) !== null, "isPrivateHost");
var publicUri = /* @__PURE__ */ __name(() => httpUrl(true), "publicUri");
var looseUrl = /* @__PURE__ */ __name(() => z.string().refine((v) => {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`);
    return url.hostname.includes(".") || url.hostname.includes(":") || url.hostname === "localhost";
  } catch {
    return false;
  }
}, "must be a URL or a domain"), "looseUrl");
var integer = /* @__PURE__ */ __name(() => z.number().refine(Number.isInteger, "must be an integer").meta({ type: "integer" }), "integer");
var itemCount = /* @__PURE__ */ __name((fallback, max) => integer().refine((v) => v >= 1, "must be at least 1").default(fallback).describe(`Max ${max}; more is clamped`), "itemCount");
var countryCode = /* @__PURE__ */ __name(() => z.string().length(2).refine((v) => /^[A-Za-z]{2}$/.test(v), "must be a two-letter country code"), "countryCode");
var requestId = /* @__PURE__ */ __name(() => z.string().min(8).max(128), "requestId");
var openObject = /* @__PURE__ */ __name(() => z.looseObject({}), "openObject");
var ANY_VALUE = { type: ["string", "number", "boolean", "object", "null"] };
var anyArray = /* @__PURE__ */ __name(() => z.array(z.unknown().meta(structuredClone(ANY_VALUE))), "anyArray");
var STATUSES = {
  plain: [200, 400, 401, 429, 503],
  accountRead: [200, 400, 401, 403, 404, 429, 503],
  copy: [200, 400, 401, 403, 422, 429, 502, 503],
  workflow: [200, 207, 400, 401, 403, 404, 409, 429, 503],
  gone: [410]
};
var workspaceFields = /* @__PURE__ */ __name(() => ({
  account_id: accountId().optional(),
  client_workspace_id: z.string().optional()
}), "workspaceFields");
var present = /* @__PURE__ */ __name((v, key) => v[key] !== void 0, "present");
var blank = /* @__PURE__ */ __name((value) => typeof value === "string" && value.trim() === "", "blank");
var given = /* @__PURE__ */ __name((v, key) => present(v, key) && !blank(v[key]), "given");
function atLeastOne(v, ctx, ...keys) {
  if (!keys.some((k) => given(v, k))) {
    ctx.addIssue({ code: "custom", path: [keys[0]], message: `give at least one of ${keys.join(", ")}` });
  }
}
__name(atLeastOne, "atLeastOne");
function exactlyOne(v, ctx, ...keys) {
  const blanks = keys.filter((k) => present(v, k) && blank(v[k]));
  for (const key of blanks) {
    ctx.addIssue({ code: "custom", path: [key], message: "is blank: give a value or leave it out" });
  }
  if (blanks.length > 0)
    return;
  const given2 = keys.filter((k) => present(v, k));
  if (given2.length !== 1) {
    ctx.addIssue({
      code: "custom",
      path: [given2[1] ?? keys[0]],
      message: `give exactly one of ${keys.join(", ")}${given2.length ? ` (got ${given2.join(", ")})` : ""}`
    });
  }
}
__name(exactlyOne, "exactlyOne");

export {
  nonPublicHostReason,
  accountId,
  readAccountId,
  isoDate,
  uri,
  isPrivateHost,
  publicUri,
  looseUrl,
  integer,
  itemCount,
  countryCode,
  requestId,
  openObject,
  anyArray,
  STATUSES,
  workspaceFields,
  atLeastOne,
  exactlyOne
};

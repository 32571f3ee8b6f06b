import { createRequire } from "node:module";
import type IpAddr from "ipaddr.js";

// One check for "may a URL with this host be contacted?": the catalog's media-URL rule, the
// simulator's refusals and the inbox page's "load it or show it as text" all stand on it. The
// special-purpose blocks are ipaddr.js's range() names (the IANA IPv4 and IPv6 Special-Purpose
// Address Registries, RFC 6890 and its updates); only globally reachable unicast is public.

// IPv4 blocks the registry marks globally reachable although they have a name of their own.
const PUBLIC_V4 = new Set(["unicast", "as112", "amt"]);

// Loaded on the first address checked, not when the catalog is: `adrails mcp` answers its host sooner.
let loaded:
  | { lib: typeof IpAddr; globalUnicast: [IpAddr.IPv6, number]; ietf: [IpAddr.IPv6, number] }
  | undefined;
function ipaddr() {
  if (!loaded) {
    const lib = createRequire(import.meta.url)("ipaddr.js") as typeof IpAddr;
    const cidr = (text: string) => lib.IPv6.parseCIDR(text);
    loaded = {
      lib,
      // IANA's global unicast space: everything outside it (::/8, 100::/64, 64:ff9b::/96, fc00::/7,
      // fe80::/10, ff00::/8, 5f00::/16 ...) is special-purpose or unallocated.
      globalUnicast: cidr("2000::/3"),
      // IETF protocol assignments (Teredo, benchmarking, ORCHID, AMT, AS112 ...), whatever range() names first.
      ietf: cidr("2001::/23"),
    };
  }
  return loaded;
}

const WORDS: Record<string, string> = {
  unspecified: "is not a routable address",
  loopback: "is a loopback address",
  linkLocal: "is a link-local address",
  private: "is a private-range address",
  uniqueLocal: "is a private-range (unique local) address",
  deprecatedSiteLocal: "is a private-range (site-local) address",
  carrierGradeNat: "is a shared (carrier-grade NAT) address",
  multicast: "is a multicast address",
  broadcast: "is the broadcast address",
  reserved: "is a reserved or documentation address",
  benchmarking: "is a benchmarking address",
  ipv4Mapped: "is an IPv4-mapped address",
  rfc6145: "is an IPv4-translated address",
  rfc6052: "is a NAT64 address",
  teredo: "is a Teredo address",
  discard: "is a discard-only address",
  segmentRouting: "is a segment-routing address",
};

// Names that never leave a local network (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal).
const LOCAL_SUFFIXES = ["localhost", "local", "internal", "home.arpa", "invalid"];

/**
 * Why a URL host is not a public host, or null. Refused: every special-purpose IPv4 and IPv6
 * block that is not globally reachable (loopback, private, shared, link-local, documentation,
 * benchmarking, multicast, broadcast, reserved, IPv4-mapped, NAT64, Teredo, 6to4 of such an
 * address ...), any spelling of them (decimal, octal, hex, short forms), local-only names and
 * single-label names. `hostname` is as `new URL(...).hostname` gives it; other spellings are read
 * the way a browser reads them.
 */
export function nonPublicHostReason(hostname: string): string | null {
  const host = canonicalHost(hostname);
  if (host === null) return `${hostname} is not a valid host name`;
  if (host.startsWith("[")) return ipv6Reason(host.slice(1, -1));
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return ipv4Reason(host);
  if (host === "" || !host.includes(".")) {
    return host === "localhost" ? "localhost is a loopback host" : `${host} is not a public host name`;
  }
  const local = LOCAL_SUFFIXES.find((suffix) => host === suffix || host.endsWith(`.${suffix}`));
  if (local === "localhost") return `${host} is a loopback host`;
  if (local) return `${host} is a local-network name (.${local})`;
  return null;
}

/**
 * The host as the WHATWG URL parser (a browser) writes it: lower case, an IPv4 address in any
 * spelling as four decimals, an IPv6 literal in brackets, no trailing dot; null when it is not a host.
 */
function canonicalHost(hostname: string): string | null {
  const bare = hostname.trim().replace(/^\[|\]$/g, "");
  const literal = bare.includes(":") ? `[${bare}]` : bare;
  try {
    const host = new URL(`http://${literal}/`).hostname;
    return host.replace(/\.+$/, "");
  } catch {
    return null;
  }
}

function ipv4Reason(host: string): string | null {
  const range = ipaddr().lib.IPv4.parse(host).range();
  return PUBLIC_V4.has(range) ? null : `${host} ${WORDS[range] ?? `is a special-purpose address (${range})`}`;
}

function ipv6Reason(host: string): string | null {
  const { lib, globalUnicast, ietf } = ipaddr();
  if (!lib.IPv6.isValid(host)) return `${host} is not a valid IPv6 address`;
  const address = lib.IPv6.parse(host);
  const range = address.range();
  if (range === "6to4") {
    // 2002:AABB:CCDD::/48 is the 6to4 site of the IPv4 address AA.BB.CC.DD: public only if it is.
    const [a = 0, b = 0, c = 0, d = 0] = address.toByteArray().slice(2, 6);
    const embedded = ipv4Reason(`${a}.${b}.${c}.${d}`);
    return embedded === null ? null : `${host} is the 6to4 address of ${embedded.replace(" is ", ", ")}`;
  }
  if (range !== "unicast" && range !== "as112v6") {
    return `${host} ${WORDS[range] ?? `is a special-purpose address (${range})`}`;
  }
  if (address.match(ietf)) return `${host} is an IETF protocol (Teredo, benchmarking) address`;
  if (!address.match(globalUnicast)) return `${host} is outside the global unicast space`;
  return null;
}

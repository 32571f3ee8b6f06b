/**
 * Why a URL host is not a public host (loopback, private range, link-local, unspecified), or null.
 * `hostname` is as `new URL(...).hostname` gives it. The catalog's media-URL rule and the
 * simulator's refusal messages both stand on this one check.
 */
export function nonPublicHostReason(hostname: string): string | null {
  // A trailing dot names the same host ("localhost." is localhost).
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return `${host} is a loopback host`;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return ipv4Reason(host);
  if (host.includes(":")) return ipv6Reason(host);
  return null;
}

function ipv4Reason(host: string): string | null {
  const [a = 0, b = 0] = host.split(".").map(Number);
  if (a === 127) return `${host} is a loopback address`;
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) {
    return `${host} is a private-range address`;
  }
  if (a === 169 && b === 254) return `${host} is a link-local address`;
  if (a === 0) return `${host} is not a routable address`;
  return null;
}

function ipv6Reason(host: string): string | null {
  const groups = ipv6Groups(host);
  if (!groups) return `${host} is not a valid IPv6 address`;
  const zeroPrefix = groups.slice(0, 5).every((g) => g === 0);
  if (zeroPrefix && groups[5] === 0 && groups[6] === 0) {
    if (groups[7] === 1) return `${host} is a loopback address`;
    if (groups[7] === 0) return `${host} is not a routable address`;
  }
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): WHATWG URL writes both in hex.
  if (zeroPrefix && (groups[5] === 0xffff || groups[5] === 0)) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return ipv4Reason([hi >>> 8, hi & 255, lo >>> 8, lo & 255].join("."));
  }
  const first = groups[0]!;
  if ((first & 0xffc0) === 0xfe80) return `${host} is a link-local address`;
  if ((first & 0xffc0) === 0xfec0) return `${host} is a private-range (site-local) address`;
  if ((first & 0xfe00) === 0xfc00) return `${host} is a private-range (unique local) address`;
  if ((first & 0xff00) === 0xff00) return `${host} is a multicast address`;
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function ipv6Groups(host: string): number[] | null {
  let text = host.replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const part = (s: string) => (s === "" ? [] : s.split(":"));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => Number.parseInt(g, 16));
}

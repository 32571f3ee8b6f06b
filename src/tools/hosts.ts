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
  if (host === "::1") return `${host} is a loopback address`;
  if (host === "::") return `${host} is not a routable address`;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped) return ipv4Reason(mapped[1]!);
  // IPv4-mapped: WHATWG URL rewrites ::ffff:127.0.0.1 to the hex form ::ffff:7f00:1.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (hex) {
    const n = (Number.parseInt(hex[1]!, 16) << 16) | Number.parseInt(hex[2]!, 16);
    return ipv4Reason([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join("."));
  }
  const first = Number.parseInt(host.split(":")[0] || "0", 16);
  if ((first & 0xffc0) === 0xfe80) return `${host} is a link-local address`;
  if ((first & 0xfe00) === 0xfc00) return `${host} is a private-range (unique local) address`;
  return null;
}

import { isIP } from "node:net";

/**
 * Why a media URL is refused, or null when it is a public http(s) URL.
 * Refused: other schemes, loopback, private ranges, link-local, unspecified and single-label hosts.
 */
export function privateUrlReason(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${raw} is not a URL`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `${url.protocol} URLs are not allowed`;
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return `${host} is a loopback host`;
  const family = isIP(host);
  if (family === 4) return ipv4Reason(host);
  if (family === 6) return ipv6Reason(host);
  if (!host.includes(".")) return `${host} is not a public host name`;
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

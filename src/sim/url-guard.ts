import { nonPublicHostReason } from "../tools/hosts.js";

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
  const reason = nonPublicHostReason(host);
  if (reason !== null) return reason;
  if (!host.includes(".") && !host.includes(":")) return `${host} is not a public host name`;
  return null;
}

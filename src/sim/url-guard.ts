import { nonPublicHostReason } from "../tools/hosts.js";

/**
 * Why a media URL is refused, or null when it is a public http(s) URL.
 * Refused: other schemes and every host that is not public (see `nonPublicHostReason`).
 */
export function privateUrlReason(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${raw} is not a URL`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `${url.protocol} URLs are not allowed`;
  return nonPublicHostReason(url.hostname);
}

import type { IncomingMessage } from "node:http";
import type { PasskeyRp } from "../guards/approval/passkey.js";
import { originAllowed } from "../guards/approval/passkey-check.js";
import { overTls } from "./security.js";

/**
 * The origin a passkey ceremony of this request happens at, or a message for the person when the
 * page was opened elsewhere. WebAuthn binds a passkey to a name (the people file's `rp.id`,
 * default `localhost`), never to an IP address: a page opened at 127.0.0.1 cannot use one.
 */
export function ceremonyOrigin(
  req: IncomingMessage,
  rp: PasskeyRp,
): { origin: string } | { problem: string } {
  const host = (req.headers.host ?? "").toLowerCase();
  const own = `${overTls(req) ? "https" : "http"}://${host}`;
  // Behind a proxy the page's scheme is the one its listed origins say.
  const origin = [...(rp.origins ?? []), own].find((o) => URL.canParse(o) && new URL(o).host === host);
  if (origin && originAllowed(rp, origin)) return { origin };
  const port = host.match(/:\d+$/)?.[0] ?? "";
  const where = rp.origins?.[0] ?? (rp.id === "localhost" ? `http://localhost${port}` : `https://${rp.id}`);
  return {
    problem: `Passkeys work only on the page opened at ${where}/: a passkey is bound to the name ${rp.id}, never to an address like ${host || "this one"}. Open the inbox there and sign in again. Nothing was changed.`,
  };
}

/** Said when the WebAuthn server library (an optional peer dependency) is not installed. */
export const NO_WEBAUTHN =
  "Passkeys need the package @simplewebauthn/server (version 13) next to adrails: run npm install @simplewebauthn/server@13 and restart the inbox. Nothing was changed.";

/** @simplewebauthn/server, loaded on first use; null when it is not installed. */
export async function webauthnServer(): Promise<typeof import("@simplewebauthn/server") | null> {
  try {
    return await import("@simplewebauthn/server");
  } catch {
    return null;
  }
}

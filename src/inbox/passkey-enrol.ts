import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { DEFAULT_RP, type PasskeyEnrolment, passkeyCredential } from "../guards/approval/passkey.js";
import { ceremonyOrigin, NO_WEBAUTHN, webauthnServer } from "./passkey-site.js";
import type { People, Person } from "./people.js";
import type { Session } from "./security.js";

/** An answer of a passkey route: the status, and the JSON body for the page's script. */
export type PasskeyAnswer = { status: number; body: Record<string, unknown> };

const ENROL_MS = 5 * 60_000;
const fail = (status: number, message: string): PasskeyAnswer => ({ status, body: { ok: false, message } });

/**
 * Enrolment from the page: registration options for the signed-in person, and the check of what
 * their authenticator answered. The result is an export for the people file: the inbox keeps no
 * passkey of its own, so a passkey counts once the file that agents read lists it.
 */
export function createEnrolment(people: People, title: string) {
  const rp = people.rp ?? DEFAULT_RP;
  const verify = people.userVerification ?? "preferred";
  // One ceremony at a time per tab: the challenge stays here, never with the page.
  const open = new Map<string, { challenge: string; until: number }>();

  async function options(req: IncomingMessage, session: Session, person: Person): Promise<PasskeyAnswer> {
    const at = ceremonyOrigin(req, rp);
    if ("problem" in at) return fail(409, at.problem);
    const lib = await webauthnServer();
    if (!lib) return fail(409, NO_WEBAUTHN);
    const options = await lib.generateRegistrationOptions({
      rpName: title,
      rpID: rp.id,
      userName: person.name,
      // Stable per person and site, and no secret: an authenticator keeps one passkey per person.
      userID: new Uint8Array(
        createHash("sha256").update(`${rp.id}\n${person.name}`).digest().subarray(0, 16),
      ),
      attestationType: "none",
      excludeCredentials: (person.passkeys ?? []).map((p) => ({
        id: p.id,
        ...(p.transports ? { transports: p.transports as never } : {}),
      })),
      authenticatorSelection: { residentKey: "preferred", userVerification: verify },
    });
    for (const [key, v] of open) if (v.until < Date.now()) open.delete(key);
    open.set(session.key, { challenge: options.challenge, until: Date.now() + ENROL_MS });
    return { status: 200, body: { ok: true, options } };
  }

  async function finish(
    req: IncomingMessage,
    session: Session,
    person: Person,
    form: Record<string, string>,
  ): Promise<PasskeyAnswer> {
    const at = ceremonyOrigin(req, rp);
    if ("problem" in at) return fail(409, at.problem);
    const pending = open.get(session.key);
    open.delete(session.key);
    if (!pending || pending.until < Date.now()) {
      return fail(409, "This passkey enrolment was not started here or took too long: start it again.");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(form.response ?? "");
    } catch {
      return fail(400, "The browser's answer is not JSON: start the enrolment again.");
    }
    const lib = await webauthnServer();
    if (!lib) return fail(409, NO_WEBAUTHN);
    let info: Awaited<ReturnType<typeof lib.verifyRegistrationResponse>>["registrationInfo"];
    try {
      const result = await lib.verifyRegistrationResponse({
        response: parsed as never,
        expectedChallenge: pending.challenge,
        expectedOrigin: at.origin,
        expectedRPID: rp.id,
        requireUserVerification: verify === "required",
      });
      info = result.verified ? result.registrationInfo : undefined;
    } catch (error) {
      return fail(400, `The passkey was not enrolled: ${(error as Error).message}`);
    }
    if (!info) return fail(400, "The passkey was not enrolled: the authenticator's answer does not verify.");
    const label = (form.label ?? "").trim().slice(0, 80);
    const enrolment: PasskeyEnrolment = {
      name: person.name,
      passkey: passkeyCredential(info.credential, label),
    };
    return {
      status: 200,
      body: {
        ok: true,
        message: `Passkey enrolled for ${person.name}. It counts once the people file lists it: give the line below to whoever keeps the people file (it adds the passkey to it), then restart the inbox.`,
        enrolment,
        command: `echo '${JSON.stringify(enrolment).replaceAll("'", "'\\''")}' | adrails inbox people add-passkey --file people.json`,
      },
    };
  }

  return { options, finish };
}

import type { IncomingMessage } from "node:http";
import { DEFAULT_RP, needsPasskey, passkeyChallenge } from "../guards/approval/passkey.js";
import { checkPasskey } from "../guards/approval/passkey-check.js";
import type { DraftResult, Inbox, PersonDecision, SignedClaims } from "./inbox-api.js";
import type { PasskeyAnswer } from "./passkey-enrol.js";
import { ceremonyOrigin, NO_WEBAUTHN, webauthnServer } from "./passkey-site.js";
import type { People, Person } from "./people.js";
import type { Session } from "./security.js";

/** How long the page has to get the person's passkey assertion for a decision it asked for. */
const OPEN_MS = 3 * 60_000;

/** What the decide route goes on with: the statement a passkey signed, or a refusal to send. */
export type Proof =
  | { ok: true; signed?: SignedClaims; decision?: PersonDecision; fingerprint?: string }
  | { ok: false; answer: PasskeyAnswer }
  | { ok: false; refused: Extract<DraftResult, { ok: false }> };

const fail = (status: number, message: string) => ({
  ok: false as const,
  answer: { status, body: { ok: false, message } },
});

/**
 * Decisions signed with a person's passkey: the challenge route fixes the statement the inbox
 * will sign (every claim, its time too) and keeps it with this tab's session and the item; the
 * browser's assertion over its digest then decides with exactly that statement, once.
 */
export function createPasskeyDecisions(inbox: Inbox, people: People) {
  const rp = people.rp ?? DEFAULT_RP;
  const open = new Map<string, { json: string; until: number }>();
  const slot = (session: Session, id: string) => `${session.key}\n${id}`;

  /** The assertion options for deciding `decision` on item `id` now, or why not. */
  async function challenge(
    req: IncomingMessage,
    session: Session,
    person: Person,
    id: string,
    decision: PersonDecision,
    fingerprint: string,
  ): Promise<Proof | { ok: true; options: unknown }> {
    const at = ceremonyOrigin(req, rp);
    if ("problem" in at) return fail(409, at.problem);
    const passkeys = person.passkeys ?? [];
    if (passkeys.length === 0) {
      return fail(
        409,
        "You have no passkey in the people file: add one (Add a passkey), have it added to the file, and restart the inbox. Nothing was recorded.",
      );
    }
    const lib = await webauthnServer();
    if (!lib) return fail(409, NO_WEBAUTHN);
    const drafted = await inbox.claims(id, decision, person.name, fingerprint);
    if (!drafted.ok) return { ok: false, refused: drafted };
    for (const [key, v] of open) if (v.until < Date.now()) open.delete(key);
    open.set(slot(session, id), { json: drafted.json, until: Date.now() + OPEN_MS });
    const options = await lib.generateAuthenticationOptions({
      rpID: rp.id,
      challenge: new Uint8Array(Buffer.from(passkeyChallenge(drafted.json), "base64url")),
      allowCredentials: passkeys.map((p) => ({
        id: p.id,
        ...(p.transports ? { transports: p.transports as never } : {}),
      })),
      userVerification: people.userVerification ?? "preferred",
      timeout: OPEN_MS - 30_000,
    });
    return { ok: true, options };
  }

  /**
   * What a decision posted to `decide` carries: with an assertion, the statement it signed (checked
   * here, so the person hears at once when it does not hold); without, nothing, unless the person
   * or the account needs a passkey for an approval (a decline needs none).
   */
  async function proof(
    req: IncomingMessage,
    session: Session,
    person: Person,
    form: Record<string, string>,
  ): Promise<Proof> {
    const id = form.id ?? "";
    if (form.assertion === undefined || form.assertion === "") {
      if (form.action !== "approve") return { ok: true };
      const item = await inbox.queue.get(id).catch(() => null);
      if (!item || !needsPasskey(people, person, item.request.account ?? null)) return { ok: true };
      return fail(
        403,
        (person.passkeys?.length ?? 0) > 0
          ? "Approve with your passkey: this page asks your browser for it. Nothing was recorded."
          : `Approvals on ${item.request.account ?? "this account"} count only with a passkey, and you have none in the people file: add one (Add a passkey) and have it added to the file. Nothing was recorded.`,
      );
    }
    const at = ceremonyOrigin(req, rp);
    if ("problem" in at) return fail(409, at.problem);
    const pending = open.get(slot(session, id));
    open.delete(slot(session, id));
    if (!pending || pending.until < Date.now()) {
      return fail(409, "This passkey signature was not asked for here or took too long: decide again.");
    }
    let assertion: unknown;
    try {
      assertion = JSON.parse(form.assertion);
    } catch {
      return fail(400, "The browser's passkey answer is not JSON: decide again.");
    }
    const check = await checkPasskey(assertion, pending.json, person.passkeys ?? [], people);
    if (!check.ok) {
      return fail(403, `Your passkey signature does not hold (${check.problem}); nothing was recorded.`);
    }
    const claims = JSON.parse(pending.json) as {
      decision: string;
      text?: string;
      reason?: string;
      fingerprint: string;
    };
    return {
      ok: true,
      signed: { json: pending.json, passkey: assertion },
      decision:
        claims.decision === "approve"
          ? { approved: true, text: claims.text ?? "" }
          : { approved: false, reason: claims.reason ?? "" },
      fingerprint: claims.fingerprint,
    };
  }

  return { challenge, proof };
}

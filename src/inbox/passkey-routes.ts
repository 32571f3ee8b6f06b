import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_RP } from "../guards/approval/passkey.js";
import type { Inbox } from "./inbox-api.js";
import { createPasskeyDecisions, type Proof } from "./passkey-decide.js";
import { createEnrolment, type PasskeyAnswer } from "./passkey-enrol.js";
import { ceremonyOrigin } from "./passkey-site.js";
import type { People, Person } from "./people.js";
import type { Session } from "./security.js";

/**
 * The WebAuthn browser library the page's passkey script uses: bundled into dist at build time
 * (scripts/bundle-webauthn.mjs); when running from source, the package's own browser bundle.
 * Null when neither is there: the page then offers no passkeys and says why.
 */
function browserLibrary(): string | null {
  const built = fileURLToPath(new URL("./static/webauthn.js", import.meta.url));
  if (existsSync(built)) return readFileSync(built, "utf8");
  try {
    const entry = createRequire(import.meta.url).resolve("@simplewebauthn/browser");
    return readFileSync(join(dirname(entry), "../dist/bundle/index.umd.min.js"), "utf8");
  } catch {
    return null;
  }
}

/** The inbox page's passkey routes: enrolment, decision challenges, and what the page is told. */
export function createPasskeyRoutes(inbox: Inbox, people: People | undefined, title: string) {
  const library = people ? browserLibrary() : null;
  const enrolment = people ? createEnrolment(people, title) : undefined;
  const decisions = people ? createPasskeyDecisions(inbox, people) : undefined;
  const personOf = (session: Session): Person | undefined =>
    people?.people.find((p) => p.name === session.name);
  const off = (): PasskeyAnswer => ({
    status: 409,
    body: {
      ok: false,
      message: people
        ? "This inbox cannot serve the passkey library (@simplewebauthn/browser): rebuild adrails. Nothing was changed."
        : "Passkeys are for named approvers: serve the inbox with a people file (adrails inbox --people FILE). Nothing was changed.",
    },
  });

  return {
    /** The browser library, for GET webauthn.js; null when passkeys are off. */
    library,

    /** What the page needs to offer passkeys to the signed-in person. */
    about(req: IncomingMessage, session: Session): Record<string, unknown> {
      const person = personOf(session);
      if (!people || !person || library === null) return { enabled: false };
      const at = ceremonyOrigin(req, people.rp ?? DEFAULT_RP);
      return {
        enabled: true,
        passkeys: (person.passkeys ?? []).length,
        ...("problem" in at ? { problem: at.problem } : {}),
      };
    },

    /** Answers the passkey POST routes; undefined for another path. */
    async post(
      path: string,
      req: IncomingMessage,
      session: Session,
      form: Record<string, string>,
    ): Promise<PasskeyAnswer | undefined> {
      if (path !== "/enrol-options" && path !== "/enrol") return undefined;
      const person = personOf(session);
      if (!enrolment || !person || library === null) return off();
      return path === "/enrol-options"
        ? enrolment.options(req, session, person)
        : enrolment.finish(req, session, person, form);
    },

    /** The options of a passkey assertion over the decision the form describes, fixed now. */
    async challenge(
      req: IncomingMessage,
      session: Session,
      form: Record<string, string>,
      decision: Parameters<NonNullable<typeof decisions>["challenge"]>[4],
    ) {
      const person = personOf(session);
      if (!decisions || !person || library === null) return { ok: false as const, answer: off() };
      return decisions.challenge(req, session, person, form.id ?? "", decision, form.fingerprint ?? "");
    },

    /** What a posted decision carries (see createPasskeyDecisions' proof). */
    async proof(req: IncomingMessage, session: Session, form: Record<string, string>): Promise<Proof> {
      const person = personOf(session);
      if (!decisions || !person) return { ok: true };
      return decisions.proof(req, session, person, form);
    },
  };
}

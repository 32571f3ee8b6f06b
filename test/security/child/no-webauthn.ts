// Run with the no-webauthn hook: checks a statement without passkeys (the library is never loaded),
// then one that needs a passkey (refused, saying how to install the library). Prints JSON lines.
import { checkPasskey } from "../../../src/guards/approval/passkey-check.js";
import { type DecisionClaims, signStatement } from "../../../src/guards/approval/proof.js";
import { verifyDecision } from "../../../src/guards/approval/verify.js";
import { parsePeople } from "../../../src/inbox/people.js";
import { generateInboxKey } from "../../../src/inbox/signing.js";
import { challengeOf, softAuthenticator } from "../../support/passkey.js";

const key = await generateInboxKey();
const ann = softAuthenticator();
const people = parsePeople({
  people: [
    { name: "Ann", token: "ann-token-0123456789abcdef", accounts: "*", passkeys: [ann.credential] },
    { name: "Cat", token: "cat-token-0123456789abcdef", accounts: "*" },
  ],
});
const payload = JSON.stringify({ account_id: "act_1" });
const now = Date.now();
const call = { request: "apr_1", tool: "push-creative", payload, account: "act_1", askedAt: now, now };
const { payloadFingerprint } = await import("../../../src/guards/approval/verify.js");
const claims = (who: string): DecisionClaims => ({
  v: 2,
  request: "apr_1",
  tool: "push-creative",
  asked: now,
  expires: now + 60_000,
  fingerprint: payloadFingerprint("push-creative", payload),
  account: "act_1",
  decision: "approve",
  text: "I approve",
  who,
  needed: 1,
  at: now,
});
const trust = { authority: { keys: async () => [key], people }, shared: true, maxTtlMs: 120_000 };
const verify = async (who: string, assertion?: ReturnType<typeof ann.assert>) =>
  verifyDecision(
    { kind: "statements", statements: [await signStatement(key, claims(who), assertion)], via: "inbox" },
    call,
    trust,
  );
process.stdout.write(`${JSON.stringify({ step: "no passkey", verdict: await verify("Cat") })}\n`);
process.stderr.write("DONE no passkey\n");
const c = claims("Ann");
process.stdout.write(
  `${JSON.stringify({ step: "passkey", verdict: await verify("Ann", ann.assert(challengeOf(c))) })}\n`,
);
process.stdout.write(
  `${JSON.stringify({ step: "check", result: await checkPasskey(ann.assert(challengeOf(c)), "{}", [ann.credential], people) })}\n`,
);

// The actor "the inbox host" of docs/security.md, as its own process: it holds the inbox's private
// key, the fleet's Redis URL and the people file, but no person's authenticator. For each request
// it is given it signs an approval with the inbox's key in a different way and writes it onto the
// request's inbox item, as the inbox itself records decisions. Prints "FORGED <kind>" per request.
//   node --import tsx test/security/child/inbox-host.ts '<job json>'
import { readFileSync, writeFileSync } from "node:fs";
import { createClient } from "redis";
import type { PasskeyAssertion } from "../../../src/guards/approval/passkey.js";
import { askClaims, type DecisionClaims, signStatement } from "../../../src/guards/approval/proof.js";
import { privateKeyFromText } from "../../../src/inbox/signing.js";
import { challengeOf, softAuthenticator } from "../../support/passkey.js";

interface Job {
  redisUrl: string;
  keyFile: string;
  /** The actor's copy of the people file: it may rewrite it as it likes. */
  peopleFile: string;
  /** Request ids by the forgery tried on each. */
  targets: Record<string, string>;
  /** A request Ann approved with her passkey: its assertion is lifted from the store. */
  approvedByAnn: string;
}

const job = JSON.parse(process.argv[2]!) as Job;
const key = await privateKeyFromText(readFileSync(job.keyFile, "utf8"), "the inbox key file");
const redis = createClient({ url: job.redisUrl });
await redis.connect();

const itemKey = async (id: string) => (await redis.keys(`*inbox:item:${id}`))[0]!;
const readItem = async (id: string) => JSON.parse((await redis.get(await itemKey(id)))!);

function claimsOf(item: Record<string, any>, who: string): DecisionClaims {
  return {
    v: 2,
    ...askClaims(item.request),
    decision: "approve",
    text: "I approve this ad going live today",
    who,
    needed: 1,
    item: item.id,
    at: Date.now(),
  };
}

async function approve(id: string, who: string, assertion?: (c: DecisionClaims) => PasskeyAssertion) {
  const item = await readItem(id);
  const claims = claimsOf(item, who);
  const sig = await signStatement(key, claims, assertion?.(claims));
  item.state = "approved";
  item.decision = {
    approved: true,
    by: who,
    at: claims.at,
    text: claims.text,
    fingerprint: item.request.fingerprint,
    who: [who],
    sig,
  };
  await redis.set(await itemKey(id), JSON.stringify(item), { KEEPTTL: true });
}

const forgeries: Record<string, (id: string) => Promise<void>> = {
  // The inbox's signature alone, for a person who has a passkey.
  "inbox-key-only": (id) => approve(id, "Ann"),
  // A person the file lists without a passkey, on an account that requires one.
  "person-without-passkey": (id) => approve(id, "Cat"),
  // Ann's real assertion of another request, lifted from the store.
  "replayed-assertion": async (id) => {
    const sig: string = (await readItem(job.approvedByAnn)).decision.sig;
    const header = JSON.parse(Buffer.from(sig.split(".")[0]!, "base64url").toString("utf8"));
    await approve(id, "Ann", () => header.webauthn);
  },
  // A passkey of its own, added under Ann to its copy of the people file.
  "own-passkey": async (id) => {
    const mine = softAuthenticator();
    const file = JSON.parse(readFileSync(job.peopleFile, "utf8"));
    file.people.find((p: { name: string }) => p.name === "Ann").passkeys.push(mine.credential);
    writeFileSync(job.peopleFile, JSON.stringify(file));
    await approve(id, "Ann", (c) => mine.assert(challengeOf(c)));
  },
  // Its own key, presented as Ann's credential.
  "own-key-as-ann": async (id) => {
    const file = JSON.parse(readFileSync(job.peopleFile, "utf8"));
    const annId = file.people.find((p: { name: string }) => p.name === "Ann").passkeys[0].id;
    const mine = softAuthenticator({ id: annId, counting: true });
    await approve(id, "Ann", (c) => mine.assert(challengeOf(c)));
  },
};

for (const [kind, id] of Object.entries(job.targets)) {
  await forgeries[kind]!(id);
  process.stdout.write(`FORGED ${kind}\n`);
}
await redis.close();

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { generateInboxKey, type InboxKey } from "../../src/inbox/signing.js";
import { unique, useWorld } from "../approval-records/support.js";
import { run } from "../cli/helpers.js";
import { until } from "../inbox/helpers.js";
import { approvalClaims, challengeOf, recordApproval, softAuthenticator } from "../support/passkey.js";

// The CLI as an agent (`adrails call push-creative --wait-approval`) reads the people file of
// ADRAILS_INBOX_PEOPLE, as the inbox does: on a requirePasskeys account the inbox's signature alone
// launches nothing, and Ann's approval with her passkey launches the ad.

const w = useWorld({ redis: true, cli: true });
const ann = softAuthenticator();

describe("adrails call --wait-approval with a people file that requires passkeys", {
  timeout: 120_000,
}, () => {
  let dir: string;
  let key: InboxKey;
  let inbox: Inbox;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "adrails-cli-passkeys-"));
    key = await generateInboxKey();
    const people = join(dir, "people.json");
    writeFileSync(
      people,
      JSON.stringify({
        people: [
          { name: "Ann", token: "ann-token-0123456789abcdef", accounts: "*", passkeys: [ann.credential] },
        ],
        requirePasskeys: "*",
      }),
    );
    inbox = createInbox({ ...redisInbox({ url: w.redis.url }), key });
    env = w.cliEnv({
      ADRAILS_REDIS_URL: w.redis.url,
      ADRAILS_INBOX_PUBLIC_KEY: JSON.stringify(key.jwk),
      ADRAILS_INBOX_PEOPLE: people,
    });
  });
  afterAll(async () => {
    await inbox?.close();
  });

  /** Starts the CLI call, and resolves with its pending inbox item once the call asked. */
  async function ask(headline: string) {
    const file = join(dir, `${headline.replaceAll(" ", "-")}.json`);
    writeFileSync(file, JSON.stringify(w.push(headline)));
    const done = run(["call", "push-creative", `@${file}`, "--wait-approval", "--approval-timeout", "60"], {
      env,
      timeoutMs: 90_000,
    });
    const item = await until(async () => {
      const items = await inbox.queue.list(200);
      return items.find((i) => i.state === "pending" && i.request.payload?.includes(headline));
    }, 60_000);
    return { done, id: item!.id };
  }

  it("the inbox's key alone: nothing sent; Ann's passkey: the ad goes live", async () => {
    const forged = unique("CLI inbox key only");
    const first = await ask(forged);
    await recordApproval(inbox, key, await approvalClaims(inbox, first.id, "Ann"), undefined);
    const refused = await first.done;
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain("carries no passkey assertion");
    expect(w.sent(forged)).toHaveLength(0);

    const real = unique("CLI passkey");
    const second = await ask(real);
    const claims = await approvalClaims(inbox, second.id, "Ann");
    await recordApproval(inbox, key, claims, ann.assert(challengeOf(claims)));
    const launched = await second.done;
    expect(launched.code, launched.stderr).toBe(0);
    expect(w.live(real)).toBe(1);
  });
});

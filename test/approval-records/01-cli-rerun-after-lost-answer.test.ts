import { describe, expect, it } from "vitest";
import { run } from "../cli/helpers.js";
import { unique, useWorld } from "./support.js";

// Issue 29, sequence 1: `adrails call push-creative ... --confirm-text` whose answer is lost (the
// service committed the ad, then the connection dropped) exits 1 and tells the person that calling
// again with exactly the same input reuses the same request_id. They do; each run is a new process.
// Safe outcome: one ACTIVE ad (the rerun goes out under the first send's id and the service
// replays, or it is refused with nothing new sent), with or without --redis.

const w = useWorld({ redis: true, cli: true });
const CONFIRM = "I approve this ad going live today";

async function lostThenRerun(headline: string, extra: string[]) {
  // --retries 0: the answer of the one send is lost to the process (a retry would replay it).
  const args = [
    "--retries",
    "0",
    "call",
    "push-creative",
    JSON.stringify(w.push(headline)),
    "--confirm-text",
    CONFIRM,
    ...extra,
  ];
  w.sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
  const first = await run(args, { env: w.cliEnv() });
  // The precondition of the sequence: the ad went live and the answer was lost.
  expect(w.live(headline), first.stderr).toBe(1);
  expect(first.code, first.stdout + first.stderr).toBe(1);
  expect(first.stdout + first.stderr).toMatch(/same request_id/);
  const second = await run(args, { env: w.cliEnv() });
  return { first, second };
}

/** Every push the service received for `headline` carried one request id: a repeat replays. */
function oneChange(headline: string) {
  const ids = new Set(w.sent(headline).map((b) => b.request_id));
  expect(ids.size, `request ids sent: ${[...ids].join(", ")}`).toBe(1);
}

describe("sequence 1: the CLI rerun of an ACTIVE push whose answer was lost", { timeout: 60_000 }, () => {
  it("without a store: the rerun does not make a second live ad", async () => {
    const headline = unique("Lost CLI answer");
    const { second } = await lostThenRerun(headline, []);
    expect(w.live(headline), `rerun exit ${second.code}: ${second.stdout}${second.stderr}`).toBe(1);
    oneChange(headline);
  });

  it("with --redis: the rerun does not make a second live ad", async () => {
    const headline = unique("Lost CLI answer, redis");
    const { second } = await lostThenRerun(headline, ["--redis", w.redis.url]);
    expect(w.live(headline), `rerun exit ${second.code}: ${second.stdout}${second.stderr}`).toBe(1);
    oneChange(headline);
  });

  it("with --session NAME on both runs: the rerun replays under the first id", async () => {
    const headline = unique("Lost CLI answer, session");
    const { second } = await lostThenRerun(headline, ["--redis", w.redis.url, "--session", "ci-job-42"]);
    expect(w.live(headline), `rerun exit ${second.code}: ${second.stdout}${second.stderr}`).toBe(1);
    oneChange(headline);
  });
});

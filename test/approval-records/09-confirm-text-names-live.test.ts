import { describe, expect, it } from "vitest";
import { run } from "../cli/helpers.js";
import { unique, useWorld } from "./support.js";

// Issue 29, sequence 9: `--confirm-text` is written before the request exists, so it cannot have
// read it. An ACTIVE push goes live; the caller then pushes the identical ad again as a new change
// (a request_id of its own), with --confirm-text. The request says "An identical ad already went
// live", and on the base commit the pre-written sentence answers it: a second live ad. Safe
// outcome: a pre-written confirmation never approves a request naming a live identical ad: the
// rerun is refused (exit 6, nothing sent) and the person is told why.

const w = useWorld({ redis: true, cli: true });
const CONFIRM = "I approve this ad going live today";

describe("sequence 9: --confirm-text and a request naming a live identical ad", { timeout: 60_000 }, () => {
  it("with --redis: the second push is refused, nothing sent, the person told", async () => {
    const headline = unique("Confirm text, live twin");
    const push = (requestId: string) => [
      "call",
      "push-creative",
      JSON.stringify(w.push(headline, { request_id: requestId })),
      "--confirm-text",
      CONFIRM,
      "--redis",
      w.redis.url,
    ];
    const first = await run(push(`first-change-${headline.length}-aaaa`), { env: w.cliEnv() });
    expect(first.code, first.stderr).toBe(0);
    expect(w.live(headline)).toBe(1);
    const second = await run(push(`second-change-${headline.length}-bbbb`), { env: w.cliEnv() });
    expect(w.live(headline), second.stdout + second.stderr).toBe(1);
    expect(w.sent(headline)).toHaveLength(1);
    expect(second.code).toBe(6);
    expect(second.stdout + second.stderr).toMatch(/identical/i);
  });
});

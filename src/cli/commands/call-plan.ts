import { createAdTools } from "../../toolkit.js";
import type { ToolResult } from "../../types.js";
import { EXIT, type ExitCode, exitCodeFor } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { readPlan } from "../plan-input.js";
import { rulesOption } from "../rules-file.js";
import { openTarget } from "../target.js";
import type { CallOptions } from "./call.js";
import { fleetOptions } from "./wait-approval.js";

/**
 * `adrails call <tool> @plan.jsonl --wait-approval`: every body of the file is put to a person as
 * one plan in the approval inbox; once they approve the whole list, each body is sent once, and
 * each line's result is printed (one JSON object per line on stdout). Exit 0 when all succeeded,
 * else the exit code of the first line that failed.
 */
export async function runPlan(
  ctx: CommandContext,
  name: string,
  input: string,
  opts: CallOptions,
): Promise<ExitCode> {
  const { io, output, globals } = ctx;
  if (opts.confirmText !== undefined || !opts.waitApproval) {
    throw new CliError(
      `${input} is a plan (one body per line): a person approves the whole list in the approval inbox, so it needs --wait-approval${opts.confirmText !== undefined ? " instead of --confirm-text" : ""}.`,
      EXIT.usage,
      "Run `adrails inbox --redis URL` where a person can open it, and this call with --wait-approval and the same --redis URL.",
    );
  }
  const rules = rulesOption(io, opts.rules);
  const plan = await readPlan(input);
  const fleet = await fleetOptions(ctx, opts);
  const target = await openTarget(globals, io, output);
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    const { inboxPlans, settlePlan } = await import("../../inbox/plans.js");
    const toolkit = createAdTools({
      accountId: opts.account,
      readOnly: globals.readOnly === true,
      ...rules,
      ...(opts.session === undefined ? {} : { sessionId: opts.session }),
      ...fleet.options,
      apiKey: target.apiKey,
      baseUrl: target.baseUrl,
      ...(target.serviceId === undefined ? {} : { serviceId: target.serviceId }),
      ...(globals.retries === undefined ? {} : { retry: { maxRetries: globals.retries } }),
    });
    const seconds = opts.approvalTimeout ?? 300;
    output.info(
      `Waiting up to ${seconds} s for a person's decision in the approval inbox on a plan of ${plan.bodies.length} ${name} calls (${plan.path}).`,
    );
    let itemId: string | undefined;
    const asked = await toolkit.askMany(name, plan.bodies, {
      channel: inboxPlans(fleet.inbox!, {
        agent: `adrails call ${name} ${input}`,
        onItem: (id) => {
          itemId = id;
        },
      }),
      channelName: "inbox",
      ...(opts.session === undefined ? {} : { sessionId: opts.session }),
      signal: controller.signal,
    });
    if (!asked.ok) {
      const line = asked.index === undefined ? undefined : plan.lines[asked.index - 1];
      const error =
        line === undefined
          ? asked.error
          : asked.error.replace(/^Payloads? [\d and]+/, (m) => lineWords(m, plan.lines));
      output.result({
        ok: false,
        status: null,
        blocked: asked.blocked,
        error,
        hint: asked.hint,
        ...(line === undefined ? {} : { line }),
      });
      const code =
        asked.blocked === "validation"
          ? EXIT.usage
          : asked.blocked === "store"
            ? EXIT.unexpected
            : EXIT.refused;
      output.error(
        new CliError(code === EXIT.usage ? error : `The plan was not approved: ${error}`, code, asked.hint, {
          blocked: asked.blocked,
        }),
      );
      return code;
    }
    const results: ToolResult[] = [];
    for (const [i, body] of plan.bodies.entries()) {
      const line = plan.lines[i]!;
      const result = controller.signal.aborted
        ? cancelled()
        : await asked.call(body, {
            signal: controller.signal,
            ...(globals.timeout === undefined ? {} : { timeoutMs: globals.timeout * 1000 }),
          });
      results.push(result);
      output.line(JSON.stringify({ line, ...result }));
      output.info(`line ${line}: ${summary(result)}`);
    }
    if (itemId !== undefined) await settlePlan(fleet.inbox!, itemId, results).catch(() => {});
    const failed = results.flatMap((r, i) => (r.ok === true ? [] : [i]));
    if (failed.length === 0) return EXIT.ok;
    const code = exitCodeFor(results[failed[0]!]!);
    output.error(
      new CliError(
        `${failed.length} of ${results.length} lines of the plan failed: line${failed.length > 1 ? "s" : ""} ${failed.map((i) => plan.lines[i]).join(", ")}.`,
        code,
        "The other lines were sent once each. Do not run the whole plan again: fix the failed lines and ask for them as a new plan.",
      ),
    );
    return code;
  } finally {
    process.removeListener("SIGINT", interrupt);
    process.removeListener("SIGTERM", interrupt);
    await fleet.close();
    await target.close();
  }
}

/** "Payloads 1 and 3" as the file's line numbers. */
function lineWords(words: string, lines: number[]): string {
  return words
    .replace(/\d+/g, (n) => String(lines[Number(n) - 1] ?? n))
    .replace(/^Payloads?/, (p) => (p === "Payload" ? "Line" : "Lines"));
}

function summary(result: ToolResult): string {
  if (result.ok === true) {
    const data = result.data as { ad_id?: unknown; status?: unknown } | null;
    return data && data.ad_id != null
      ? `ad ${String(data.ad_id)} created ${String(data.status ?? "")}`.trim()
      : "done";
  }
  if (result.ok === "partial") return `partly applied: ${result.note}`;
  return `failed: ${"error" in result ? result.error : "not sent"}`;
}

function cancelled(): ToolResult {
  return {
    ok: false,
    status: null,
    blocked: "hard-confirmation",
    error: "The plan was cancelled before this line was sent.",
    hint: "Nothing was sent for this line.",
  };
}

import { createAdTools } from "../../toolkit.js";
import type { ToolResult } from "../../types.js";
import { EXIT, type ExitCode, exitCodeFor } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { personHint, withoutToolPrefix } from "../person-hints.js";
import { openTarget } from "../target.js";
import { viaMcp } from "../via.js";

interface Check {
  check: "list-accounts" | "results";
  ok: boolean;
  status: number | null;
  detail: string;
  hint?: string;
}

const EMPTY_LIST =
  "An empty account list proves only that the key authenticates. It does not prove that an ad-platform connection is reachable.";

/**
 * `adrails doctor`: the first calls spec section 1 recommends. list-accounts shows whether the key
 * authenticates; a read (`results`) with a returned account shows whether an ad account answers.
 */
export async function runDoctor(
  ctx: CommandContext,
  opts: { account?: string; drift?: boolean },
): Promise<ExitCode> {
  if (opts.drift) return (await import("./drift.js")).runDrift(ctx);
  const { io, output, globals } = ctx;
  if (viaMcp(globals, io.env)) return (await import("./door-info.js")).runMcpDoctor(ctx);
  const target = await openTarget(globals, io, output);
  const checks: Check[] = [];
  let accountIds: string[] = [];
  let code: ExitCode = EXIT.ok;
  let conclusion: string;
  try {
    const toolkit = createAdTools({
      apiKey: target.apiKey,
      baseUrl: target.baseUrl,
      ...(globals.retries === undefined ? {} : { retry: { maxRetries: globals.retries } }),
    });
    const timeout = globals.timeout === undefined ? {} : { timeoutMs: globals.timeout * 1000 };

    const listed = await toolkit.call("list-accounts", {}, timeout);
    if (listed.ok !== true) {
      code = exitCodeFor(listed);
      checks.push(failed("list-accounts", listed, globals.retries ?? 3));
      conclusion =
        code === EXIT.auth
          ? "The key does not authenticate: replace it (a 401 is fixed by a new key)."
          : "list-accounts failed, so nothing else was checked.";
    } else {
      accountIds = idsOf(listed.data);
      const empty = accountIds.length === 0;
      checks.push({
        check: "list-accounts",
        ok: true,
        status: 200,
        detail: empty
          ? `The key authenticates, but it reaches no ad account. ${EMPTY_LIST}`
          : `The key authenticates and reaches ${accountIds.length} ad account${accountIds.length === 1 ? "" : "s"}: ${accountIds.join(", ")}.`,
      });
      // With an empty list the read still runs, without account_id, so the service itself says
      // whether an active account answers.
      const account = opts.account ?? accountIds[0];
      const read = await toolkit.call("results", account ? { account_id: account } : {}, timeout);
      const which = account ?? "the workspace's active account";
      if (read.ok === true) {
        checks.push({ check: "results", ok: true, status: 200, detail: `A read of ${which} answered.` });
        conclusion = `Ready: the key authenticates and ${which} answers reads.`;
      } else {
        code = exitCodeFor(read);
        checks.push(failed("results", read, globals.retries ?? 3, `A read of ${which} failed`));
        conclusion = empty
          ? "The key works, but no ad account answers: connect an ad account in the application. Calculators and skills (group B) work without one."
          : `The key works, but ${which} cannot be read.`;
      }
    }
  } finally {
    await target.close();
  }

  const report = {
    ok: code === EXIT.ok,
    exit_code: code,
    base_url: target.baseUrl,
    key_source: target.keySource,
    simulated: target.simulated,
    accounts: accountIds,
    checks,
    conclusion,
  };
  if (output.json) output.result(report);
  else printReport(ctx, report);
  if (code !== EXIT.ok) {
    const last = checks[checks.length - 1];
    output.error(new CliError(`doctor: ${conclusion}`, code, last?.hint, { status: last?.status ?? null }));
  }
  return code;
}

// The hint is for the person running doctor, not the model's hint of the result.
function failed(check: Check["check"], result: ToolResult, retries: number, prefix?: string): Check {
  const status = result.status;
  const error = "error" in result ? withoutToolPrefix(check, result.error) : "partial answer";
  const hint = result.ok === false ? (personHint(result, retries) ?? result.hint) : undefined;
  const where = status === null ? "no answer" : `HTTP ${status}`;
  return {
    check,
    ok: false,
    status,
    detail: `${prefix ? `${prefix}: ` : ""}${where}: ${error}`,
    ...(hint ? { hint } : {}),
  };
}

function idsOf(data: unknown): string[] {
  const accounts = (data as { accounts?: unknown } | null)?.accounts;
  if (!Array.isArray(accounts)) return [];
  return accounts.flatMap((account) => {
    const record = (account ?? {}) as Record<string, unknown>;
    const id = record.id ?? record.account_id;
    return typeof id === "string" ? [id] : [];
  });
}

function printReport(
  { output }: CommandContext,
  report: { base_url: string; key_source: string; simulated: boolean; checks: Check[]; conclusion: string },
) {
  const s = output.outStyle;
  output.line(s.bold("adrails doctor"));
  output.line(
    `  target           ${report.base_url}${report.simulated ? " (in-process simulator)" : ""}, key from ${report.key_source}`,
  );
  for (const check of report.checks) {
    const mark = check.ok ? s.green("ok  ") : s.red("FAIL");
    output.line(`  ${mark} ${check.check.padEnd(15)}${check.detail}`);
  }
  output.line(report.checks.every((c) => c.ok) ? s.green(report.conclusion) : report.conclusion);
}

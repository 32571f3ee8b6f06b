import type { McpDoorToolkit } from "../../door-toolkit.js";
import { needsHardConfirmation } from "../../guards/confirmation.js";
import { createAdTools } from "../../toolkit.js";
import { getTool } from "../../tools/index.js";
import type { AuditEvent, ToolResult } from "../../types.js";
import { createCliConfirm } from "../confirm.js";
import { EXIT, type ExitCode, exitCodeFor } from "../exit-codes.js";
import { readInput } from "../input.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { personHint, withoutToolPrefix } from "../person-hints.js";
import { isPlanInput } from "../plan-input.js";
import { ruleTrail } from "../rule-trail.js";
import { rulesOption } from "../rules-file.js";
import { createSpinner } from "../spinner.js";
import { unknownTool } from "../suggest.js";
import { openTarget } from "../target.js";
import { openMcpToolkit, viaMcp } from "../via.js";
import { fleetOptions } from "./wait-approval.js";

const ACCOUNT_ID = /^act_\d+$/;

export interface CallOptions {
  account?: string;
  confirmText?: string;
  /** Wait for a person's decision in the approval inbox (needs --redis or ADRAILS_REDIS_URL). */
  waitApproval?: boolean;
  /** Seconds to wait for that decision (default 300). */
  approvalTimeout?: number;
  redis?: string;
  /** Scope of retry ids (`sessionId`); by default one scope per API key. */
  session?: string;
  auditLog?: string;
  /** A money rules file (JSON); else env ADRAILS_RULES. */
  rules?: string;
}

/** `adrails call <tool> [input]`: one call through the toolkit's guards; the ToolResult goes to stdout. */
export async function runCall(
  ctx: CommandContext,
  name: string,
  input: string | undefined,
  opts: CallOptions,
): Promise<ExitCode> {
  const { io, output, globals } = ctx;
  const mcp = viaMcp(globals, io.env);
  if (!mcp && !getTool(name)) throw unknownTool(name);
  if (opts.confirmText !== undefined && opts.confirmText.trim() === "") {
    throw new CliError(
      "--confirm-text is empty.",
      EXIT.usage,
      'A person writes the confirmation, e.g. --confirm-text "I approve this ad going live today".',
    );
  }
  if (opts.account !== undefined && !ACCOUNT_ID.test(opts.account)) {
    throw new CliError(
      `--account must look like act_<digits>, not ${JSON.stringify(opts.account)}.`,
      EXIT.usage,
    );
  }
  if (opts.session !== undefined && !/^[\w.:-]{1,128}$/.test(opts.session)) {
    throw new CliError(
      `--session must be 1 to 128 letters, digits, '.', ':', '_' or '-', not ${JSON.stringify(opts.session)}.`,
      EXIT.usage,
    );
  }
  if (opts.waitApproval && opts.confirmText !== undefined) {
    throw new CliError("--wait-approval and --confirm-text are two ways to approve: use one.", EXIT.usage);
  }
  if (isPlanInput(input)) {
    if (mcp)
      throw new CliError(
        "A plan (@file.jsonl) is sent through the REST API only: leave out --via mcp.",
        EXIT.usage,
      );
    return (await import("./call-plan.js")).runPlan(ctx, name, input, opts);
  }
  const rules = rulesOption(io, opts.rules);
  const fleet = await fleetOptions(ctx, opts);
  const trail = rules.rules ? await ruleTrail(io, opts) : undefined;
  const body = await readInput(input, io);

  const target = mcp ? undefined : await openTarget(globals, io, output);
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  const spinner = createSpinner(io.stderr, `${name} running`, {
    enabled: !output.json && io.env.TERM !== "dumb",
  });
  let door: McpDoorToolkit | undefined;
  try {
    const shared = {
      accountId: opts.account,
      readOnly: globals.readOnly === true,
      confirm: createCliConfirm(io, output, { confirmText: opts.confirmText, spinner }),
      ...rules,
      ...(opts.session === undefined ? {} : { sessionId: opts.session }),
      ...fleet.options,
      ...(trail?.onEvent ? { onEvent: both(fleet.options.onEvent, trail.onEvent) } : {}),
    };
    if (!target) door = await openMcpToolkit(globals, io, output, shared);
    const toolkit = target
      ? createAdTools({
          ...shared,
          apiKey: target.apiKey,
          baseUrl: target.baseUrl,
          ...(target.serviceId === undefined ? {} : { serviceId: target.serviceId }),
          ...(globals.retries === undefined ? {} : { retry: { maxRetries: globals.retries } }),
        })
      : door!;
    // Judged on the status alone: an ACTIVE push that fails validation still wanted the text.
    const wantsActive = door
      ? door.get(name)?.needsConfirmation(body) === true
      : typeof body === "object" &&
        body !== null &&
        needsHardConfirmation(name, body as Record<string, unknown>);
    if (opts.confirmText !== undefined && !wantsActive) {
      output.warn(
        '--confirm-text is not used: only push-creative with status "ACTIVE" needs a confirmation.',
      );
    }
    spinner.start();
    const result = await toolkit.call(name, body, {
      signal: controller.signal,
      ...(globals.timeout === undefined ? {} : { timeoutMs: globals.timeout * 1000 }),
    });
    spinner.stop();
    output.result(result);
    const code = exitCodeFor(result);
    if (code !== EXIT.ok) output.error(failure(name, result, code, opts, globals.retries ?? DEFAULT_RETRIES));
    return code;
  } finally {
    spinner.stop();
    process.removeListener("SIGINT", interrupt);
    process.removeListener("SIGTERM", interrupt);
    await fleet.close();
    await trail?.close();
    await door?.close();
    await target?.close();
  }
}

// The client's default (src/client/index.ts).
const DEFAULT_RETRIES = 3;

/** The stderr report of a result that is not a success; the full result is on stdout. */
function failure(
  tool: string,
  result: ToolResult,
  code: ExitCode,
  opts: CallOptions,
  retries: number,
): CliError {
  if (result.ok === "partial") {
    return new CliError(`${tool} was only partly applied (HTTP 207).`, code, result.note, { status: 207 });
  }
  if (result.ok === true) return new CliError(`${tool} succeeded`, code);
  if (result.ok === "pending") {
    return new CliError(
      `${tool} is waiting for a person's approval at ${result.approve_url}`,
      code,
      result.hint,
      {
        approval_id: result.approval_id,
      },
    );
  }
  const details: Record<string, unknown> = { status: result.status };
  let hint = personHint(result, retries) ?? result.hint;
  if ("blocked" in result) {
    details.blocked = result.blocked;
    if (result.blocked === "hard-confirmation" && opts.confirmText === undefined && !opts.waitApproval) {
      hint +=
        ' From the shell, a person confirms with --confirm-text "<sentence>", or answers the prompt when run on a terminal.';
    }
    return new CliError(
      `${tool} was refused by the ${result.blocked} guard: ${result.error}`,
      code,
      hint,
      details,
    );
  }
  const status = result.status === null ? "no answer" : `HTTP ${result.status}`;
  return new CliError(
    `${tool} failed (${status}): ${withoutToolPrefix(tool, result.error)}`,
    code,
    hint,
    details,
  );
}

/** Two audit hooks as one. */
function both(a: ((event: AuditEvent) => void) | undefined, b: (event: AuditEvent) => void) {
  return (event: AuditEvent) => {
    a?.(event);
    b(event);
  };
}

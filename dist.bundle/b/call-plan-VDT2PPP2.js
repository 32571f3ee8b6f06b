import {
  readPlan
} from "./chunk-J6C36B2Q.js";
import {
  fleetOptions
} from "./chunk-4TANROFS.js";
import {
  openTarget
} from "./chunk-GXLOWVYE.js";
import {
  rulesOption
} from "./chunk-EVNEDBWT.js";
import "./chunk-Z7HV3DAM.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT,
  exitCodeFor
} from "./chunk-L2KJHPGN.js";
import {
  createAdTools
} from "./chunk-YHBHRAZ2.js";
import "./chunk-C4OLH3A7.js";
import "./chunk-SFIARPXE.js";
import "./chunk-3VR6HFHW.js";
import "./chunk-K626HZJL.js";
import "./chunk-VFPHF6ZS.js";
import "./chunk-YOX5XIST.js";
import "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import "./chunk-MQGJ6FVD.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/call-plan.js
async function runPlan(ctx, name, input, opts) {
  const { io, output, globals } = ctx;
  if (opts.confirmText !== void 0 || !opts.waitApproval) {
    throw new CliError(`${input} is a plan (one body per line): a person approves the whole list in the approval inbox, so it needs --wait-approval${opts.confirmText !== void 0 ? " instead of --confirm-text" : ""}.`, EXIT.usage, "Run `adrails inbox --redis URL` where a person can open it, and this call with --wait-approval and the same --redis URL.");
  }
  const rules = rulesOption(io, opts.rules);
  const plan = await readPlan(input);
  const fleet = await fleetOptions(ctx, opts);
  const target = await openTarget(globals, io, output);
  const controller = new AbortController();
  const interrupt = /* @__PURE__ */ __name(() => controller.abort(), "interrupt");
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    const { inboxPlans, settlePlan } = await import("./plans-XGSCSIBJ.js");
    const toolkit = createAdTools({
      accountId: opts.account,
      readOnly: globals.readOnly === true,
      ...rules,
      ...opts.session === void 0 ? {} : { sessionId: opts.session },
      ...fleet.options,
      apiKey: target.apiKey,
      baseUrl: target.baseUrl,
      ...globals.retries === void 0 ? {} : { retry: { maxRetries: globals.retries } }
    });
    const seconds = opts.approvalTimeout ?? 300;
    output.info(`Waiting up to ${seconds} s for a person's decision in the approval inbox on a plan of ${plan.bodies.length} ${name} calls (${plan.path}).`);
    let itemId;
    const asked = await toolkit.askMany(name, plan.bodies, {
      channel: inboxPlans(fleet.inbox, {
        agent: `adrails call ${name} ${input}`,
        onItem: /* @__PURE__ */ __name((id) => {
          itemId = id;
        }, "onItem")
      }),
      channelName: "inbox",
      ...opts.session === void 0 ? {} : { sessionId: opts.session },
      signal: controller.signal
    });
    if (!asked.ok) {
      const line = asked.index === void 0 ? void 0 : plan.lines[asked.index - 1];
      const error = line === void 0 ? asked.error : asked.error.replace(/^Payloads? [\d and]+/, (m) => lineWords(m, plan.lines));
      output.result({
        ok: false,
        status: null,
        blocked: asked.blocked,
        error,
        hint: asked.hint,
        ...line === void 0 ? {} : { line }
      });
      const code2 = asked.blocked === "validation" ? EXIT.usage : asked.blocked === "store" ? EXIT.unexpected : EXIT.refused;
      output.error(new CliError(code2 === EXIT.usage ? error : `The plan was not approved: ${error}`, code2, asked.hint, {
        blocked: asked.blocked
      }));
      return code2;
    }
    const results = [];
    for (const [i, body] of plan.bodies.entries()) {
      const line = plan.lines[i];
      const result = controller.signal.aborted ? cancelled() : await asked.call(body, {
        signal: controller.signal,
        ...globals.timeout === void 0 ? {} : { timeoutMs: globals.timeout * 1e3 }
      });
      results.push(result);
      output.line(JSON.stringify({ line, ...result }));
      output.info(`line ${line}: ${summary(result)}`);
    }
    if (itemId !== void 0)
      await settlePlan(fleet.inbox, itemId, results).catch(() => {
      });
    const failed = results.flatMap((r, i) => r.ok === true ? [] : [i]);
    if (failed.length === 0)
      return EXIT.ok;
    const code = exitCodeFor(results[failed[0]]);
    output.error(new CliError(`${failed.length} of ${results.length} lines of the plan failed: line${failed.length > 1 ? "s" : ""} ${failed.map((i) => plan.lines[i]).join(", ")}.`, code, "The other lines were sent once each. Do not run the whole plan again: fix the failed lines and ask for them as a new plan."));
    return code;
  } finally {
    process.removeListener("SIGINT", interrupt);
    process.removeListener("SIGTERM", interrupt);
    await fleet.close();
    await target.close();
  }
}
__name(runPlan, "runPlan");
function lineWords(words, lines) {
  return words.replace(/\d+/g, (n) => String(lines[Number(n) - 1] ?? n)).replace(/^Payloads?/, (p) => p === "Payload" ? "Line" : "Lines");
}
__name(lineWords, "lineWords");
function summary(result) {
  if (result.ok === true) {
    const data = result.data;
    return data && data.ad_id != null ? `ad ${String(data.ad_id)} created ${String(data.status ?? "")}`.trim() : "done";
  }
  if (result.ok === "partial")
    return `partly applied: ${result.note}`;
  return `failed: ${"error" in result ? result.error : "not sent"}`;
}
__name(summary, "summary");
function cancelled() {
  return {
    ok: false,
    status: null,
    blocked: "hard-confirmation",
    error: "The plan was cancelled before this line was sent.",
    hint: "Nothing was sent for this line."
  };
}
__name(cancelled, "cancelled");
export {
  runPlan
};

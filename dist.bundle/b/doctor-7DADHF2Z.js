import {
  personHint,
  withoutToolPrefix
} from "./chunk-QK2UWSCK.js";
import {
  viaMcp
} from "./chunk-H7M2KSJO.js";
import {
  openTarget
} from "./chunk-GXLOWVYE.js";
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

// dist/cli/commands/doctor.js
var EMPTY_LIST = "An empty account list proves only that the key authenticates. It does not prove that an ad-platform connection is reachable.";
async function runDoctor(ctx, opts) {
  if (opts.drift)
    return (await import("./drift-73N57UX2.js")).runDrift(ctx);
  const { io, output, globals } = ctx;
  if (viaMcp(globals, io.env))
    return (await import("./door-info-Z5GQW44B.js")).runMcpDoctor(ctx);
  const target = await openTarget(globals, io, output);
  const checks = [];
  let accountIds = [];
  let code = EXIT.ok;
  let conclusion;
  try {
    const toolkit = createAdTools({
      apiKey: target.apiKey,
      baseUrl: target.baseUrl,
      ...globals.retries === void 0 ? {} : { retry: { maxRetries: globals.retries } }
    });
    const timeout = globals.timeout === void 0 ? {} : { timeoutMs: globals.timeout * 1e3 };
    const listed = await toolkit.call("list-accounts", {}, timeout);
    if (listed.ok !== true) {
      code = exitCodeFor(listed);
      checks.push(failed("list-accounts", listed, globals.retries ?? 3));
      conclusion = code === EXIT.auth ? "The key does not authenticate: replace it (a 401 is fixed by a new key)." : "list-accounts failed, so nothing else was checked.";
    } else {
      accountIds = idsOf(listed.data);
      const empty = accountIds.length === 0;
      checks.push({
        check: "list-accounts",
        ok: true,
        status: 200,
        detail: empty ? `The key authenticates, but it reaches no ad account. ${EMPTY_LIST}` : `The key authenticates and reaches ${accountIds.length} ad account${accountIds.length === 1 ? "" : "s"}: ${accountIds.join(", ")}.`
      });
      const account = opts.account ?? accountIds[0];
      const read = await toolkit.call("results", account ? { account_id: account } : {}, timeout);
      const which = account ?? "the workspace's active account";
      if (read.ok === true) {
        checks.push({ check: "results", ok: true, status: 200, detail: `A read of ${which} answered.` });
        conclusion = `Ready: the key authenticates and ${which} answers reads.`;
      } else {
        code = exitCodeFor(read);
        checks.push(failed("results", read, globals.retries ?? 3, `A read of ${which} failed`));
        conclusion = empty ? "The key works, but no ad account answers: connect an ad account in the application. Calculators and skills (group B) work without one." : `The key works, but ${which} cannot be read.`;
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
    conclusion
  };
  if (output.json)
    output.result(report);
  else
    printReport(ctx, report);
  if (code !== EXIT.ok) {
    const last = checks[checks.length - 1];
    output.error(new CliError(`doctor: ${conclusion}`, code, last?.hint, { status: last?.status ?? null }));
  }
  return code;
}
__name(runDoctor, "runDoctor");
function failed(check, result, retries, prefix) {
  const status = result.status;
  const error = "error" in result ? withoutToolPrefix(check, result.error) : "partial answer";
  const hint = result.ok === false ? personHint(result, retries) ?? result.hint : void 0;
  const where = status === null ? "no answer" : `HTTP ${status}`;
  return {
    check,
    ok: false,
    status,
    detail: `${prefix ? `${prefix}: ` : ""}${where}: ${error}`,
    ...hint ? { hint } : {}
  };
}
__name(failed, "failed");
function idsOf(data) {
  const accounts = data?.accounts;
  if (!Array.isArray(accounts))
    return [];
  return accounts.flatMap((account) => {
    const record = account ?? {};
    const id = record.id ?? record.account_id;
    return typeof id === "string" ? [id] : [];
  });
}
__name(idsOf, "idsOf");
function printReport({ output }, report) {
  const s = output.outStyle;
  output.line(s.bold("adrails doctor"));
  output.line(`  target           ${report.base_url}${report.simulated ? " (in-process simulator)" : ""}, key from ${report.key_source}`);
  for (const check of report.checks) {
    const mark = check.ok ? s.green("ok  ") : s.red("FAIL");
    output.line(`  ${mark} ${check.check.padEnd(15)}${check.detail}`);
  }
  output.line(report.checks.every((c) => c.ok) ? s.green(report.conclusion) : report.conclusion);
}
__name(printReport, "printReport");
export {
  runDoctor
};

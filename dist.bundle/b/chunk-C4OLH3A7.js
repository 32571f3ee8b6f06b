import {
  blocked
} from "./chunk-36ISPG4H.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/guards/rules/calendar.js
var formats = /* @__PURE__ */ new Map();
function localTime(timeZone, at = Date.now()) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23"
    });
    formats.set(timeZone, format);
  }
  const part = {};
  for (const p of format.formatToParts(at))
    part[p.type] = p.value;
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    day: part.weekday.toLowerCase().slice(0, 3),
    time: `${part.hour}:${part.minute}`
  };
}
__name(localTime, "localTime");
var ORDER = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
var NAMES = {
  sun: "Sunday",
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday"
};
function inWindow(w, now) {
  return w.days.includes(now.day) && now.time >= w.from && now.time < w.to;
}
__name(inWindow, "inWindow");
function nextOpening(w, now) {
  const today = ORDER.indexOf(now.day);
  if (w.days.includes(now.day) && now.time < w.from)
    return `today at ${w.from}`;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = ORDER[(today + ahead) % 7];
    if (w.days.includes(day))
      return `${ahead === 1 ? "tomorrow" : NAMES[day]} at ${w.from}`;
  }
  return `at ${w.from}`;
}
__name(nextOpening, "nextOpening");
function daysInWords(days) {
  if (days.length === 7)
    return "every day";
  const sorted = [...days].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  const idx = sorted.map((d) => ORDER.indexOf(d));
  const run = idx.every((v, i) => i === 0 || v === idx[i - 1] + 1);
  if (run && sorted.length > 2)
    return `${NAMES[sorted[0]]} to ${NAMES[sorted[sorted.length - 1]]}`;
  return sorted.map((d) => NAMES[d]).join(", ");
}
__name(daysInWords, "daysInWords");

// dist/guards/rules/evaluate.js
var ALL_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
function windowOf(rules) {
  const w = rules.window;
  if (!w)
    return void 0;
  return {
    days: w.days ?? ALL_DAYS,
    from: w.from ?? "00:00",
    to: w.to ?? "24:00",
    timeZone: w.timeZone ?? "UTC"
  };
}
__name(windowOf, "windowOf");
function valuesOf(body, keys, out = []) {
  if (Array.isArray(body))
    for (const v of body)
      valuesOf(v, keys, out);
  else if (body !== null && typeof body === "object") {
    for (const [k, v] of Object.entries(body)) {
      if (keys.has(k)) {
        if (Array.isArray(v))
          out.push(...v);
        else
          out.push(v);
      } else
        valuesOf(v, keys, out);
    }
  }
  return out;
}
__name(valuesOf, "valuesOf");
function textsOf(body, field = "", out = []) {
  if (typeof body === "string")
    out.push([field, body]);
  else if (Array.isArray(body))
    for (const v of body)
      textsOf(v, field, out);
  else if (body !== null && typeof body === "object") {
    for (const [k, v] of Object.entries(body))
      textsOf(v, k, out);
  }
  return out;
}
__name(textsOf, "textsOf");
var ACCOUNT_KEYS = /* @__PURE__ */ new Set(["account_id", "account_ids"]);
var ADSET_KEYS = /* @__PURE__ */ new Set(["adset_id", "adset_ids"]);
var AD_KEYS = /* @__PURE__ */ new Set(["ad_id", "ad_ids"]);
var URL_KEYS = /* @__PURE__ */ new Set(["website_url"]);
function comparable(text) {
  return text.normalize("NFKC").replace(/[\u00AD\u200B-\u200F\u2060\uFEFF]/g, "").replace(/\s+/g, " ").toLowerCase();
}
__name(comparable, "comparable");
function onHost(host, allowed) {
  const a = allowed.toLowerCase().replace(/^\.+|\.+$/g, "");
  const h = host.toLowerCase().replace(/\.+$/, "");
  return h === a || h.endsWith(`.${a}`);
}
__name(onHost, "onHost");
function staticFinding(rules, call, now = Date.now()) {
  const { body } = call;
  if (rules.accounts) {
    const other = valuesOf(body, ACCOUNT_KEYS).find((a) => !rules.accounts.includes(String(a)));
    if (other !== void 0) {
      return {
        rule: "accounts",
        reason: `account ${String(other)} is not one of the accounts the rules allow`,
        hint: `Nothing was sent. Only these accounts may be used: ${rules.accounts.join(", ")}.`
      };
    }
  }
  if (!call.write)
    return void 0;
  const protect = rules.protect;
  if (protect?.adsets) {
    const hit = valuesOf(body, ADSET_KEYS).find((a) => protect.adsets.includes(String(a)));
    if (hit !== void 0) {
      return {
        rule: "protect.adsets",
        reason: `ad set ${String(hit)} is protected: no write of any kind goes into it`,
        hint: "Nothing was sent. Do not write to this ad set; choose another ad set or ask the user."
      };
    }
  }
  if (protect?.ads) {
    const hit = valuesOf(body, AD_KEYS).find((a) => protect.ads.includes(String(a)));
    if (hit !== void 0) {
      return {
        rule: "protect.ads",
        reason: `ad ${String(hit)} is protected: no write of any kind touches it`,
        hint: "Nothing was sent. Leave this ad alone; ask the user if it must change."
      };
    }
  }
  if (rules.destinations) {
    for (const url of valuesOf(body, URL_KEYS)) {
      let host = "";
      try {
        host = new URL(String(url)).hostname;
      } catch {
      }
      if (!rules.destinations.some((d) => host !== "" && onHost(host, d))) {
        return {
          rule: "destinations",
          reason: `website_url ${String(url)} is not on an allowed domain`,
          hint: `Nothing was sent. Use a website_url on ${rules.destinations.join(", ")} (or a subdomain).`
        };
      }
    }
  }
  if (rules.bannedPhrases) {
    for (const [field, text] of textsOf(body)) {
      const plain = comparable(text);
      const phrase = rules.bannedPhrases.find((p) => plain.includes(comparable(p)));
      if (phrase !== void 0) {
        return {
          rule: "bannedPhrases",
          reason: `the ${field || "text"} contains the banned phrase "${phrase}"`,
          hint: `Nothing was sent. Rewrite the ${field || "text"} without "${phrase}" and call again.`
        };
      }
    }
  }
  const w = windowOf(rules);
  if (w && call.launch) {
    const local = localTime(w.timeZone, now);
    if (!inWindow(w, local)) {
      const open = nextOpening(w, local);
      return {
        rule: "window",
        reason: `ads may go live only ${daysInWords(w.days)} ${w.from}-${w.to} (${w.timeZone}); it is ${NAMES_SHORT[local.day]} ${local.time} there`,
        hint: `Nothing was sent. The launch window opens ${open} (${w.timeZone}). Create the ad with status PAUSED now, or launch it then.`
      };
    }
  }
  return void 0;
}
__name(staticFinding, "staticFinding");
var NAMES_SHORT = {
  sun: "Sun",
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat"
};

// dist/guards/audit.js
function decide(log, guard, decision, detail) {
  log.push(detail === void 0 ? { guard, decision } : { guard, decision, detail });
}
__name(decide, "decide");
function safely(hook, ...args) {
  if (!hook)
    return;
  try {
    const returned = hook(...args);
    if (returned instanceof Promise)
      returned.catch(() => {
      });
  } catch {
  }
}
__name(safely, "safely");

// dist/guards/rules/step.js
var DAY_TTL_MS = 3 * 24 * 36e5;
var SESSION_TTL_MS = 30 * 24 * 36e5;
var SEND_SLACK_MS = 10 * 6e4;
var none = /* @__PURE__ */ __name(async () => {
}, "none");
function createRulesStep(rules, ctx) {
  const mode = rules.mode ?? "enforce";
  const holdMs = ctx.approvalTtlMs + SEND_SLACK_MS;
  function record(call, decision, rule, detail) {
    call.audit.ruleDecision = decision;
    if (typeof call.body.account_id === "string")
      call.audit.account = call.body.account_id;
    if (rule !== void 0)
      call.audit.rule = rule;
    const verb = decision === "deny" ? "refuse" : "allow";
    decide(call.log, "rules", verb, detail === void 0 ? decision : `${decision}: ${detail}`);
  }
  __name(record, "record");
  function refuse(call, finding) {
    record(call, "deny", finding.rule, finding.reason);
    const result = blocked("rule", `A money rule (${finding.rule}) refuses this call: ${finding.reason}.`, finding.hint);
    return { ...result, rule: finding.rule };
  }
  __name(refuse, "refuse");
  function failed(call, rule, error) {
    const message = error instanceof Error ? error.message : String(error);
    const refusal = refuse(call, {
      rule,
      reason: `the rule could not be checked (${message}), so it fails closed`,
      hint: "Nothing was sent. This is not a fault in your input; tell the user the rules could not be checked."
    });
    return { refusal, settle: none };
  }
  __name(failed, "failed");
  const preview = /* @__PURE__ */ __name((call) => {
    try {
      return staticFinding(rules, call);
    } catch {
      return { rule: "rules", reason: "the rules could not be checked", hint: "Nothing was sent." };
    }
  }, "preview");
  async function peek(call) {
    const found = preview(call);
    if (found || !rules.launches || !call.launch)
      return found;
    try {
      const zone = rules.launches.timeZone ?? "UTC";
      const today = localTime(zone).date;
      const account = typeof call.body.account_id === "string" ? call.body.account_id : "(none)";
      const view = (await countsOf(ctx.store).viewCounts(launchGroup(zone, today)))[account];
      if ((view?.done ?? 0) + (view?.held ?? 0) >= rules.launches.perDay) {
        return overCap(rules.launches.perDay, account, today, zone);
      }
      return void 0;
    } catch {
      return {
        rule: "launches.perDay",
        reason: "the day's launch count could not be read",
        hint: "Nothing was sent."
      };
    }
  }
  __name(peek, "peek");
  return { mode, check, peek, preview };
  async function check(call) {
    const counted = [];
    const settle = /* @__PURE__ */ __name(async (done) => {
      for (const end of counted)
        await end(done).catch(() => {
        });
    }, "settle");
    const release = /* @__PURE__ */ __name(() => settle({ sent: false, launched: false }), "release");
    let finding;
    let current = "rules";
    try {
      finding = staticFinding(rules, call);
      const account = typeof call.body.account_id === "string" ? call.body.account_id : "(none)";
      if (rules.launches && call.launch && (!finding || mode !== "enforce")) {
        current = "launches.perDay";
        const store = countsOf(ctx.store);
        const zone = rules.launches.timeZone ?? "UTC";
        const today = localTime(zone).date;
        const group = launchGroup(zone, today);
        const token = finding ? null : await store.holdCount(group, account, rules.launches.perDay, holdMs, DAY_TTL_MS);
        counted.push(({ launched }) => store.settleCount(group, account, token, launched, DAY_TTL_MS));
        if (token === null && !finding)
          finding = overCap(rules.launches.perDay, account, today, zone);
      }
      if (!finding && rules.writesPerConversation !== void 0 && call.write) {
        current = "writesPerConversation";
        const store = countsOf(ctx.store);
        const cap = rules.writesPerConversation;
        const group = `writes
${ctx.identity}
${call.scope}`;
        const token = await store.holdCount(group, "writes", cap, holdMs, SESSION_TTL_MS);
        counted.push(({ sent }) => store.settleCount(group, "writes", token, sent, SESSION_TTL_MS));
        if (token === null) {
          finding = {
            rule: "writesPerConversation",
            reason: `the ${cap} writes allowed in this ${call.session === void 0 ? "toolkit" : "session"} are used`,
            hint: "Nothing was sent. No writes are left in this conversation; reads still work. Tell the user."
          };
        }
      }
      let ask;
      if (!finding && rules.custom) {
        for (const [i, rule] of rules.custom.entries()) {
          current = `custom[${i}]`;
          const verdict = await rule({
            tool: call.tool,
            input: call.body,
            ...typeof call.body.account_id === "string" ? { account: call.body.account_id } : {},
            ...call.session === void 0 ? {} : { session: call.session }
          });
          const reason = typeof verdict?.reason === "string" && verdict.reason !== "" ? verdict.reason : "no reason given";
          if (verdict?.decision === "deny") {
            finding = { rule: current, reason, hint: "Nothing was sent. Ask the user how to proceed." };
            break;
          }
          if (verdict?.decision === "ask")
            ask ??= { rule: current, reason, override: false };
          else if (verdict?.decision !== "allow")
            throw new Error(`it answered ${JSON.stringify(verdict?.decision)}, not allow, deny or ask`);
        }
      }
      if (finding) {
        if (mode === "enforce") {
          await release();
          return { refusal: refuse(call, finding), settle: none };
        }
        if (mode === "advisory") {
          record(call, "advise", finding.rule, finding.reason);
          return { ask: { rule: finding.rule, reason: finding.reason, override: true }, settle };
        }
        record(call, "would-deny", finding.rule, finding.reason);
        return { settle };
      }
      if (ask) {
        if (mode === "audit") {
          record(call, "would-ask", ask.rule, ask.reason);
          return { settle };
        }
        record(call, "ask", ask.rule, ask.reason);
        return { ask, settle };
      }
      record(call, "allow");
      return { settle };
    } catch (error) {
      await release();
      return failed(call, current, error);
    }
  }
  __name(check, "check");
}
__name(createRulesStep, "createRulesStep");
function overCap(perDay, account, today, zone) {
  return {
    rule: "launches.perDay",
    reason: perDay === 0 ? `no ACTIVE launches are allowed for ${account}` : `the ${perDay} ACTIVE launch${perDay === 1 ? "" : "es"} allowed per day for ${account} are used or in flight today (${today}, ${zone})`,
    hint: `Nothing was sent. No launches are left today for ${account}; the count starts again at midnight ${zone}. Create the ad with status PAUSED instead, or launch it tomorrow.`
  };
}
__name(overCap, "overCap");
function countsOf(store) {
  if (!store.holdCount || !store.settleCount || !store.viewCounts) {
    throw new Error(`the store (${store.name}) keeps no rule counts`);
  }
  return { holdCount: store.holdCount, settleCount: store.settleCount, viewCounts: store.viewCounts };
}
__name(countsOf, "countsOf");
function launchGroup(zone, date) {
  return `launches
${zone}
${date}`;
}
__name(launchGroup, "launchGroup");

export {
  decide,
  safely,
  localTime,
  daysInWords,
  windowOf,
  createRulesStep,
  launchGroup
};

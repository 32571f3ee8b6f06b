import {
  UPGRADE_URL,
  canonical,
  sha256
} from "./chunk-DFWYDSP3.js";
import {
  offeredTools
} from "./chunk-FQEE225I.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/sim/door/catalog.js
import { z } from "zod";

// dist/sim/door/ads.js
var fail = /* @__PURE__ */ __name((status, error, extra = {}) => ({
  status,
  data: { error, ...extra }
}), "fail");
function accountFor(call, given) {
  const accounts = call.identity.accounts;
  if (given === void 0) {
    const first = accounts[0];
    return first ?? fail(404, "No connected ad account: connect one in the app", { accounts: [] });
  }
  const found = accounts.find((a) => a.id === given);
  if (found)
    return found;
  return fail(404, `Account ${String(given)} is not one of yours; pick one from accounts`, { accounts });
}
__name(accountFor, "accountFor");
var isReply = /* @__PURE__ */ __name((value) => "status" in value, "isReply");
function adsOf(call, account) {
  const seeded = call.rt.world.tree(account.id).ads.map((ad) => ({
    ad_id: ad.id,
    name: ad.name,
    adset_id: ad.adset_id,
    campaign_id: ad.campaign_id,
    status: "ACTIVE",
    format: ad.format,
    origin: "seeded"
  }));
  const made = call.rt.state.ads.filter((ad) => ad.account_id === account.id).map((ad) => ({
    ad_id: ad.ad_id,
    name: ad.name,
    adset_id: ad.adset_id,
    campaign_id: ad.campaign_id,
    status: ad.status,
    format: ad.media.type,
    origin: ad.created_by
  }));
  return [...seeded, ...made];
}
__name(adsOf, "adsOf");
var listAds = {
  name: "list_ads",
  title: "List ads",
  description: "List the ads of an ad account with their status (ACTIVE or PAUSED). Defaults to your first account.",
  inputSchema: {
    type: "object",
    properties: { account_id: { type: "string", pattern: "^act_\\d+$" } },
    additionalProperties: false
  },
  annotations: { readOnlyHint: true },
  run: /* @__PURE__ */ __name(async (call, args) => {
    const account = accountFor(call, args.account_id);
    if (isReply(account))
      return account;
    return { status: 200, data: { account_id: account.id, ads: adsOf(call, account) } };
  }, "run")
};
var getAd = {
  name: "get_ad",
  title: "Get ad",
  description: "Read one ad by id: name, ad set, status, creative and destination.",
  inputSchema: {
    type: "object",
    properties: { ad_id: { type: "string" } },
    required: ["ad_id"],
    additionalProperties: false
  },
  annotations: { readOnlyHint: true },
  run: /* @__PURE__ */ __name(async (call, args) => {
    const made = mine(call, args.ad_id);
    if (made)
      return { status: 200, data: view(made) };
    for (const account of call.identity.accounts) {
      const seeded = adsOf(call, account).find((ad) => ad.ad_id === args.ad_id);
      if (seeded)
        return { status: 200, data: { account_id: account.id, ...seeded } };
    }
    return fail(404, `Ad ${String(args.ad_id)} not found in your accounts`);
  }, "run")
};
var setAdStatus = {
  name: "set_ad_status",
  title: "Set ad status",
  description: "Set an ad's delivery status. ACTIVE starts delivery and can spend money at once; PAUSED stops it. Works on ads created through the service.",
  inputSchema: {
    type: "object",
    properties: {
      ad_id: { type: "string" },
      status: { type: "string", enum: ["ACTIVE", "PAUSED"] }
    },
    required: ["ad_id", "status"],
    additionalProperties: false
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  run: /* @__PURE__ */ __name(async (call, args) => {
    if (args.status !== "ACTIVE" && args.status !== "PAUSED") {
      return fail(400, "status must be exactly ACTIVE or PAUSED");
    }
    if (call.identity.plan === "free") {
      return fail(403, "set_ad_status requires a paid plan (Pro or Agency)", { upgrade_url: UPGRADE_URL });
    }
    if (call.identity.role === "client_viewer") {
      return fail(403, "The Client Viewer role is read-only and cannot use set_ad_status");
    }
    const ad = mine(call, args.ad_id);
    if (!ad) {
      const seeded = call.identity.accounts.some((a) => call.rt.world.tree(a.id).ads.some((s) => s.id === args.ad_id));
      return seeded ? fail(409, `Ad ${String(args.ad_id)} was made outside the service; change it in the ad platform`) : fail(404, `Ad ${String(args.ad_id)} not found in your accounts`);
    }
    const previous = ad.status;
    if (previous !== args.status) {
      const waitS = call.rt.budget.waitS(ad.account_id);
      if (waitS > 0) {
        return fail(409, `Write budget spent for ${ad.account_id}; next slot in ${waitS} s`, {
          retry_after_s: waitS
        });
      }
      call.rt.budget.record(ad.account_id);
      ad.status = args.status;
      ad.status_changed_by = "set_ad_status";
      ad.status_changed_at = (/* @__PURE__ */ new Date()).toISOString();
    }
    return { status: 200, data: { ad_id: ad.ad_id, status: ad.status, previous_status: previous } };
  }, "run")
};
function mine(call, adId) {
  return call.rt.state.ads.find((ad) => ad.ad_id === adId && call.identity.accounts.some((a) => a.id === ad.account_id));
}
__name(mine, "mine");
function view(ad) {
  const { hard_confirm_text: _h, request_id: _r, ...rest } = ad;
  return rest;
}
__name(view, "view");
var adTools = [listAds, getAd, setAdStatus];

// dist/sim/door/catalog.js
var NOT_ON_MCP = /* @__PURE__ */ new Set(["creative-loop"]);
var RESHAPED = /* @__PURE__ */ new Set(["results", "compare"]);
function restSchema(def) {
  const { $schema: _s, ...schema } = z.toJSONSchema(def.inputSchema, {
    io: "input",
    unrepresentable: "any"
  });
  return schema;
}
__name(restSchema, "restSchema");
function annotationsOf(def) {
  if (def.hints.readOnly)
    return { readOnlyHint: true, openWorldHint: def.effect !== "calculator" };
  return {
    readOnlyHint: false,
    destructiveHint: def.name === "push-creative",
    idempotentHint: def.hints.idempotent
  };
}
__name(annotationsOf, "annotationsOf");
var titleOf = /* @__PURE__ */ __name((name) => {
  const words = name.replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}, "titleOf");
function passThrough(def) {
  return {
    name: def.name,
    title: titleOf(def.name),
    description: def.description,
    inputSchema: restSchema(def),
    annotations: annotationsOf(def),
    rest: def.name,
    run: /* @__PURE__ */ __name((call, args) => call.rest(def.name, args), "run")
  };
}
__name(passThrough, "passThrough");
var results = offeredTools.find((t) => t.name === "results");
var getResults = {
  name: "get_results",
  title: "Get results",
  description: results.description,
  inputSchema: restSchema(results),
  annotations: { readOnlyHint: true },
  rest: "results",
  run: /* @__PURE__ */ __name((call, args) => call.rest("results", args), "run")
};
var compareBenchmarks = {
  name: "compare_benchmarks",
  title: "Compare with benchmarks",
  description: "Compare your metrics with an industry's benchmarks. Give the niche slug (from benchmarks) and at least one metric. Returns ahead/behind per metric.",
  inputSchema: {
    type: "object",
    properties: {
      niche: { type: "string", description: "Industry slug from benchmarks" },
      metrics: {
        type: "object",
        properties: {
          cpm: { type: "number", description: "Cost per 1,000 impressions" },
          ctr: { type: "number", description: "Click-through rate, percent" },
          cpl: { type: "number", description: "Cost per lead, compared with the benchmark CPA" }
        },
        additionalProperties: false
      }
    },
    required: ["niche", "metrics"],
    additionalProperties: false
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  rest: "compare",
  run: /* @__PURE__ */ __name(async (call, args) => {
    const metrics = args.metrics;
    if (metrics === null || typeof metrics !== "object" || Array.isArray(metrics)) {
      return { status: 400, data: { error: "metrics must be an object with cpm, ctr and/or cpl" } };
    }
    const m = metrics;
    const body = { niche: args.niche };
    if (m.cpm !== void 0)
      body.your_cpm = m.cpm;
    if (m.ctr !== void 0)
      body.your_ctr = m.ctr;
    if (m.cpl !== void 0)
      body.your_cpl = m.cpl;
    return call.rest("compare", body);
  }, "run")
};
var launchAd = {
  name: "launch_ad",
  title: "Launch ad",
  description: "Create an ad and start delivery at once (status ACTIVE): it can spend money as soon as it is created. Give the ad set, the creative and one destination.",
  inputSchema: {
    type: "object",
    properties: {
      account_id: { type: "string", pattern: "^act_\\d+$" },
      adset_id: { type: "string" },
      creative: {
        type: "object",
        properties: {
          image_url: { type: "string", format: "uri" },
          video_url: { type: "string", format: "uri" },
          primary_text: { type: "string" },
          headline: { type: "string" },
          cta_type: { type: "string" }
        },
        additionalProperties: false
      },
      destination: {
        type: "object",
        properties: { website_url: { type: "string", format: "uri" }, lead_gen_form_id: { type: "string" } },
        additionalProperties: false
      },
      ad_name: { type: "string" },
      request_id: { type: "string", minLength: 8, maxLength: 128 }
    },
    required: ["account_id", "adset_id", "creative", "destination"],
    additionalProperties: false
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  run: /* @__PURE__ */ __name(async (call, args) => {
    const creative = objectArg(args.creative);
    const destination = objectArg(args.destination);
    if (!creative || !destination) {
      return { status: 400, data: { error: "creative and destination must be objects" } };
    }
    const requestId = typeof args.request_id === "string" ? args.request_id : `launch-${sha256(canonical(args)).slice(0, 32)}`;
    const body = {
      account_id: args.account_id,
      adset_id: args.adset_id,
      request_id: requestId,
      ...creative,
      ...destination,
      ...args.ad_name === void 0 ? {} : { ad_name: args.ad_name },
      status: "ACTIVE",
      // The MCP door has no confirmation sentence: launching is the tool's whole meaning.
      hard_confirm_text: "launch_ad (MCP door)"
    };
    const reply = await call.rest("push-creative", body);
    const adId = reply.data?.ad_id;
    const ad = call.rt.state.ads.find((a) => a.ad_id === adId && a.request_id === requestId);
    if (reply.status === 200 && ad) {
      ad.created_by = "launch_ad";
      ad.hard_confirm_text = null;
    }
    return reply;
  }, "run")
};
function objectArg(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : void 0;
}
__name(objectArg, "objectArg");
function doorCatalog() {
  const passed = offeredTools.filter((t) => !NOT_ON_MCP.has(t.name) && !RESHAPED.has(t.name)).map(passThrough);
  return [getResults, compareBenchmarks, ...passed, launchAd, ...adTools];
}
__name(doorCatalog, "doorCatalog");

export {
  restSchema,
  doorCatalog
};

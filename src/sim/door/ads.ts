import { UPGRADE_URL } from "../errors.js";
import type { SimAd } from "../state.js";
import type { SimAccount } from "../world.js";
import type { DoorCall, DoorReply, DoorTool } from "./catalog.js";

const fail = (status: number, error: string, extra: Record<string, unknown> = {}): DoorReply => ({
  status,
  data: { error, ...extra },
});

function accountFor(call: DoorCall, given: unknown): SimAccount | DoorReply {
  const accounts = call.identity.accounts;
  if (given === undefined) {
    const first = accounts[0];
    return first ?? fail(404, "No connected ad account: connect one in the app", { accounts: [] });
  }
  const found = accounts.find((a) => a.id === given);
  if (found) return found;
  return fail(404, `Account ${String(given)} is not one of yours; pick one from accounts`, { accounts });
}

const isReply = (value: SimAccount | DoorReply): value is DoorReply => "status" in value;

/** Seeded ads (running since before the simulator started) and ads made since, one shape. */
function adsOf(call: DoorCall, account: SimAccount) {
  const seeded = call.rt.world.tree(account.id).ads.map((ad) => ({
    ad_id: ad.id,
    name: ad.name,
    adset_id: ad.adset_id,
    campaign_id: ad.campaign_id,
    status: "ACTIVE",
    format: ad.format,
    origin: "seeded",
  }));
  const made = call.rt.state.ads
    .filter((ad) => ad.account_id === account.id)
    .map((ad) => ({
      ad_id: ad.ad_id,
      name: ad.name,
      adset_id: ad.adset_id,
      campaign_id: ad.campaign_id,
      status: ad.status,
      format: ad.media.type,
      origin: ad.created_by,
    }));
  return [...seeded, ...made];
}

const listAds: DoorTool = {
  name: "list_ads",
  title: "List ads",
  description:
    "List the ads of an ad account with their status (ACTIVE or PAUSED). Defaults to your first account.",
  inputSchema: {
    type: "object",
    properties: { account_id: { type: "string", pattern: "^act_\\d+$" } },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
  run: async (call, args) => {
    const account = accountFor(call, args.account_id);
    if (isReply(account)) return account;
    return { status: 200, data: { account_id: account.id, ads: adsOf(call, account) } };
  },
};

const getAd: DoorTool = {
  name: "get_ad",
  title: "Get ad",
  description: "Read one ad by id: name, ad set, status, creative and destination.",
  inputSchema: {
    type: "object",
    properties: { ad_id: { type: "string" } },
    required: ["ad_id"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
  run: async (call, args) => {
    const made = mine(call, args.ad_id);
    if (made) return { status: 200, data: view(made) };
    for (const account of call.identity.accounts) {
      const seeded = adsOf(call, account).find((ad) => ad.ad_id === args.ad_id);
      if (seeded) return { status: 200, data: { account_id: account.id, ...seeded } };
    }
    return fail(404, `Ad ${String(args.ad_id)} not found in your accounts`);
  },
};

/** `set_ad_status`: the door's own write; ACTIVE puts an ad live at once. */
const setAdStatus: DoorTool = {
  name: "set_ad_status",
  title: "Set ad status",
  description:
    "Set an ad's delivery status. ACTIVE starts delivery and can spend money at once; PAUSED stops it. Works on ads created through the service.",
  inputSchema: {
    type: "object",
    properties: {
      ad_id: { type: "string" },
      status: { type: "string", enum: ["ACTIVE", "PAUSED"] },
    },
    required: ["ad_id", "status"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  run: async (call, args) => {
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
      const seeded = call.identity.accounts.some((a) =>
        call.rt.world.tree(a.id).ads.some((s) => s.id === args.ad_id),
      );
      return seeded
        ? fail(409, `Ad ${String(args.ad_id)} was made outside the service; change it in the ad platform`)
        : fail(404, `Ad ${String(args.ad_id)} not found in your accounts`);
    }
    const previous = ad.status;
    if (previous !== args.status) {
      const waitS = call.rt.budget.waitS(ad.account_id);
      if (waitS > 0) {
        return fail(409, `Write budget spent for ${ad.account_id}; next slot in ${waitS} s`, {
          retry_after_s: waitS,
        });
      }
      call.rt.budget.record(ad.account_id);
      ad.status = args.status;
      ad.status_changed_by = "set_ad_status";
      ad.status_changed_at = new Date().toISOString();
    }
    return { status: 200, data: { ad_id: ad.ad_id, status: ad.status, previous_status: previous } };
  },
};

function mine(call: DoorCall, adId: unknown): SimAd | undefined {
  return call.rt.state.ads.find(
    (ad) => ad.ad_id === adId && call.identity.accounts.some((a) => a.id === ad.account_id),
  );
}

function view(ad: SimAd) {
  const { hard_confirm_text: _h, request_id: _r, ...rest } = ad;
  return rest;
}

/** The door's ad tools: two reads and one write REST does not have. */
export const adTools: DoorTool[] = [listAds, getAd, setAdStatus];

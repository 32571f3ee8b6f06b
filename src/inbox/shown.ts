import { approvalPasskey } from "../guards/approval/passkey-approval.js";
import { openStatement } from "../guards/approval/proof.js";
import { shownRequest } from "../guards/approval/request.js";
import { type ApprovalAuthority, mayDecide, verifyDecision } from "../guards/approval/verify.js";
import type { ConfirmRequest } from "../types.js";
import type { InboxItem, InboxQueue, ItemDecision } from "./types.js";

/** Every signed statement an item carries: the approvals so far and the decision. */
export function statementsOf(item: InboxItem): string[] {
  const all = [...(item.approvals ?? []).map((a) => a.sig), item.decision?.sig, item.unverifiedDecision?.sig];
  return [...new Set(all.filter((s): s is string => typeof s === "string"))];
}

/**
 * The approvals recorded on an item that hold for its ask of its payload: signed with the inbox's
 * key for this request, ask, payload and account, by someone the people file lets decide there,
 * with their passkey's assertion where one is needed; one per person and per passkey, the first.
 * The page and the two-person rule both count only these: an approval written into the store by
 * anything but the inbox stands for nobody.
 */
export async function heldApprovals(
  item: InboxItem,
  authority: ApprovalAuthority,
): Promise<{ held: ItemDecision[]; ignored: number }> {
  const recorded = Array.isArray(item.approvals) ? item.approvals : [];
  if (recorded.length === 0) return { held: [], ignored: 0 };
  const keys = await authority.keys();
  const people = authority.people;
  const account = item.request.account ?? null;
  const held: ItemDecision[] = [];
  const devices = new Set<string>();
  for (const approval of recorded) {
    const opened = await openStatement(keys, approval?.sig);
    const c = opened?.claims;
    if (
      !opened ||
      !c ||
      c.decision !== "approve" ||
      c.who !== approval.by ||
      c.request !== item.request.id ||
      c.tool !== item.request.tool ||
      c.asked !== item.request.askedAt ||
      c.fingerprint !== item.request.fingerprint ||
      c.account !== account ||
      held.some((h) => h.by === c.who) ||
      (people && !people.people.some((p) => p.name === c.who && mayDecide(p, account)))
    )
      continue;
    const passkey = await approvalPasskey(opened, people, account, undefined);
    if ("problem" in passkey) continue;
    if (passkey.credential !== undefined) {
      if (devices.has(passkey.credential)) continue;
      devices.add(passkey.credential);
    }
    // What the page shows of it is what was signed, not what the item says besides.
    held.push({ ...approval, by: c.who, at: c.at, ...(c.text === undefined ? {} : { text: c.text }) });
  }
  return { held, ignored: recorded.length - held.length };
}

/**
 * The decision recorded on a closed item as the inbox signed it, or undefined when it does not
 * hold: its statements, checked as an agent's verifier checks them (this ask, this payload, this
 * account, people who may decide there, their passkeys), must decide what the item says was
 * decided, and what is shown of it (who, when, the words) is taken from its signed statement. The
 * page, the notifications and the agents' wait then never repeat a store writer's words.
 */
export async function signedDecision(
  item: InboxItem,
  authority: ApprovalAuthority,
): Promise<ItemDecision | undefined> {
  const d = item.decision;
  const r = item.request;
  if (!d || typeof r.payload !== "string") return undefined;
  const verdict = await verifyDecision(
    { kind: "statements", statements: statementsOf(item), via: "inbox" },
    // As of the ask: a decision that held when made still holds in the history after expiry.
    {
      request: r.id,
      tool: r.tool,
      payload: r.payload,
      account: r.account ?? null,
      askedAt: r.askedAt,
      now: r.askedAt,
    },
    { authority, shared: true, maxTtlMs: Math.max(0, r.expiresAt - r.askedAt) },
  );
  const holds = d.approved === true ? verdict.ok : !verdict.ok && verdict.declined === true;
  if (!holds) return undefined;
  const own = (await openStatement(await authority.keys(), d.sig))?.claims;
  const mine = own && own.request === r.id && own.decision === (d.approved ? "approve" : "decline");
  const { text: _text, reason: _reason, ...rest } = d;
  if (!mine) return { ...rest, ...(verdict.ok ? { who: verdict.who } : {}) };
  return {
    ...rest,
    by: own.who,
    at: own.at,
    ...(own.text === undefined ? {} : { text: own.text }),
    ...(own.reason === undefined ? {} : { reason: own.reason }),
    ...(verdict.ok ? { who: verdict.who } : { who: [own.who] }),
  };
}

/**
 * The queue, with every item it gives shown as its payload says (see `shownRequest`) and with only
 * the approvals that hold for it (see {@link heldApprovals}; `ignoredApprovals` counts the rest):
 * the page, the notifications, the signatures and the two-person rule all see the request the
 * agent would send and the approvals the inbox signed for it, whatever else an item in the store
 * was edited to say. An item with no payload to show keeps what it says and cannot be decided.
 */
export function showingPayloads(queue: InboxQueue, authority: ApprovalAuthority): InboxQueue {
  // A verdict on signed statements never changes for the same statements and request (the keys
  // and people file are the inbox's own, fixed for its life), and every poll of every open page
  // re-reads the same closed items: each is checked once.
  const held = remembered<{ held: ItemDecision[]; ignored: number }>();
  const decisions = remembered<ItemDecision | undefined>();
  const requestKey = (r: ConfirmRequest) => [
    r.id,
    r.tool,
    r.fingerprint,
    typeof r.payload,
    r.account ?? null,
    r.askedAt,
    r.expiresAt,
  ];
  const show = async (value: unknown): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map(show));
    if (value === null || typeof value !== "object") return value;
    const item = value as Partial<InboxItem> & Record<string, unknown>;
    if (item.request && typeof item.state === "string") {
      const shown = shownRequest(item.request);
      const { ignoredApprovals: _planted, unverifiedDecision: _said, ...rest } = item as InboxItem;
      let asShown: InboxItem = { ...rest, request: shown ?? withoutPayload(item.request) };
      if (asShown.decision) {
        const unsigned = asShown.decision;
        const signed = await decisions(
          JSON.stringify([statementsOf(asShown), unsigned.approved, requestKey(asShown.request)]),
          () => signedDecision(asShown, authority),
        );
        if (signed) asShown = { ...asShown, decision: signed };
        else {
          const { decision: _unsigned, ...undecided } = asShown;
          const sig = typeof unsigned.sig === "string" ? unsigned.sig : undefined;
          asShown = { ...undecided, unverifiedDecision: sig === undefined ? {} : { sig } };
        }
      }
      const recorded = item.approvals;
      if (!Array.isArray(recorded)) return asShown;
      const { held: approvals, ignored } = await held(
        JSON.stringify([recorded.map((a) => [a?.sig, a?.by]), requestKey(asShown.request)]),
        () => heldApprovals(asShown, authority),
      );
      return { ...asShown, approvals, ...(ignored > 0 ? { ignoredApprovals: ignored } : {}) };
    }
    // A page of lists (QueuePage, QueueListPage): the items inside them.
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(item))
      out[key] = member !== null && typeof member === "object" ? await show(member) : member;
    return out;
  };
  return new Proxy(queue, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => {
        const out = member.apply(target, args);
        return out instanceof Promise ? out.then(show) : out;
      };
    },
  });
}

/** A request whose payload cannot be shown: it keeps its words, and no decision can be signed. */
function withoutPayload(request: ConfirmRequest): ConfirmRequest {
  const { payload: _none, ...rest } = request;
  return rest;
}

/** A bounded memo of async verdicts by key; a failed one is not kept. */
function remembered<T>(limit = 5000): (key: string, compute: () => Promise<T>) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (key, compute) => {
    let found = seen.get(key);
    if (found === undefined) {
      if (seen.size >= limit) seen.clear();
      found = compute();
      seen.set(key, found);
      found.catch(() => seen.delete(key));
    }
    return found;
  };
}

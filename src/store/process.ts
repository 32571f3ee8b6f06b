import { memoryStore } from "./memory.js";
import { keyScoped } from "./scoped.js";
import type { AdStore } from "./types.js";

// A toolkit built per request (a route handler, a worker job, an agent made for each call) is one
// agent to the person who approved: the request one toolkit asked must be redeemed by the next, and
// what one sent must never be sent again by the next. So toolkits of one process that are given no
// store share one memory store per identity: a hash of the service and the API key (keyIdentity),
// never the key, so this registry holds no secret in a readable form.

const stores = new Map<string, AdStore>();

/**
 * The memory store, already scoped to `identity` (see keyIdentity), that every toolkit of this
 * process with that identity and no `store` option shares: approval requests and answers, the ask
 * ledger, used approvals, request-id pins, send and launch claims, live-ad records. Nothing here
 * reaches another process.
 */
export function processStore(identity: string): AdStore {
  let store = stores.get(identity);
  if (!store) {
    store = keyScoped(memoryStore(), identity);
    stores.set(identity, store);
  }
  return store;
}

/**
 * Where in this process's shared memory approval request `id` is recorded: under `identity`
 * ("process"), under another key or service ("another key"), or nowhere. Explains a request a
 * toolkit cannot find.
 */
export async function recordedInProcess(
  identity: string,
  id: string,
): Promise<"process" | "another key" | undefined> {
  if (await stores.get(identity)?.getApproval("", id)) return "process";
  for (const [other, store] of stores) {
    if (other !== identity && (await store.getApproval("", id))) return "another key";
  }
  return undefined;
}

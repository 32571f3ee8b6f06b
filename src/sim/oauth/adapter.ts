import type { Adapter, AdapterPayload } from "oidc-provider";

/** Models whose records belong to a grant and go with it. */
const GRANTABLE = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode"]);

interface Stored {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * One simulator's authorization-server storage, in memory: every model's records by id, with their
 * expiry, and an index from grant id to the records it issued, so a removed connection takes all
 * its tokens with it. A store per simulator keeps two simulators in one process apart.
 */
export class MemoryStore {
  readonly records = new Map<string, Stored>();
  private readonly byGrant = new Map<string, Set<string>>();
  private readonly byUid = new Map<string, string>();

  get(key: string): AdapterPayload | undefined {
    const stored = this.records.get(key);
    if (!stored) return undefined;
    if (stored.expiresAt <= Date.now()) {
      this.records.delete(key);
      return undefined;
    }
    return stored.payload;
  }

  set(model: string, id: string, payload: AdapterPayload, expiresIn: number | undefined): void {
    const key = `${model}:${id}`;
    const expiresAt =
      typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
    this.records.set(key, { payload, expiresAt });
    if (model === "Session" && typeof payload.uid === "string") this.byUid.set(payload.uid, id);
    if (GRANTABLE.has(model) && typeof payload.grantId === "string") {
      let keys = this.byGrant.get(payload.grantId);
      if (!keys) {
        keys = new Set();
        this.byGrant.set(payload.grantId, keys);
      }
      keys.add(key);
    }
  }

  delete(key: string): void {
    this.records.delete(key);
  }

  sessionIdByUid(uid: string): string | undefined {
    return this.byUid.get(uid);
  }

  /** Forgets the tokens of one model issued under a grant. */
  revokeTokens(grantId: string, model: string): void {
    const keys = this.byGrant.get(grantId);
    for (const key of keys ?? []) {
      if (!key.startsWith(`${model}:`)) continue;
      this.records.delete(key);
      keys?.delete(key);
    }
  }

  /** Forgets the grant and every token issued under it. */
  revokeGrant(grantId: string): void {
    for (const key of this.byGrant.get(grantId) ?? []) this.records.delete(key);
    this.byGrant.delete(grantId);
    this.records.delete(`Grant:${grantId}`);
  }

  hasGrant(grantId: string): boolean {
    return this.get(`Grant:${grantId}`) !== undefined;
  }
}

/**
 * An oidc-provider adapter over a {@link MemoryStore}. `findClient` lets the door resolve a client
 * the store does not hold (a loopback Client ID Metadata Document in test mode).
 */
export function memoryAdapter(
  store: MemoryStore,
  findClient?: (id: string) => Promise<AdapterPayload | undefined>,
): new (
  model: string,
) => Adapter {
  return class SimAdapter implements Adapter {
    constructor(private readonly model: string) {}
    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      store.set(this.model, id, payload, expiresIn);
    }
    async find(id: string): Promise<AdapterPayload | undefined> {
      const found = store.get(`${this.model}:${id}`);
      if (found || this.model !== "Client" || !findClient) return found;
      return findClient(id);
    }
    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined;
    }
    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = store.sessionIdByUid(uid);
      return id === undefined ? undefined : store.get(`Session:${id}`);
    }
    async consume(id: string): Promise<void> {
      const found = store.get(`${this.model}:${id}`);
      if (found) found.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string): Promise<void> {
      store.delete(`${this.model}:${id}`);
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      store.revokeTokens(grantId, this.model);
    }
  };
}

import type { Simulator } from "../../src/sim/index.js";

export interface RawAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export interface CallOptions {
  /** The key to send; null sends no Authorization header. Default: the Pro key. */
  key?: string | null;
  headers?: Record<string, string>;
  method?: string;
  /** Sent as is instead of JSON.stringify(body). */
  rawBody?: string;
}

/** One raw HTTP call to a simulator tool, with global fetch. */
export async function call(
  sim: Simulator,
  tool: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<RawAnswer> {
  const key = options.key === undefined ? sim.apiKey : options.key;
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const method = options.method ?? "POST";
  const res = await fetch(`${sim.url}/api/mcp/${tool}`, {
    method,
    headers,
    ...(method === "GET" || method === "HEAD" ? {} : { body: options.rawBody ?? JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body: parsed };
}

/** The first account of a key and one of its ad sets. */
export async function firstAccount(
  sim: Simulator,
  key = sim.apiKey,
): Promise<{ accountId: string; adsetId: string }> {
  const accounts = await call(sim, "list-accounts", {}, { key });
  const accountId = accounts.body.data.accounts[0].id as string;
  const rows = await call(sim, "results", { account_id: accountId, level: "adset" }, { key });
  return { accountId, adsetId: rows.body.data.rows[0].id as string };
}

/** A valid push-creative body; override any field. */
export function pushBody(accountId: string, adsetId: string, extra: Record<string, unknown> = {}) {
  return {
    account_id: accountId,
    request_id: "req-push-0001",
    adset_id: adsetId,
    image_url: "https://cdn.example.com/ad.png",
    website_url: "https://shop.example.com/",
    headline: "Hello",
    ...extra,
  };
}

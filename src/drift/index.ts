import type { AdDispatcher } from "../client/http.js";
import { catalog, offeredTools } from "../tools/index.js";
import { compareDocument, type Drift } from "./compare.js";

export { catalogSchema, compareDocument, type Drift, type DriftChange, documentBodies } from "./compare.js";
export {
  checkDoorDrift,
  compareDoor,
  type DoorDriftOptions,
  type DoorDriftReport,
  type ExpectedDoorTool,
  expectedDoor,
  type ListedDoorTool,
} from "./door.js";
export { normalize, type Shape } from "./normalize.js";

/** The service's OpenAPI document could not be read; `status` is null when nothing answered. */
export class DocumentError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "DocumentError";
  }
}

/** Options of {@link checkDrift}. */
export interface DriftOptions {
  /** Default 30 s. */
  timeoutMs?: number;
  dispatcher?: AdDispatcher;
}

/** The drift found, and the document's address. */
export interface DriftReport {
  url: string;
  drift: Drift[];
}

/**
 * Fetches `{baseUrl}/api/openapi` (no key needed) and compares it with the catalog adrails ships.
 * Throws {@link DocumentError} when the document cannot be fetched or is not an OpenAPI document.
 */
export async function checkDrift(baseUrl: string, options: DriftOptions = {}): Promise<DriftReport> {
  const url = `${baseUrl.replace(/\/+$/, "")}/api/openapi`;
  const document = await fetchDocument(url, options);
  const disabled = catalog.filter((def) => def.disabled).map((def) => def.name);
  try {
    return { url, drift: compareDocument(document, offeredTools, disabled) };
  } catch (error) {
    throw new DocumentError(error instanceof Error ? error.message : String(error), 200);
  }
}

async function fetchDocument(url: string, options: DriftOptions): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  let status: number;
  let body: string;
  try {
    if (options.dispatcher) {
      // undici is an optional peer: a caller with a dispatcher of its own has it installed.
      const { request } = await import("undici");
      const res = await request(url, {
        method: "GET",
        headers: { accept: "application/json" },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        dispatcher: options.dispatcher as import("undici").Dispatcher,
      });
      status = res.statusCode;
      body = await res.body.text();
    } else {
      const res = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      body = await res.text();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new DocumentError(`No answer from ${url}: ${message}`, null);
  }
  if (status !== 200)
    throw new DocumentError(`${url} answered HTTP ${status}, not the OpenAPI document.`, status);
  try {
    return JSON.parse(body);
  } catch {
    throw new DocumentError(`${url} did not answer JSON, so it is not the OpenAPI document.`, status);
  }
}

import type * as Http from "node:http";
import type * as Https from "node:https";
import { createRequire } from "node:module";

// Required, not imported: on Node 22 and 24 an ESM import of `node:http` reads every export,
// which loads Node's own undici and http2 (23 ms and more of a CLI command's start, 50 ms of
// `adrails --sim mcp`'s first call on Node 22). Required when first used, not at import:
// importing an adapter then loads neither.
const require = createRequire(import.meta.url);

/** Node's `node:http`, loaded on first use. */
export const nodeHttp = (): typeof Http => require("node:http") as typeof Http;

/** Node's `node:https`, loaded on first use. */
export const nodeHttps = (): typeof Https => require("node:https") as typeof Https;

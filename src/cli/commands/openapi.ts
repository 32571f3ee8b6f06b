import { buildOpenApi } from "../../sim/openapi.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";

/**
 * `adrails openapi`: the OpenAPI 3.1 document generated from the catalog, the one the simulator serves
 * at GET /api/openapi. The server URL is --server, else the configured base URL, else "/" (relative
 * to wherever the document is served).
 */
export async function runOpenapi(
  { io, output, globals }: CommandContext,
  opts: { server?: string },
): Promise<ExitCode> {
  const server = opts.server ?? globals.baseUrl ?? io.env.ADRAILS_BASE_URL ?? "/";
  output.result(buildOpenApi(server));
  return EXIT.ok;
}

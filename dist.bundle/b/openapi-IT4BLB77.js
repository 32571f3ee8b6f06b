import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  buildOpenApi
} from "./chunk-EHQ6G74P.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/openapi.js
async function runOpenapi({ io, output, globals }, opts) {
  const server = opts.server ?? globals.baseUrl ?? io.env.ADRAILS_BASE_URL ?? "/";
  output.result(buildOpenApi(server));
  return EXIT.ok;
}
__name(runOpenapi, "runOpenapi");
export {
  runOpenapi
};

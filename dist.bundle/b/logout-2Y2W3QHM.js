import {
  mcpUrlFor,
  signInFailure
} from "./chunk-H7M2KSJO.js";
import "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/logout.js
async function runLogout(ctx) {
  const { io, output, globals } = ctx;
  const mcpUrl = mcpUrlFor(globals, io.env);
  const { logout } = await import("./logout-IKJHK2YS.js");
  const { credentialStore } = await import("./store-N6MS2VT6.js");
  try {
    const store = credentialStore({ home: io.env.ADRAILS_HOME, env: io.env, warn: /* @__PURE__ */ __name((m) => output.warn(m), "warn") });
    const result = await logout({ store, mcpUrl });
    if (!result.found)
      output.info(`Not signed in to ${mcpUrl}: nothing to forget.`);
    else if (result.revoked === true)
      output.info(`Signed out of ${mcpUrl}: the server revoked the tokens and adrails forgot them.`);
    else
      output.info(`Signed out of ${mcpUrl}: adrails forgot the tokens, but they were not revoked (${result.revoked}).`);
    if (output.json)
      output.result({ ok: true, found: result.found, revoked: result.revoked === true });
    return EXIT.ok;
  } catch (error) {
    throw await signInFailure(error, mcpUrl);
  }
}
__name(runLogout, "runLogout");
export {
  runLogout
};

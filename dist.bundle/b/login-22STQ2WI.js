import {
  mcpUrlFor,
  signInFailure
} from "./chunk-H7M2KSJO.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/login.js
import { spawn } from "node:child_process";
async function runLogin(ctx, opts) {
  const { io, output, globals } = ctx;
  const mcpUrl = mcpUrlFor(globals, io.env);
  const clientMetadataUrl = opts.clientMetadataUrl ?? io.env.ADRAILS_CLIENT_METADATA_URL;
  if (clientMetadataUrl !== void 0 && !/^https:\/\/[^/]+\/.+/.test(clientMetadataUrl)) {
    throw new CliError(`The client metadata URL must be an https URL with a path: ${clientMetadataUrl}`, EXIT.usage);
  }
  const timeoutS = globals.timeout ?? 300;
  const clientId = io.env.ADRAILS_OAUTH_CLIENT_ID;
  const clientSecret = io.env.ADRAILS_OAUTH_CLIENT_SECRET;
  if (clientSecret)
    output.secret(clientSecret);
  const { login } = await import("./login-MP45PUR2.js");
  const { credentialStore } = await import("./store-N6MS2VT6.js");
  try {
    const store = credentialStore({ home: io.env.ADRAILS_HOME, env: io.env, warn: /* @__PURE__ */ __name((m) => output.warn(m), "warn") });
    const result = await login({
      mcpUrl,
      store,
      timeoutMs: timeoutS * 1e3,
      ...clientMetadataUrl ? { clientMetadataUrl } : {},
      ...clientId ? { preRegistered: { clientId, ...clientSecret ? { clientSecret } : {} } } : {},
      present: /* @__PURE__ */ __name((url, start) => {
        io.stderr.write("Open this address in a browser to sign in (adrails waits for the answer):\n");
        io.stdout.write(`${url.href}
`);
        if (opts.browser)
          openBrowser(start.href, io.env.BROWSER);
      }, "present")
    });
    const who = result.record.subject ? ` as ${result.record.subject}` : result.record.serverName ? ` (server ${result.record.serverName})` : "";
    output.info(`Signed in to ${result.record.resource}${who} (authorization server ${result.record.issuer}); ${result.toolCount} tools listed. Credentials are in ${store.dir}.`);
    if (result.noRefreshToken) {
      const until = result.record.tokens?.expires_at;
      output.warn(`The server gave no refresh token: this sign-in ends when its access token expires${until ? ` (${new Date(until).toISOString()})` : ""}; then run \`adrails login\` again.`);
    }
    if (output.json) {
      output.result({
        ok: true,
        resource: result.record.resource,
        issuer: result.record.issuer,
        subject: result.record.subject ?? null,
        tools: result.toolCount,
        refresh_token: !result.noRefreshToken
      });
    }
    return EXIT.ok;
  } catch (error) {
    throw await signInFailure(error, mcpUrl);
  }
}
__name(runLogin, "runLogin");
function openBrowser(url, browser) {
  const command = browser && browser.trim() !== "" ? browser.trim() : process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  try {
    const child = spawn(command, [url], { stdio: "ignore", detached: true });
    child.on("error", () => {
    });
    child.unref();
  } catch {
  }
}
__name(openBrowser, "openBrowser");
export {
  runLogin
};

/** What the consent page shows. */
export interface ConsentView {
  action: string;
  clientName: string;
  clientId: string;
  redirectUri: string;
  resource: string;
  scopes: string[];
  /** The signed-in person, or undefined when the page must ask who signs in. */
  signedInAs?: string;
  /** A problem with the last submission, in the person's words. */
  problem?: string;
  /** Documented test users, shown as a hint (the simulator's own, not credentials). */
  testUsers: string[];
}

const STYLE =
  "body{font:16px/1.45 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}" +
  "h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem}dt{font-weight:600}" +
  "dd{margin:0;overflow-wrap:anywhere}label{display:block;margin:.6rem 0 .2rem}input{width:100%;padding:.4rem}" +
  ".problem{background:#fde8e8;padding:.6rem;border-radius:4px}.actions{margin-top:1rem;display:flex;gap:.6rem}" +
  "button{padding:.5rem 1.2rem;font-size:1rem}small{color:#555}";

/** Escapes text for HTML content and attribute values. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The page a person signs in on and allows or denies a client. Plain HTML, no external assets. */
export function consentPage(view: ConsentView): string {
  const signIn = view.signedInAs
    ? `<p>Signed in as <strong>${esc(view.signedInAs)}</strong>.</p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>` +
      `<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>` +
      `<p><small>Simulator test users: ${view.testUsers.map(esc).join(", ")}; password <code>simulator</code>.</small></p>`;
  return page(
    "Connect an app: Ad Analysis and Creative Service (simulator)",
    `<h1>Allow <span id="client-name">${esc(view.clientName)}</span> to use your ad accounts?</h1>` +
      (view.problem ? `<p class="problem" role="alert">${esc(view.problem)}</p>` : "") +
      `<p>It will act as you through the service's MCP endpoint: read results and create or change ads, ` +
      `which can spend money. It is listed under Connected apps, where you can remove it at any time.</p>` +
      `<dl><dt>App</dt><dd>${esc(view.clientName)}</dd><dt>Client id</dt><dd><code>${esc(view.clientId)}</code></dd>` +
      `<dt>Returns to</dt><dd><code>${esc(view.redirectUri)}</code></dd>` +
      `<dt>For</dt><dd><code>${esc(view.resource)}</code></dd><dt>Access</dt><dd>${esc(view.scopes.join(" "))}</dd></dl>` +
      `<form method="post" action="${esc(view.action)}" id="consent">${signIn}` +
      `<div class="actions"><button type="submit" name="decision" value="allow" id="allow">Allow</button>` +
      `<button type="submit" name="decision" value="deny" id="deny" formnovalidate>Deny</button></div></form>`,
  );
}

/** An error shown to the person when the request cannot go back to the app. */
export function errorPage(error: string, description: string): string {
  return page(
    "Sign-in problem",
    `<h1>This sign-in cannot continue</h1><p class="problem" role="alert"><strong>${esc(error)}</strong>: ${esc(description)}</p>` +
      "<p>Go back to the app and start the sign-in again.</p>",
  );
}

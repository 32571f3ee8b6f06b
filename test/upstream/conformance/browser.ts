/**
 * The person's browser step for tests: opens the authorization URL, follows the server's
 * redirects, submits a consent form when one is shown (approving), and stops once the loopback
 * redirect of adrails has been delivered.
 */
export async function playBrowser(authorizationUrl: string, options: { deny?: boolean } = {}): Promise<void> {
  let url = authorizationUrl;
  let method = "GET";
  let body: URLSearchParams | undefined;
  const cookies = new Map<string, string>();
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      method,
      redirect: "manual",
      headers: {
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...(cookies.size > 0 ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const set of response.headers.getSetCookie?.() ?? []) {
      const [pair] = set.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.text().catch(() => "");
      const next = new URL(location, url);
      if (next.hostname === "127.0.0.1" && next.pathname === "/callback") {
        // The loopback listener of adrails: delivering the redirect ends the browser's part.
        await (await fetch(next)).text();
        return;
      }
      url = next.href;
      method = "GET";
      body = undefined;
      continue;
    }
    const html = await response.text();
    const form = consentForm(html, url, options.deny === true);
    if (!form)
      throw new Error(`the authorization page at ${url} shows no consent form (HTTP ${response.status})`);
    url = form.action;
    method = form.method;
    body = form.fields;
  }
  throw new Error("too many redirects in the browser step");
}

function consentForm(
  html: string,
  base: string,
  deny: boolean,
): { action: string; method: string; fields: URLSearchParams } | undefined {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const attr = (source: string, name: string) =>
    new RegExp(`${name}\\s*=\\s*"([^"]*)"`, "i").exec(source)?.[1]?.replace(/&amp;/g, "&");
  const fields = new URLSearchParams();
  for (const input of form[2]!.matchAll(/<input\b([^>]*)>/gi)) {
    const name = attr(input[1]!, "name");
    const type = attr(input[1]!, "type") ?? "text";
    if (name && type !== "submit") fields.set(name, attr(input[1]!, "value") ?? "");
  }
  const buttons = [...form[2]!.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)];
  const choice =
    buttons.find((b) =>
      (deny ? /deny|cancel|refuse/i : /approve|allow|consent|accept|authori/i).test(b[2]! + b[1]!),
    ) ?? buttons[0];
  if (choice) {
    const name = attr(choice[1]!, "name");
    if (name) fields.set(name, attr(choice[1]!, "value") ?? "");
  }
  return {
    action: new URL(attr(form[1]!, "action") ?? base, base).href,
    method: (attr(form[1]!, "method") ?? "POST").toUpperCase(),
    fields,
  };
}

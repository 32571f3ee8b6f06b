import type { DoorUserId } from "../oauth/users.js";

/** How the scripted person answers the authorization. */
export interface BrowseOptions {
  /** Who signs in on the consent page. Default "pro". */
  user?: DoorUserId;
  /** Default the simulator's test password. */
  password?: string;
  /** Default "allow". */
  decision?: "allow" | "deny";
  /** Open the final redirect (the app's redirect URI), as a browser would. Default true. */
  deliver?: boolean;
}

/** Where the authorization ended, and the pages the person saw. */
export interface BrowseResult {
  /** The redirect back to the app (its redirect URI with code or error, state and iss). */
  redirect: URL;
  /** The HTML of each page shown (the consent page, unless auto-consent was on). */
  pages: string[];
}

/**
 * Plays a person's browser for one authorization URL of the simulator's door: follows redirects
 * with a cookie jar, fills the consent page's form (sign-in and Allow or Deny), and stops at the
 * first redirect leaving the authorization server, which it opens unless `deliver` is false.
 * For tests and demos; a real person uses a real browser. Throws when the flow goes nowhere.
 */
export async function browseAuthorization(
  authorizationUrl: string | URL,
  options: BrowseOptions = {},
): Promise<BrowseResult> {
  const start = new URL(authorizationUrl);
  // The authorization endpoint's folder: the issuer, under which every step of the flow stays.
  const issuerPrefix = new URL(".", `${start.origin}${start.pathname}`).href;
  const jar = new Map<string, string>();
  const pages: string[] = [];
  let url = start;
  let init: RequestInit = { method: "GET" };
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...headersOf(init), cookie: cookieHeader(jar) },
    });
    for (const line of response.headers.getSetCookie()) remember(jar, line);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      init = { method: "GET" };
      if (!url.href.startsWith(issuerPrefix)) {
        if (options.deliver ?? true)
          await fetch(url)
            .then((r) => r.body?.cancel())
            .catch(() => {});
        return { redirect: url, pages };
      }
      continue;
    }
    const html = await response.text();
    pages.push(html);
    const action = /<form[^>]*action="([^"]+)"[^>]*id="consent"/.exec(html)?.[1];
    if (!action)
      throw new Error(`The authorization stopped at a page without a consent form (HTTP ${response.status})`);
    const form = new URLSearchParams({ decision: options.decision ?? "allow" });
    if (html.includes('name="email"')) {
      form.set("email", `${options.user ?? "pro"}@sim.adrails.test`);
      form.set("password", options.password ?? "simulator");
    }
    url = new URL(action.replace(/&#38;/g, "&"), url);
    init = {
      method: "POST",
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    };
  }
  throw new Error("The authorization did not come back to the app within 12 steps");
}

function headersOf(init: RequestInit): Record<string, string> {
  return (init.headers as Record<string, string> | undefined) ?? {};
}

function remember(jar: Map<string, string>, setCookie: string): void {
  const [pair] = setCookie.split(";");
  const eq = pair!.indexOf("=");
  if (eq <= 0) return;
  const name = pair!.slice(0, eq).trim();
  const value = pair!.slice(eq + 1).trim();
  if (value === "" || /expires=Thu, 01 Jan 1970/i.test(setCookie)) jar.delete(name);
  else jar.set(name, value);
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

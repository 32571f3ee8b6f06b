import type { InboxItem, InboxQueue } from "../../inbox/types.js";
import { EXIT } from "../exit-codes.js";
import type { CliIO, Output } from "../output.js";
import { CliError } from "../output.js";

/** The notification options of `adrails inbox`. */
export interface InboxNotifyOptions {
  notify?: string[];
  notifyFormat?: "json" | "slack";
  publicUrl?: string;
}

const MIN_SECRET = 16;
const isHttp = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
/** A URL named in an error by its scheme and host only: a webhook's path can be its secret. */
const shown = (text: string) =>
  URL.canParse(text) ? `${new URL(text).protocol}//${new URL(text).host}` : "that value";

/**
 * Checks --notify, --notify-format, --public-url (or ADRAILS_INBOX_URL) and ADRAILS_NOTIFY_SECRET
 * before the inbox serves (exit 2 naming what is wrong), and gives what starts the notifier once
 * the listening URL is known.
 */
export function notifySetup(io: CliIO, output: Output, opts: InboxNotifyOptions) {
  const urls = opts.notify ?? [];
  const format = opts.notifyFormat ?? "json";
  for (const url of urls) {
    if (!isHttp(url)) {
      throw new CliError(
        `--notify takes an http:// or https:// webhook URL, not ${shown(url)}.`,
        EXIT.usage,
        "Give the webhook's full URL, e.g. --notify https://hooks.example.com/adrails.",
      );
    }
  }
  if (opts.notifyFormat && urls.length === 0) {
    throw new CliError("--notify-format needs a --notify URL.", EXIT.usage);
  }
  const publicUrl = opts.publicUrl ?? io.env.ADRAILS_INBOX_URL;
  if (publicUrl !== undefined && publicUrl !== "" && !isHttp(publicUrl)) {
    throw new CliError(
      `The inbox's public URL (${opts.publicUrl ? "--public-url" : "ADRAILS_INBOX_URL"}) must be an http:// or https:// URL.`,
      EXIT.usage,
    );
  }
  const secret = io.env.ADRAILS_NOTIFY_SECRET || undefined;
  if (urls.length > 0 && secret !== undefined && secret.length < MIN_SECRET) {
    throw new CliError(`ADRAILS_NOTIFY_SECRET must be at least ${MIN_SECRET} characters.`, EXIT.usage);
  }
  if (urls.length > 0 && format === "json" && !secret) {
    throw new CliError(
      "--notify sends signed JSON, and ADRAILS_NOTIFY_SECRET is not set.",
      EXIT.usage,
      "Set ADRAILS_NOTIFY_SECRET to a long random secret your webhook also knows, e.g. whsec_ and 32 random bytes in base64 (it checks webhook-signature, Standard Webhooks: verifyWebhook from adrails/inbox).",
    );
  }
  let notifier: import("../../inbox/notify.js").Notifier | undefined;
  return {
    /** For the inbox's `watch` option: sends nothing until {@link start}. */
    watch: (items: InboxItem[]) => notifier?.watch(items),
    /** Starts sending; `listening` is the inbox's own URL, used when no public URL is set. */
    async start(queue: InboxQueue, listening: string, secrets: readonly string[]): Promise<void> {
      if (urls.length === 0) return;
      const { createNotifier } = await import("../../inbox/notify.js");
      notifier = createNotifier(queue, {
        urls,
        format,
        ...(secret ? { secret } : {}),
        publicUrl: publicUrl || listening,
        secrets,
        onGiveUp: (message) => output.warn(message),
      });
      const hosts = [...new Set(urls.map((url) => new URL(url).host))].join(", ");
      io.stderr.write(
        `Notifications (${format}${secret ? ", signed" : ""}) to ${hosts}; links open ${publicUrl || listening}\n`,
      );
    },
    stop: () => notifier?.close(),
  };
}

// The scripted model of the demo: it plays the agent's side of the session without a real model.
// It is not a recording: every step reads the tool results in the prompt (the capped text the
// model would read) and takes its ids, copy and conclusions from them, as a real model would.

/** What the demo's agent is asked to do; also the system prompt of a real model. */
export const DEMO_PRODUCT =
  "Trailhead 2 waterproof hiking boots, light enough for fast hikes and grippy on wet rock; free returns for 60 days.";
export const DEMO_IMAGE_URL = "https://cdn.northwind-outdoor.example/creatives/trailhead-2-hero.jpg";
export const DEMO_LANDING_URL = "https://northwind-outdoor.example/trailhead-2";

export const DEMO_SYSTEM_PROMPT = `You are a media buyer's assistant with guarded tools for the Ad Analysis and Creative Service.
Work through this goal one step at a time, reading every tool result before the next call:
1. List the ad accounts and use the first one.
2. Read its results per ad set for the last 7 days; pick the ad set with the lowest CPA.
3. Check the account's health and its fatigue alerts.
4. Write ad copy (objective Leads, tone Bold) from this product description: ${DEMO_PRODUCT}
5. Save the image ${DEMO_IMAGE_URL} to the creative library.
6. Create the ad with push-creative, status PAUSED, in that ad set: that image, the first headline and primary text of the copy, website_url ${DEMO_LANDING_URL}.
7. There is no tool that activates an existing ad, so launching means creating it with status ACTIVE: try that once with the same fields. A person must confirm it; if it is refused, do not retry, say so.
8. Generate a small creative matrix for the account: angles pain and gain, hooks question and bold claim.
A result with ok "partial" (HTTP 207) is not a success: report what was applied and what failed, and never repeat the whole call.
Finish with a short summary for the person: the ads created and their status, what was refused and why.`;

export const DEMO_USER_PROMPT =
  "Refresh the Trailhead 2 ads: check how the account is doing, write new copy, stage the ad, and launch it if I confirm.";

/** A tool result as found in the prompt. */
interface SeenResult {
  toolName: string;
  /** The parsed ToolResult, or null when the text was cut and is no longer JSON. */
  value: Record<string, any> | null;
  text: string;
}

type Part = Record<string, any>;
type Usage = {
  inputTokens: { total: number; noCache: number; cacheRead: undefined; cacheWrite: undefined };
  outputTokens: { total: number; text: number; reasoning: undefined };
};

/** One answer of the scripted model, in the shape of a LanguageModelV3 generate result. */
export interface ScriptedTurn {
  content: Part[];
  finishReason: { unified: "tool-calls" | "stop"; raw: undefined };
  usage: Usage;
  warnings: [];
}

const usage = (): Usage => ({
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
});

/** Tool results in a LanguageModelV3 prompt, oldest first. */
export function toolResultsIn(prompt: readonly unknown[]): SeenResult[] {
  const seen: SeenResult[] = [];
  for (const message of prompt as { role?: string; content?: unknown }[]) {
    if (message?.role !== "tool" || !Array.isArray(message.content)) continue;
    for (const part of message.content as Part[]) {
      if (part?.type !== "tool-result") continue;
      const output = part.output as { type?: string; value?: unknown } | undefined;
      const text = typeof output?.value === "string" ? output.value : JSON.stringify(output?.value ?? null);
      seen.push({ toolName: String(part.toolName), value: parse(text), text });
    }
  }
  return seen;
}

function parse(text: string): Record<string, any> | null {
  try {
    const value = JSON.parse(text);
    return value !== null && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

/**
 * The scripted agent's next answer, decided from the conversation so far: the number of turns it
 * has taken and the tool results it has read.
 */
export function nextScriptedTurn(prompt: readonly unknown[]): ScriptedTurn {
  const turn = (prompt as { role?: string }[]).filter((m) => m?.role === "assistant").length;
  const results = toolResultsIn(prompt);
  const last = (name: string) => [...results].reverse().find((r) => r.toolName === name);
  const all = (name: string) => results.filter((r) => r.toolName === name);
  let callIndex = 0;
  const call = (toolName: string, input: Record<string, unknown>): Part => ({
    type: "tool-call",
    toolCallId: `demo_${turn}_${callIndex++}`,
    toolName,
    input: JSON.stringify(input),
  });
  const say = (text: string): Part => ({ type: "text", text });
  const act = (...content: Part[]): ScriptedTurn => ({
    content,
    finishReason: { unified: "tool-calls", raw: undefined },
    usage: usage(),
    warnings: [],
  });

  const account = pickAccount(last("list-accounts"));
  const adset = pickAdset(last("results"));
  const copy = pickCopy(last("ad-copy"));
  const ad = {
    account_id: account.id,
    adset_id: adset.id,
    image_url: DEMO_IMAGE_URL,
    website_url: DEMO_LANDING_URL,
    headline: copy.headline,
    primary_text: copy.primaryText,
    ad_name: "Trailhead 2 | fresh copy",
  };

  switch (turn) {
    case 0:
      return act(say("First, the ad accounts this key can reach."), call("list-accounts", {}));
    case 1:
      return act(
        say(`Using ${account.name} (${account.id}). Reading last week's results per ad set.`),
        call("results", { account_id: account.id, level: "adset", date_preset: "last_7d" }),
      );
    case 2:
      return act(
        say(`Lowest CPA: ${adset.name} (${adset.cpa}). Checking the account's health and ad fatigue.`),
        call("health", { account_id: account.id }),
        call("fatigue-alerts", { account_id: account.id }),
      );
    case 3:
      return act(
        say(
          `${describeHealth(last("health"))}; ${describeFatigue(last("fatigue-alerts"))}. Fresh copy is due.`,
        ),
        call("ad-copy", { description: DEMO_PRODUCT, objective: "Leads", tone: "Bold" }),
      );
    case 4:
      return act(
        say(`Headline: "${copy.headline}". Saving the hero image to the creative library.`),
        call("save-creative", { image_url: DEMO_IMAGE_URL, prompt: "Trailhead 2 hero shot" }),
      );
    case 5:
      return act(
        say("Creating the ad PAUSED first, so nothing spends yet."),
        call("push-creative", { ...ad, status: "PAUSED" }),
      );
    case 6:
      return act(
        say(
          `${describePush(last("push-creative"))}. No tool activates an existing ad, so launching means creating it ACTIVE; that needs a person's confirmation.`,
        ),
        call("push-creative", { ...ad, ad_name: "Trailhead 2 | fresh copy | live", status: "ACTIVE" }),
      );
    case 7:
      return act(
        say(`${describeLaunch(last("push-creative"))}. Next, a small creative matrix (2 angles x 2 hooks).`),
        call("creative-matrix", {
          account_id: account.id,
          angles: ["pain", "gain"],
          hooks: ["question", "bold claim"],
        }),
      );
    default:
      return {
        content: [say(finalSummary(all("push-creative"), last("creative-matrix")))],
        finishReason: { unified: "stop", raw: undefined },
        usage: usage(),
        warnings: [],
      };
  }
}

function pickAccount(seen: SeenResult | undefined): { id: string; name: string } {
  const first = seen?.value?.data?.accounts?.[0];
  if (first && typeof first.id === "string") return { id: first.id, name: String(first.name ?? first.id) };
  const id = /act_\d+/.exec(seen?.text ?? "")?.[0] ?? "act_unknown";
  return { id, name: id };
}

function pickAdset(seen: SeenResult | undefined): { id: string; name: string; cpa: string } {
  const rows = (seen?.value?.data?.rows ?? []) as { id?: string; name?: string; cpa?: number | null }[];
  const priced = rows.filter((r) => typeof r.id === "string" && typeof r.cpa === "number");
  const best = priced.sort((a, b) => (a.cpa as number) - (b.cpa as number))[0] ?? rows[0];
  const currency = seen?.value?.data?.currency ?? "";
  return {
    id: best?.id ?? "unknown",
    name: best?.name ?? "the first ad set",
    cpa: typeof best?.cpa === "number" ? `CPA ${best.cpa} ${currency}`.trim() : "CPA unknown",
  };
}

function pickCopy(seen: SeenResult | undefined): { headline: string; primaryText: string } {
  const data = seen?.value?.data;
  return {
    headline: data?.headlines?.[0] ?? "Trailhead 2: waterproof, light, grippy",
    primaryText: data?.primary_texts?.[0] ?? DEMO_PRODUCT,
  };
}

function describeHealth(seen: SeenResult | undefined): string {
  const data = seen?.value?.data;
  if (!data) return "Health could not be read";
  return `Health ${data.score} (${String(data.rating).replace(/_/g, " ")}), weakest: ${String(data.weakest_component).replace(/_/g, " ")}`;
}

function describeFatigue(seen: SeenResult | undefined): string {
  const alerts = (seen?.value?.data?.alerts ?? []) as { verdict?: string }[];
  const fatigued = alerts.filter((a) => a.verdict === "fatigued").length;
  return `${fatigued} fatigued ad${fatigued === 1 ? "" : "s"}, ${alerts.length - fatigued} at risk`;
}

function describePush(seen: SeenResult | undefined): string {
  const v = seen?.value;
  if (v?.ok === true) return `Ad ${v.data?.ad_id} created ${v.data?.status}`;
  return `The PAUSED ad was not created (${v?.error ?? "no readable result"})`;
}

function describeLaunch(seen: SeenResult | undefined): string {
  const v = seen?.value;
  if (v?.ok === true) return `A person confirmed it: ad ${v.data?.ad_id} is ${v.data?.status}`;
  if (v?.blocked) return "The launch was refused before anything was sent; I will not retry it";
  return `The launch failed (${v?.error ?? "no readable result"}); I will not retry it`;
}

function finalSummary(pushes: SeenResult[], matrix: SeenResult | undefined): string {
  const lines: string[] = [];
  const [paused, launch] = pushes;
  lines.push(`${describePush(paused)} in the best ad set, with the new copy.`);
  if (launch?.value?.ok === true) {
    lines.push(`You confirmed the launch, so ad ${launch.value.data?.ad_id} is ACTIVE and can spend now.`);
  } else if (launch?.value?.blocked) {
    lines.push(
      "The ACTIVE launch was refused because no person confirmed it; nothing was sent. Confirm it yourself to go live.",
    );
  } else if (launch) {
    lines.push(`The ACTIVE launch failed: ${launch.value?.error ?? "no readable result"}.`);
  }
  const m = matrix?.value;
  if (m?.ok === "partial") {
    const failed = (m.failed ?? []) as { angle?: string; hook?: string }[];
    const which = failed.map((f) => `${f.angle} x ${f.hook}`).join(", ");
    lines.push(
      `The creative matrix only partly worked (207): ${m.applied?.length ?? 0} creatives made, ${failed.length} failed (${which}). I did not repeat the whole call, which would duplicate what was made; the failed cells can be retried on their own.`,
    );
  } else if (m?.ok === true) {
    lines.push(`The creative matrix made ${m.data?.creatives?.length ?? 0} creatives.`);
  } else if (matrix) {
    lines.push(`The creative matrix failed: ${m?.error ?? "no readable result"}.`);
  }
  return lines.join(" ");
}

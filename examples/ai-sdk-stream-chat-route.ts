// A streaming chat route for a web app (the shape of a Next.js app/api/chat/route.ts) with
// adrails tools and native tool approval, and the browser's side played by main().
//
// 1. The browser POSTs the chat's UI messages; the route streams the answer (UI message stream).
//    The agent reads the accounts and results, then asks to launch an ad ACTIVE: the stream ends
//    with that tool call in state "approval-requested", showing the guard's summary.
// 2. The person answers (what useChat's addToolApprovalResponse does): the browser POSTs the
//    messages again with the call in state "approval-responded"; the approved call runs, once.
//
//   npx tsx examples/ai-sdk-stream-chat-route.ts
//
// Offline against the in-process simulator with a scripted model by default; set OPENAI_API_KEY
// for a real model, and ADRAILS_BASE_URL + ADRAILS_API_KEY for the real service.

import { type AdToolkit, createAdTools, type ToolResult } from "adrails";
import { aiSdkTools } from "adrails/ai-sdk";
import {
  convertToModelMessages,
  type LanguageModel,
  readUIMessageStream,
  simulateReadableStream,
  stepCountIs,
  streamText,
  type UIMessage,
  type UIMessageChunk,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import {
  askPerson,
  bestAdset,
  connect,
  type ExampleOptions,
  mockUsage,
  openaiModel,
  runIfMain,
  toolResultsIn,
} from "./shared.js";

const SYSTEM = `You manage ads through guarded tools. List the accounts, read the first account's results per
ad set for the last 7 days, then launch the new ad (status ACTIVE) in the ad set with the lowest CPA:
image https://cdn.example.com/spring-hero.jpg, website https://shop.example.com/spring, headline "Spring is here".
If the launch is refused, do not retry; say so.`;

/** A POST handler as a Next.js route exports it. */
export type RouteHandler = (req: Request) => Promise<Response>;

/** The chat route: UI messages in, a UI message stream out. */
export function createChatRoute({
  toolkit,
  model,
}: {
  toolkit: AdToolkit;
  model: LanguageModel;
}): RouteHandler {
  const tools = aiSdkTools(toolkit, { approval: "native" });
  return async (req) => {
    const { messages } = (await req.json()) as { messages: UIMessage[] };
    const result = streamText({
      model,
      system: SYSTEM,
      messages: await convertToModelMessages(messages),
      tools,
      stopWhen: stepCountIs(8),
    });
    return result.toUIMessageStreamResponse();
  };
}

let configured: RouteHandler | undefined;

/**
 * The route as app/api/chat/route.ts would export it, configured from the environment:
 * ADRAILS_API_KEY (+ ADRAILS_BASE_URL) for the service, OPENAI_API_KEY for the model.
 */
export async function POST(req: Request): Promise<Response> {
  configured ??= createChatRoute({ toolkit: createAdTools(), model: await pickModel(process.env) });
  return configured(req);
}

export interface ChatRouteExampleResult {
  /** Status and content type of the first streamed response. */
  first: { status: number; contentType: string | null };
  /** The tool parts of the assistant message after the first response: name and state. */
  firstParts: { tool: string; state: string }[];
  /** The person's answer to the approval request. */
  approved: boolean;
  /** The tool parts after the second response. */
  finalParts: { tool: string; state: string }[];
  /** What push-creative returned to the app, when it ran. */
  push?: ToolResult;
  /** The assistant's text. */
  text: string;
  /** Ads on the simulator afterwards (absent against a real service). */
  ads?: { ad_id: string; status: string }[];
}

export async function main(options: ExampleOptions = {}): Promise<ChatRouteExampleResult> {
  const env = options.env ?? process.env;
  const log = options.log ?? console.log;
  const service = await connect(env);
  try {
    const toolkit = createAdTools({ apiKey: service.apiKey, baseUrl: service.baseUrl });
    const route = createChatRoute({ toolkit, model: await pickModel(env) });
    const user: UIMessage = {
      id: "msg_user_1",
      role: "user",
      parts: [{ type: "text", text: "Launch the spring hero ad in my best ad set." }],
    };

    // 1. The first request streams until the launch waits for approval.
    const first = await post(route, [user]);
    let assistant = first.message;
    const firstParts = toolParts(assistant);
    log(`first response ${first.status}: ${firstParts.map((p) => `${p.tool}=${p.state}`).join(", ")}`);

    // 2. The person answers each approval request in the UI.
    let approved = false;
    const pending = assistant.parts.filter(isApprovalRequested);
    if (pending.length > 0) {
      const parts = [];
      for (const part of assistant.parts) {
        if (!isApprovalRequested(part)) {
          parts.push(part);
          continue;
        }
        const request = toolkit.get(part.type.slice("tool-".length))?.confirmationRequest(part.input);
        const answer = await askPerson(request?.message ?? JSON.stringify(part.input), service, options);
        approved = answer.approved;
        parts.push({
          ...part,
          state: "approval-responded" as const,
          approval: {
            id: part.approval.id,
            approved: answer.approved,
            reason: answer.approved ? answer.text : answer.reason,
          },
        });
      }
      assistant = { ...assistant, parts: parts as UIMessage["parts"] };
      const second = await post(route, [user, assistant], assistant);
      assistant = second.message;
    }

    const finalParts = toolParts(assistant);
    log(`after approval: ${finalParts.map((p) => `${p.tool}=${p.state}`).join(", ")}`);
    const pushPart = assistant.parts.find(
      (p) => p.type === "tool-push-creative" && "state" in p && p.state === "output-available",
    ) as { output?: ToolResult } | undefined;
    const text = assistant.parts
      .filter((p) => p.type === "text")
      .map((p) => (p as { text: string }).text)
      .join("\n");
    log(`assistant: ${text}`);
    const ads = service.sim?.control.ads().map((ad) => ({ ad_id: ad.ad_id, status: ad.status }));
    return {
      first: { status: first.status, contentType: first.contentType },
      firstParts,
      approved,
      finalParts,
      ...(pushPart?.output ? { push: pushPart.output } : {}),
      text,
      ...(ads ? { ads } : {}),
    };
  } finally {
    await service.close();
  }
}

/** The browser's side: POST the messages and read the streamed answer into the assistant message. */
async function post(route: RouteHandler, messages: UIMessage[], continuing?: UIMessage) {
  const response = await route(
    new Request("http://localhost/api/chat", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages }),
    }),
  );
  if (!response.ok || !response.body) throw new Error(`the chat route answered ${response.status}`);
  let message: UIMessage | undefined = continuing;
  for await (const update of readUIMessageStream({
    stream: sseChunks(response.body),
    ...(continuing ? { message: continuing } : {}),
  })) {
    message = update;
  }
  if (!message) throw new Error("the chat route streamed no message");
  return { status: response.status, contentType: response.headers.get("content-type"), message };
}

/** Server-sent events (`data: {...}` lines) to UI message chunks. */
function sseChunks(body: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
  let buffer = "";
  return body.pipeThrough(new TextDecoderStream()).pipeThrough(
    new TransformStream<string, UIMessageChunk>({
      transform(text, controller) {
        buffer += text;
        const events = buffer.split("\n\n");
        buffer = events.pop() ?? "";
        for (const event of events) {
          const data = event
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trim())
            .join("");
          if (data !== "" && data !== "[DONE]") controller.enqueue(JSON.parse(data) as UIMessageChunk);
        }
      },
    }),
  );
}

type ApprovalRequestedPart = {
  type: `tool-${string}`;
  state: "approval-requested";
  input: unknown;
  approval: { id: string };
};

function isApprovalRequested(
  part: UIMessage["parts"][number],
): part is UIMessage["parts"][number] & ApprovalRequestedPart {
  return part.type.startsWith("tool-") && "state" in part && part.state === "approval-requested";
}

function toolParts(message: UIMessage): { tool: string; state: string }[] {
  return message.parts
    .filter((p) => p.type.startsWith("tool-"))
    .map((p) => ({ tool: p.type.slice("tool-".length), state: String((p as { state?: string }).state) }));
}

async function pickModel(env: NodeJS.ProcessEnv): Promise<LanguageModel> {
  if (env.OPENAI_API_KEY) return openaiModel(env);
  return scriptedModel();
}

/** Streams the agent's turns without a model: each turn reads the tool results so far. */
function scriptedModel(): LanguageModel {
  const finish = (unified: "tool-calls" | "stop") => ({
    type: "finish" as const,
    finishReason: { unified, raw: undefined },
    usage: mockUsage,
  });
  const respond = (chunks: unknown[]) => ({
    stream: simulateReadableStream({
      chunks: [{ type: "stream-start", warnings: [] }, ...chunks] as never[],
    }),
  });
  const call = (id: string, toolName: string, input: unknown) =>
    respond([
      { type: "tool-call", toolCallId: id, toolName, input: JSON.stringify(input) },
      finish("tool-calls"),
    ]);
  const say = (text: string) =>
    respond([
      { type: "text-start", id: "t1" },
      { type: "text-delta", id: "t1", delta: text },
      { type: "text-end", id: "t1" },
      finish("stop"),
    ]);
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      const seen = toolResultsIn(prompt);
      const last = (name: string) => seen.findLast((r) => r.toolName === name);
      const accounts = last("list-accounts");
      if (!accounts) return call("call_accounts", "list-accounts", {});
      const accountId = accounts.value?.data?.accounts?.[0]?.id;
      const results = last("results");
      if (!results) {
        return call("call_results", "results", {
          account_id: accountId,
          level: "adset",
          date_preset: "last_7d",
        });
      }
      const push = last("push-creative");
      if (!push) {
        return call("call_launch", "push-creative", {
          account_id: accountId,
          adset_id: bestAdset(results.value),
          image_url: "https://cdn.example.com/spring-hero.jpg",
          website_url: "https://shop.example.com/spring",
          headline: "Spring is here",
          status: "ACTIVE",
        });
      }
      if (push.type === "execution-denied")
        return say("You did not approve the launch, so nothing went live.");
      if (push.value?.ok === true)
        return say(`Done: ad ${push.value.data?.ad_id} is ${push.value.data?.status}.`);
      return say(`The launch did not happen: ${push.value?.error ?? "unknown reason"}`);
    },
  });
}

runIfMain(import.meta.url, () => main());

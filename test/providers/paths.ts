import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { ChatAnthropic } from "@langchain/anthropic";
import { ChatOpenAI } from "@langchain/openai";
import { generateText, type LanguageModel, stepCountIs } from "ai";
import { createAgent } from "langchain";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { langchainStrictMiddleware, langchainTools } from "../../src/adapters/langchain.js";
import type { AdToolkit } from "../../src/types.js";
import { anthropic, gemini, openaiChat, openaiResponses, type Wire } from "./wire.js";

// Every way a user's model reaches a provider: a framework (AI SDK or LangChain), the provider's
// own package, and the adapter's strict setting. Each path runs the framework's real loop against
// a fake at `url`; API keys are dummies.

export interface ProviderPath {
  name: string;
  wire: Wire;
  /** The adapter's `strict` option. */
  strict: boolean;
  /**
   * The strict flags the path must send: `false` on every tool, `per-tool` (true, false for tools
   * with open inputs), `true` on every tool, or `none` (no flag on any tool).
   */
  flags: "false" | "per-tool" | "true" | "none";
  /** Tools the host leaves out: with @langchain/openai, strict is one flag for the whole request. */
  excludeOpen?: boolean;
  /** Runs one user turn through the framework's loop with the toolkit's tools. */
  run(url: string, toolkit: AdToolkit): Promise<void>;
}

const PROMPT = "How did my ads do last week? Then put the summer ad live.";
const DUMMY_KEY = "provider-key-not-used";

async function viaAiSdk(model: LanguageModel, toolkit: AdToolkit, strict: boolean): Promise<void> {
  await generateText({
    model,
    tools: aiSdkTools(toolkit, { strict }),
    stopWhen: stepCountIs(3),
    prompt: PROMPT,
  });
}

async function viaLangChain(
  model: ChatOpenAI | ChatAnthropic | string,
  toolkit: AdToolkit,
  strict: boolean,
  withMiddleware = false,
): Promise<void> {
  const agent = createAgent({
    model,
    tools: langchainTools(toolkit, { strict }),
    middleware: withMiddleware ? [langchainStrictMiddleware({ strict })] : [],
  });
  await agent.invoke({ messages: [{ role: "user", content: PROMPT }] });
}

const openai = (url: string) => createOpenAI({ baseURL: `${url}/v1`, apiKey: DUMMY_KEY });

/**
 * `supportsStrictToolCalling` is the only strict setting @langchain/openai reads for tools:
 * it sends that one value on every tool (unset: no key on Chat Completions, `null` on Responses).
 */
const chatOpenAI = (url: string, useResponsesApi: boolean, supportsStrictToolCalling: boolean | undefined) =>
  new ChatOpenAI({
    model: "gpt-4o",
    apiKey: DUMMY_KEY,
    configuration: { baseURL: `${url}/v1` },
    useResponsesApi,
    maxRetries: 0,
    ...(supportsStrictToolCalling === undefined ? {} : { supportsStrictToolCalling }),
  });

const chatAnthropic = (url: string) =>
  new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: DUMMY_KEY, anthropicApiUrl: url, maxRetries: 0 });

export const PATHS: ProviderPath[] = [
  {
    name: "AI SDK + @ai-sdk/openai, Chat Completions (openai.chat)",
    wire: openaiChat,
    strict: false,
    flags: "false",
    run: (url, kit) => viaAiSdk(openai(url).chat("gpt-4o"), kit, false),
  },
  {
    name: "AI SDK + @ai-sdk/openai, Chat Completions, strict",
    wire: openaiChat,
    strict: true,
    flags: "per-tool",
    run: (url, kit) => viaAiSdk(openai(url).chat("gpt-4o"), kit, true),
  },
  {
    name: "AI SDK + @ai-sdk/openai, Responses (openai(...))",
    wire: openaiResponses,
    strict: false,
    flags: "false",
    run: (url, kit) => viaAiSdk(openai(url)("gpt-4o"), kit, false),
  },
  {
    name: "AI SDK + @ai-sdk/openai, Responses, strict",
    wire: openaiResponses,
    strict: true,
    flags: "per-tool",
    run: (url, kit) => viaAiSdk(openai(url)("gpt-4o"), kit, true),
  },
  {
    name: "AI SDK + @ai-sdk/anthropic, Messages",
    wire: anthropic,
    strict: false,
    flags: "false",
    run: (url, kit) =>
      viaAiSdk(createAnthropic({ baseURL: `${url}/v1`, apiKey: DUMMY_KEY })("claude-sonnet-4-5"), kit, false),
  },
  {
    name: "AI SDK + @ai-sdk/google, Gemini",
    wire: gemini,
    strict: false,
    flags: "none",
    run: (url, kit) =>
      viaAiSdk(
        createGoogleGenerativeAI({ baseURL: `${url}/v1beta`, apiKey: DUMMY_KEY })("gemini-2.5-flash"),
        kit,
        false,
      ),
  },
  {
    name: "AI SDK + @ai-sdk/google, Gemini, strict (VALIDATED mode)",
    wire: gemini,
    strict: true,
    flags: "none",
    run: (url, kit) =>
      viaAiSdk(
        createGoogleGenerativeAI({ baseURL: `${url}/v1beta`, apiKey: DUMMY_KEY })("gemini-2.5-flash"),
        kit,
        true,
      ),
  },
  {
    name: "LangChain + @langchain/openai, Chat Completions (supportsStrictToolCalling: false)",
    wire: openaiChat,
    strict: false,
    flags: "false",
    run: (url, kit) => viaLangChain(chatOpenAI(url, false, false), kit, false),
  },
  {
    name: "LangChain + @langchain/openai, Chat Completions, strict (supportsStrictToolCalling: true)",
    wire: openaiChat,
    strict: true,
    flags: "true",
    excludeOpen: true,
    run: (url, kit) => viaLangChain(chatOpenAI(url, false, true), kit, true),
  },
  {
    name: "LangChain + @langchain/openai, Responses (useResponsesApi, supportsStrictToolCalling: false)",
    wire: openaiResponses,
    strict: false,
    flags: "false",
    run: (url, kit) => viaLangChain(chatOpenAI(url, true, false), kit, false),
  },
  {
    name: "LangChain + @langchain/openai, Responses, strict (supportsStrictToolCalling: true)",
    wire: openaiResponses,
    strict: true,
    flags: "true",
    excludeOpen: true,
    run: (url, kit) => viaLangChain(chatOpenAI(url, true, true), kit, true),
  },
  {
    name: "LangChain + @langchain/anthropic, Messages",
    wire: anthropic,
    strict: false,
    flags: "none",
    run: (url, kit) => viaLangChain(chatAnthropic(url), kit, false),
  },
];

/** LangChain's Responses path as a user gets it without setting `supportsStrictToolCalling`. */
export const LANGCHAIN_RESPONSES_UNSET: ProviderPath = {
  name: "LangChain + @langchain/openai, Responses, supportsStrictToolCalling unset",
  wire: openaiResponses,
  strict: false,
  flags: "none",
  run: (url, kit) => viaLangChain(chatOpenAI(url, true, undefined), kit, false),
};

/**
 * The string model of LangChain's quick start: createAgent builds a ChatOpenAI with
 * `useResponsesApi: true` from the environment (OPENAI_BASE_URL and OPENAI_API_KEY, set by the caller).
 */
export const LANGCHAIN_STRING_MODEL: ProviderPath = {
  name: 'LangChain, model: "openai:gpt-4o"',
  wire: openaiResponses,
  strict: false,
  flags: "none",
  run: (_url, kit) => viaLangChain("openai:gpt-4o", kit, false),
};

/** The string model again, with the adapter's middleware stating the strict flag. */
export const LANGCHAIN_STRING_MODEL_FLAGGED: ProviderPath = {
  name: 'LangChain, model: "openai:gpt-4o" with langchainStrictMiddleware()',
  wire: openaiResponses,
  strict: false,
  flags: "false",
  run: (_url, kit) => viaLangChain("openai:gpt-4o", kit, false, true),
};

/** Anthropic with the same middleware: Claude does not rewrite unflagged tools, so none is added. */
export const LANGCHAIN_ANTHROPIC_FLAGGED: ProviderPath = {
  name: "LangChain + @langchain/anthropic with langchainStrictMiddleware()",
  wire: anthropic,
  strict: false,
  flags: "none",
  run: (url, kit) => viaLangChain(chatAnthropic(url), kit, false, true),
};

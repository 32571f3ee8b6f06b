import type { AdTool, ApprovalAnswer, ConfirmRequest, ToolResult } from "../types.js";
import { type AskLog, createAskLog } from "./shared.js";

// Mastra's approval words in the approval model. A tool's `requireApproval` suspends the run for a
// call that needs a person; the call's input is shown (`onInputAvailable`, before Mastra gates the
// call) and recorded as the call's approval request in the toolkit's store. The person's yes is
// Mastra's resume of that run and tool call id with resume data `{ approved: true, text }`: the
// sentence travels with the approval, and the tool's execute (reached only after it, with the
// input Mastra stored, in whichever process resumes) hands it to the toolkit to redeem, once. A
// yes without a sentence (`approveToolCall`) sends nothing. A decline never reaches execute.
//
// Mastra lets a model put `resumeData` in a call's own input and hands that to execute in place of
// the resume's: a sentence is taken only when this process saw the call announced (Mastra
// announces the raw input again on every resume, just before execute) without resume data of the
// model's. A call announced with some is refused, whatever resume follows.

export const VIA = "mastra";

/** The resume data of a person's yes to an adrails call: `agent.resumeGenerate(data, { runId, toolCallId })`. */
export interface MastraApproval {
  approved: true;
  /** The person's own sentence, sent to the service as `hard_confirm_text`. */
  text: string;
}

export interface MastraAsks {
  /** Records the request for this call's input as shown to the person, at its first showing. */
  shown(adTool: AdTool, input: unknown, toolCallId: string): Promise<void>;
  /** The request as first shown for this call (an identical live ad named), if it was shown here. */
  request(adTool: AdTool, input: unknown, toolCallId: string): ConfirmRequest | null;
  /** The person's answer the resume of this call carries, or why it carries none. */
  answer(
    adTool: AdTool,
    input: unknown,
    toolCallId: string,
    resumeData: unknown,
  ): Promise<{ answer: ApprovalAnswer } | { refusal: ToolResult } | undefined>;
}

const KEPT = 1000;

/** A model's input as the input schema's validate maps it: nulls of optional fields dropped, JSON text parsed. */
export type ToInput = (adTool: AdTool, value: unknown) => unknown;

export function mastraAsks(sessionId: string | undefined, toInput: ToInput): MastraAsks {
  const log: AskLog = createAskLog();
  // The requests as shown, for the host's page; the newest ones only.
  const shown = new Map<string, ConfirmRequest>();
  // Calls announced here: true once one came with resume data of the model's in its input.
  const forged = new Map<string, boolean>();
  const keep = <V>(map: Map<string, V>, key: string, value: V) => {
    map.set(key, value);
    if (map.size > KEPT) map.delete(map.keys().next().value as string);
  };
  const clean = (adTool: AdTool, input: unknown) => toInput(adTool, withoutResumeData(input));
  const keyOf = (adTool: AdTool, input: unknown, toolCallId: string) => {
    const fingerprint = adTool.confirmationRequest(clean(adTool, input))?.fingerprint;
    return fingerprint === undefined ? undefined : `${toolCallId}\n${fingerprint}`;
  };
  return {
    async shown(adTool, input, toolCallId) {
      const key = keyOf(adTool, input, toolCallId);
      if (key === undefined) return;
      if (carriesResumeData(input)) keep(forged, key, true);
      else if (!forged.has(key)) keep(forged, key, false);
      log.asked(key);
      // A repeated showing (Mastra announces the input again on resume) keeps the first request.
      const request = await adTool.ask(clean(adTool, input), { toolCallId, sessionId }).catch(() => null);
      log.told(key, request?.previousLive);
      if (request && !shown.has(key)) keep(shown, key, request);
    },
    request(adTool, input, toolCallId) {
      const key = keyOf(adTool, input, toolCallId);
      if (key === undefined) return null;
      return shown.get(key) ?? adTool.confirmationRequest(clean(adTool, input), { toolCallId, sessionId });
    },
    async answer(adTool, input, toolCallId, resumeData) {
      const key = keyOf(adTool, input, toolCallId);
      if (key === undefined) return undefined;
      const announced = forged.get(key);
      if (announced !== false) return { refusal: unchecked(adTool.name, announced === true) };
      const text = sentenceOf(resumeData);
      if (text === undefined) return { refusal: noSentence(adTool.name) };
      const previousLive = log.toldOf(key);
      const askedAt = log.take(key);
      shown.delete(key);
      const request = adTool.confirmationRequest(clean(adTool, input), {
        toolCallId,
        sessionId,
        ...(askedAt === undefined ? {} : { askedAt }),
      });
      if (!request) return undefined;
      // Answered as the person saw it: with the live identical ad their form named, if any.
      const seen = previousLive === undefined ? request : { ...request, previousLive };
      return { answer: adTool.answer(seen, { approved: true, text }, VIA) };
    },
  };
}

function carriesResumeData(input: unknown): boolean {
  return input !== null && typeof input === "object" && "resumeData" in input;
}

function withoutResumeData(input: unknown): unknown {
  if (!carriesResumeData(input)) return input;
  const { resumeData: _model, ...rest } = input as Record<string, unknown>;
  return rest;
}

function sentenceOf(resumeData: unknown): string | undefined {
  const text = (resumeData as { text?: unknown } | null | undefined)?.text;
  return typeof text === "string" && text.trim() !== "" ? text.trim() : undefined;
}

/** A refusal of the approval step: nothing was sent. */
function refused(error: string, hint: string): ToolResult {
  return { ok: false, status: null, blocked: "hard-confirmation", error, hint };
}

function noSentence(tool: string): ToolResult {
  return refused(
    `The person's approval of this ${tool} call came without their own sentence, so nothing was sent: adrails sends the person's words to the service, never a made-up statement. (The host resumes the run with resume data { approved: true, text: "<the person's words>" } through agent.resumeGenerate or resumeStream; approveToolCall carries no sentence.)`,
    `Nothing was sent. Tell the user their approval needs a sentence of their own, then call ${tool} again to ask them.`,
  );
}

/** A call whose resume data may be the model's: announced with some in its input, or not announced here. */
function unchecked(tool: string, forged: boolean): ToolResult {
  return refused(
    forged
      ? `This ${tool} call carried resumeData in its own input, which only the person's resume of the run may give, so nothing was sent.`
      : `This ${tool} call ran without Mastra announcing its input in this process first, so whose approval it carries cannot be told, and nothing was sent.`,
    forged
      ? `Nothing was sent. Call ${tool} again without resumeData; the person will be asked.`
      : `Nothing was sent. Call ${tool} again; the person will be asked.`,
  );
}

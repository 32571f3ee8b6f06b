import {
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  setTracingDisabled,
  Usage,
} from "@openai/agents";

// A scripted model for the OpenAI Agents SDK: it implements the SDK's Model interface, answers each
// request with the next scripted turn and records the requests, so the real run() loop drives the
// tools with no network.

// Nothing here may leave the machine, traces included.
setTracingDisabled(true);

/** One turn: the output items the model answers with, or a function of the request. */
export type AgentsTurn = AgentOutputItem[] | ((request: ModelRequest) => AgentOutputItem[]);

export class ScriptedAgentsModel implements Model {
  readonly requests: ModelRequest[] = [];
  private readonly turns: AgentsTurn[];

  constructor(turns: AgentsTurn[]) {
    this.turns = [...turns];
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const turn = this.turns.shift();
    if (turn === undefined) throw new Error("the scripted model has no turn left");
    return { usage: new Usage(), output: typeof turn === "function" ? turn(request) : turn };
  }

  getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error("the scripted model does not stream");
  }
}

/** A model turn making these function calls. */
export function agentsToolCalls(
  calls: readonly { id: string; name: string; input: Record<string, unknown> }[],
): AgentOutputItem[] {
  return calls.map((call) => ({
    type: "function_call" as const,
    callId: call.id,
    name: call.name,
    arguments: JSON.stringify(call.input),
    status: "completed" as const,
  }));
}

/** A model turn with only text. */
export function agentsText(text: string): AgentOutputItem[] {
  return [
    {
      type: "message" as const,
      role: "assistant" as const,
      status: "completed" as const,
      content: [{ type: "output_text" as const, text }],
    },
  ];
}

/** The tool outputs a model was sent in a request, as text, by call id. */
export function shownToAgentsModel(request: ModelRequest): Map<string, string> {
  const shown = new Map<string, string>();
  const items = typeof request.input === "string" ? [] : request.input;
  for (const item of items) {
    if (item.type !== "function_call_result") continue;
    const output = item.output as unknown;
    const text =
      typeof output === "string"
        ? output
        : output !== null && typeof output === "object" && "text" in output
          ? String((output as { text: unknown }).text)
          : JSON.stringify(output);
    shown.set(item.callId, text);
  }
  return shown;
}

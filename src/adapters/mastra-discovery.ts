import type { InputProcessor, Processor } from "@mastra/core/processors";
import { FIND_TOOLS, type ToolDiscovery } from "../discovery.js";

// Discovery in Mastra's words: an input processor's processInputStep, which Mastra runs before
// every model call of a run (resumes included), sets the step's `activeTools` to find-tools and
// the tools a search has found so far in the conversation. The found set is derived from the
// conversation's own messages (its completed find-tools calls), so it survives new generate calls,
// approval suspensions and memory threads. Mastra answers a call of a tool that is not active with
// its own "not found" error and never runs it; the processor replaces that text, before the
// model reads it, with adrails' refusal saying to search first.

export const PROCESSOR_ID = "adrails-find-tools";

/** The processor of one dynamic toolkit: `new Agent({ tools, inputProcessors: [processor] })`. */
export type MastraFindToolsProcessor = InputProcessor & Processor<typeof PROCESSOR_ID>;

interface Invocation {
  state?: unknown;
  toolCallId?: unknown;
  toolName?: unknown;
  args?: unknown;
  errorText?: unknown;
}
type Message = { role?: unknown; content?: { parts?: unknown } };

function* invocations(messages: unknown): Generator<Invocation> {
  if (!Array.isArray(messages)) return;
  for (const message of messages as Message[]) {
    const parts = message?.content?.parts;
    if (message?.role !== "assistant" || !Array.isArray(parts)) continue;
    for (const part of parts as { type?: unknown; toolInvocation?: Invocation }[]) {
      if (part?.type === "tool-invocation" && part.toolInvocation && typeof part.toolInvocation === "object")
        yield part.toolInvocation;
    }
  }
}

/** The inputs of a conversation's find-tools calls that have a result. */
function completedFinds(messages: unknown): unknown[] {
  const inputs: unknown[] = [];
  for (const call of invocations(messages)) {
    if (call.toolName === FIND_TOOLS && call.state === "result") inputs.push(call.args);
  }
  return inputs;
}

export function findToolsProcessor(discovery: ToolDiscovery): MastraFindToolsProcessor {
  const { toolkit } = discovery;
  const order = toolkit.tools.map((tool) => tool.name);
  return {
    id: PROCESSOR_ID,
    name: "adrails find-tools",
    description: "Sends the model find-tools and the adrails tools a search has found in the conversation.",
    processInputStep({ messageList, tools, activeTools }) {
      const messages = messageList.get.all.db();
      for (const call of invocations(messages)) {
        const name = call.toolName;
        if (
          call.state === "output-error" &&
          typeof name === "string" &&
          discovery.isDeferred(name) &&
          typeof call.errorText === "string" &&
          call.errorText.startsWith(`Tool "${name}" not found.`)
        ) {
          // Mastra's own text lists the active tools and says nothing of find-tools.
          call.errorText = toolkit.toModelText(discovery.notActive(name));
        }
      }
      const active = discovery.activeAfter(completedFinds(messages));
      // Tools of the agent that are not adrails' stay as they were.
      const others = (activeTools ?? Object.keys(tools ?? {})).filter(
        (name) => name !== FIND_TOOLS && !discovery.isDeferred(name),
      );
      return { activeTools: [FIND_TOOLS, ...order.filter((name) => active.has(name)), ...others] };
    },
  };
}

import { holdsSecret } from "../../client/redact.js";
import type { ToolDefinition } from "../../tools/define.js";
import { decide } from "../audit.js";
import { blocked } from "../results.js";
import type { Call, PipelineState } from "./call.js";

// A write whose payload holds the toolkit's own secret is refused before anyone is asked: the
// page and the model would see it redacted while the payload kept in the store, and sent if
// approved, holds it. Checked in every spelling the redaction knows (plain, without its prefix,
// hex, base64 at any alignment) and after percent-decoding.

/** The secrets of this process a payload must never carry: the API key, the approval secret, the inbox token. */
function secretsOf(p: PipelineState): string[] {
  // The inbox token is the CLI's and the inbox's: read where they read it.
  const inboxToken = process.env.ADRAILS_INBOX_TOKEN;
  return [p.o.apiKey, p.o.approvalSecret, inboxToken].filter(
    (s): s is string => typeof s === "string" && s.length >= 8,
  );
}

/** The field (a dotted path) whose text holds one of `secrets`, or anything shaped like an API key. */
function fieldWithSecret(value: unknown, secrets: readonly string[], path: string): string | undefined {
  if (typeof value === "string") {
    const texts = [value];
    try {
      const decoded = decodeURIComponent(value.replaceAll("+", " "));
      if (decoded !== value) texts.push(decoded);
    } catch {
      // Not percent-encoded text.
    }
    const found = texts.some((text) =>
      secrets.length === 0 ? holdsSecret(text) : secrets.some((secret) => holdsSecret(text, secret)),
    );
    return found ? path || "(the payload)" : undefined;
  }
  if (value === null || typeof value !== "object") return undefined;
  for (const [name, member] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${name}]` : path ? `${path}.${name}` : name;
    const hit = fieldWithSecret(name, secrets, at) ?? fieldWithSecret(member, secrets, at);
    if (hit) return hit;
  }
  return undefined;
}

/** The field of a write's payload that carries a secret of this toolkit, or undefined. */
export function secretField(p: PipelineState, def: ToolDefinition, body: unknown): string | undefined {
  if (def.effect === "read" || def.effect === "calculator") return undefined;
  return fieldWithSecret(body, secretsOf(p), "");
}

/** A refusal when a write's payload carries a secret of this toolkit, else undefined. Nothing is recorded or asked. */
export function secretsStep(p: PipelineState, call: Call) {
  const field = secretField(p, call.def, call.body);
  if (!field) return undefined;
  decide(call.log, "secrets", "refuse", `the payload's ${field} holds a secret`);
  return blocked(
    "secrets",
    `Refused: the payload's ${field} contains this toolkit's API key or another secret of it (or text shaped like an API key), in some spelling. Nothing was sent and nobody was asked.`,
    `Remove the key from ${field} and call again; never put a key or token into ad text.`,
    call.notes,
  );
}

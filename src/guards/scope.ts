import type { ToolDefinition, ToolGroup } from "../tools/define.js";
import { isPackName, PACK_NAMES, PACKS, type PackName } from "../tools/packs.js";

/** Which tools a toolkit offers. */
export interface ScopeOptions {
  /** A named pack, or several (their union); combined with include, exclude and readOnly. */
  pack?: PackName | readonly PackName[];
  include?: readonly (string | ToolGroup)[];
  exclude?: readonly (string | ToolGroup)[];
  readOnly?: boolean;
}

const matches = (def: ToolDefinition, entries: readonly string[]) =>
  entries.includes(def.name) || entries.includes(def.group);

/** True when only reading: reads and calculators never change state. */
export const isReadOnly = (def: ToolDefinition) => def.effect === "read" || def.effect === "calculator";

/** Why a tool is outside the scope, or null when it is offered. Disabled tools are never offered. */
export function outOfScope(def: ToolDefinition, options: ScopeOptions): string | null {
  if (def.disabled) return "it is disabled at the service";
  const packs = packsOf(options);
  if (packs.length > 0 && !packs.some((pack) => PACKS[pack]?.tools.includes(def.name))) {
    return `it is not in the ${packs.join(" or ")} pack`;
  }
  if (options.include && !matches(def, options.include)) return "it is not among the tools enabled here";
  if (options.exclude && matches(def, options.exclude)) return "it is excluded here";
  if (options.readOnly && !isReadOnly(def)) return "this agent is read-only and the tool writes";
  return null;
}

/** The tools in scope, in catalog order. Throws on names in include/exclude that no tool has. */
export function selectTools(catalog: readonly ToolDefinition[], options: ScopeOptions): ToolDefinition[] {
  for (const pack of packsOf(options)) {
    if (!isPackName(pack))
      throw new TypeError(`adrails: no pack named "${String(pack)}" (pack: ${PACK_NAMES.join(", ")})`);
  }
  const known = new Set<string>(catalog.flatMap((def) => [def.name, def.group]));
  for (const entry of [...(options.include ?? []), ...(options.exclude ?? [])]) {
    if (!known.has(entry))
      throw new TypeError(`adrails: no tool or group named "${entry}" (include/exclude)`);
  }
  return catalog.filter((def) => outOfScope(def, options) === null);
}

/** The blocked result for a tool name the toolkit does not offer. */
export function scopeRefusal(
  name: string,
  def: ToolDefinition | undefined,
  options: ScopeOptions,
): { blocked: "scope" | "disabled"; error: string; hint: string } {
  if (!def) {
    return {
      blocked: "scope",
      error: `There is no tool named "${name}".`,
      hint: "Nothing was sent. Call only the tools you were given.",
    };
  }
  if (def.disabled) {
    return {
      blocked: "disabled",
      error: `${name} is disabled at the service and is never offered.`,
      hint: "Nothing was sent. Do not call it again; tell the user this action is not available.",
    };
  }
  return {
    blocked: "scope",
    error: `${name} is not available here: ${outOfScope(def, options) ?? "it is outside this toolkit's scope"}.`,
    hint: "Nothing was sent. Do not retry it; use the tools you were given or tell the user this action is not available here.",
  };
}

/** True when the tool's body has an `account_id` field. */
export const takesAccount = (def: ToolDefinition) => "account_id" in def.input.shape;

const packsOf = (options: ScopeOptions): readonly PackName[] =>
  options.pack === undefined ? [] : typeof options.pack === "string" ? [options.pack] : options.pack;

/**
 * The sentence that says, once per toolkit, which account an omitted `account_id` means, and the
 * tool whose description carries it: the first selected tool that takes an account.
 */
export function accountNote(
  selected: readonly ToolDefinition[],
  options: { accountId?: string; hideAccountId?: boolean },
): { tool: string; text: string } | undefined {
  const carrier = selected.find(takesAccount);
  if (!carrier) return undefined;
  const { accountId } = options;
  const text =
    accountId === undefined
      ? "Optional account_id defaults to the active account."
      : options.hideAccountId
        ? `Every call acts on ad account ${accountId}.`
        : `Omitted account_id: ${accountId}.`;
  return { tool: carrier.name, text };
}

/**
 * The refusal for a call that names another account than the configured one while the model is
 * not shown `account_id` (`hideAccountId`): the toolkit acts on one account only. Undefined when
 * the call may go on.
 */
export function hiddenAccountRefusal(
  def: ToolDefinition,
  input: unknown,
  options: { accountId?: string; hideAccountId?: boolean },
): { error: string; hint: string } | undefined {
  const { accountId } = options;
  if (!options.hideAccountId || accountId === undefined || !takesAccount(def)) return undefined;
  if (typeof input !== "object" || input === null) return undefined;
  const given = (input as Record<string, unknown>).account_id;
  if (given === undefined || given === null || given === accountId) return undefined;
  return {
    error: `${def.name} was not run: this toolkit acts on ad account ${accountId} only, and the call named another account.`,
    hint: "Nothing was sent. Call again without account_id; every call acts on the configured account. If the user wants another account, tell them it is not available here.",
  };
}

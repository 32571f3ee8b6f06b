import type { z } from "zod";
import { type ToolDefinition, withRules } from "../tools/define.js";
import { accountId } from "../tools/fields.js";

/** The field a person's confirmation travels in. The model never sees it. */
export const CONFIRM_FIELD = "hard_confirm_text";

/** What a retry key's field tells the model: adrails sets it, a value sent is not used. */
export const RETRY_KEY_NOTE = "Leave out: adrails sets it";

/**
 * The schema a model sees for a tool: no `hard_confirm_text`, the retry key optional (adrails sets
 * it), and `account_id` optional when the toolkit has a default account, or left out with
 * `hideAccountId`. Which account an omitted `account_id` means is said once per toolkit (see
 * `accountNote`), not on every field.
 */
export function modelSchema(
  def: ToolDefinition,
  options: { accountDefault?: string; hideAccountId?: boolean } = {},
): z.ZodType {
  const shape = def.input.shape as Record<string, z.ZodType>;
  let object: z.ZodObject = def.input;
  const hidden: Record<string, true> = {};
  if (CONFIRM_FIELD in shape) hidden[CONFIRM_FIELD] = true;
  const hideAccount = options.hideAccountId === true && options.accountDefault !== undefined;
  if (hideAccount && shape.account_id) hidden.account_id = true;
  if (Object.keys(hidden).length > 0) object = object.omit(hidden);
  const changed: Record<string, z.ZodType> = {};
  const id = def.idField?.name;
  if (id && shape[id]) changed[id] = shape[id].optional().describe(RETRY_KEY_NOTE);
  if (shape.account_id && !hidden.account_id) {
    const optional = options.accountDefault !== undefined || shape.account_id.safeParse(undefined).success;
    changed.account_id = optional ? accountId().optional() : accountId();
  }
  if (Object.keys(changed).length > 0) object = object.extend(changed);
  return withRules(object, def.rules);
}

/** The outcome of {@link validate}: the parsed body, or the error and hint of a blocked result. */
export type Validated =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: string; hint: string };

/** Parses input with a model-facing schema; on failure, names every bad field and what it accepts. */
export function validate(tool: string, schema: z.ZodType, input: unknown): Validated {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  const problems = parsed.error.issues.map(describeIssue);
  return {
    ok: false,
    error: `Invalid input for ${tool}: ${problems.join("; ")}.`,
    hint: "Nothing was sent. Correct the named fields (allowed values are listed) and call again.",
  };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "input";
  switch (issue.code) {
    case "invalid_type":
      if (issue.message.includes("received undefined")) return `${field} is required (${issue.expected})`;
      return `${field} must be ${article(issue.expected)}`;
    case "invalid_value":
      return `${field} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "too_small":
      return `${field} must ${bound(issue.origin, "at least", issue.minimum, issue.inclusive)}`;
    case "too_big":
      return `${field} must ${bound(issue.origin, "at most", issue.maximum, issue.inclusive)}`;
    case "unrecognized_keys": {
      const where = issue.path.length > 0 ? ` in ${field}` : "";
      return `unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${issue.keys.join(", ")} (not accepted; leave out)`;
    }
    case "invalid_format":
      return issue.message.startsWith("Invalid")
        ? `${field} must be a valid ${issue.format}`
        : `${field}: ${issue.message}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function bound(origin: string, word: string, limit: number | bigint, inclusive?: boolean): string {
  const strict = inclusive === false ? (word === "at least" ? "more than" : "less than") : word;
  if (origin === "string") return `have ${strict} ${limit} characters`;
  if (origin === "array" || origin === "set") return `have ${strict} ${limit} items`;
  return `be ${strict} ${limit}`;
}

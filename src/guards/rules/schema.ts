import { z } from "zod";

// The money rules a team gives: JSON-shaped (a file, ADRAILS_RULES) plus, in the library only,
// custom functions. Validated once when the toolkit is made; a bad value names its path.

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** A weekday as rules name it. */
export type RuleDay = (typeof DAYS)[number];

/** True when `zone` is a time zone the platform knows (an IANA name such as "Europe/Berlin", or "UTC"). */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Built on first use: importing an adapter (which loads the toolkit) builds no rules schema.
function buildRulesFileSchema() {
  const timeZone = z
    .string()
    .refine(knownTimeZone, { message: 'not an IANA time zone name (e.g. "Europe/Berlin" or "UTC")' });
  const clock = z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'a time as "HH:MM" (00:00 to 23:59)' });
  const names = z.array(z.string().trim().min(1, { message: "an empty name" })).min(1, {
    message: "an empty list: leave the key out instead",
  });
  const count = z
    .number({ message: "a whole number" })
    .int({ message: "a whole number, not a fraction" })
    .nonnegative({ message: "a count of 0 or more" });

  const window = z
    .strictObject({
      days: z.array(z.enum(DAYS)).min(1, { message: "an empty list: leave the key out instead" }).optional(),
      from: clock.optional(),
      to: clock.optional(),
      timeZone: timeZone.optional(),
    })
    .superRefine((w, ctx) => {
      if (w.from !== undefined && w.to !== undefined && w.from >= w.to) {
        ctx.addIssue({
          code: "custom",
          path: ["from"],
          message: `"from" (${w.from}) must be before "to" (${w.to})`,
        });
      }
    });

  return z.strictObject({
    mode: z.enum(["enforce", "advisory", "audit"]).optional(),
    accounts: names.optional(),
    launches: z.strictObject({ perDay: count, timeZone: timeZone.optional() }).optional(),
    window: window.optional(),
    destinations: names.optional(),
    protect: z.strictObject({ adsets: names.optional(), ads: names.optional() }).optional(),
    bannedPhrases: names.optional(),
    writesPerConversation: count.optional(),
  });
}

let built: ReturnType<typeof buildRulesFileSchema> | undefined;
/** The rules as a JSON file gives them. Every key is optional; unknown keys are refused. */
function rulesFileSchema(): ReturnType<typeof buildRulesFileSchema> {
  built ??= buildRulesFileSchema();
  return built;
}

/** Money rules as a JSON file (or `ADRAILS_RULES`) gives them. */
export type RulesFile = z.infer<ReturnType<typeof buildRulesFileSchema>>;

/** What a custom rule is shown of one call. */
export interface RuleCallInfo {
  tool: string;
  /** The call's input as it will be sent (validated, defaults filled in). Do not change it. */
  input: Readonly<Record<string, unknown>>;
  account?: string;
  session?: string;
}

/** A custom rule's verdict: `ask` makes a person's approval necessary even where none would be. */
export interface RuleVerdict {
  decision: "allow" | "deny" | "ask";
  reason?: string;
}

/** A team's own rule, run after the built-in ones on every call; one that throws denies. */
export type CustomRule = (call: RuleCallInfo) => RuleVerdict | Promise<RuleVerdict>;

/** Money rules: a team's launch policy, checked before any person is asked (see docs/money-rules.md). */
export interface MoneyRules extends RulesFile {
  /** Functions run after the built-in rules (library only, not in a rules file). */
  custom?: readonly CustomRule[];
}

/** A rules value that does not hold: `path` names the key ("launches.perDay"). */
export class RulesError extends Error {
  override readonly name = "RulesError";
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** The rules checked: a copy with every key valid, custom functions kept. Throws a {@link RulesError}. */
export function parseRules(value: unknown, source = "rules"): MoneyRules {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new RulesError("", `${source}: the rules must be a JSON object, like {"mode":"enforce"}`);
  }
  const { custom, ...rest } = value as Record<string, unknown>;
  if (custom !== undefined) {
    if (!Array.isArray(custom) || custom.some((f) => typeof f !== "function")) {
      throw new RulesError("custom", `${source}: custom must be an array of functions (library only)`);
    }
  }
  const parsed = rulesFileSchema().safeParse(rest);
  if (!parsed.success) {
    // A misspelt key (`perday`) also leaves its real one missing: the unknown key is the cause.
    const { issues } = parsed.error;
    const issue = issues.find((i) => i.code === "unrecognized_keys") ?? issues[0]!;
    const extra = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
    const path = [...issue.path, ...(extra === undefined ? [] : [extra])].map(String).join(".");
    const known = knownKeys(issue.path.map(String));
    const meant = extra === undefined ? undefined : nearest(extra, known);
    const message =
      extra !== undefined
        ? `unknown key${meant ? `, did you mean ${meant}?` : ""} (known: ${known.join(", ")})`
        : issue.message;
    throw new RulesError(path, `${source}: ${path || "rules"}: ${message}`);
  }
  return custom === undefined ? parsed.data : { ...parsed.data, custom: custom as CustomRule[] };
}

/** The known key a typo was likely meant as: same letters in another case, or one or two edits away. */
function nearest(typed: string, known: string[]): string | undefined {
  const lower = typed.toLowerCase();
  return (
    known.find((key) => key.toLowerCase() === lower) ??
    known.find((key) => edits(key.toLowerCase(), lower) <= Math.min(2, Math.floor(key.length / 3)))
  );
}

function edits(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

function knownKeys(parent: string[]): string[] {
  const at = parent.join(".");
  if (at === "launches") return ["perDay", "timeZone"];
  if (at === "window") return ["days", "from", "to", "timeZone"];
  if (at === "protect") return ["adsets", "ads"];
  return [...Object.keys(rulesFileSchema().shape), "custom (library only)"];
}

/** The rules of a JSON text (a file's content); `source` names it in errors. */
export function parseRulesJson(text: string, source: string): MoneyRules {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RulesError("", `${source}: not valid JSON (${(error as Error).message})`);
  }
  if (value !== null && typeof value === "object" && "custom" in value) {
    throw new RulesError(
      "custom",
      `${source}: custom: custom rules are functions, given in the library only`,
    );
  }
  return parseRules(value, source);
}

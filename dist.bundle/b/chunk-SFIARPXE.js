import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/guards/rules/schema.js
import { z } from "zod";
var DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
function knownTimeZone(zone) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
__name(knownTimeZone, "knownTimeZone");
function buildRulesFileSchema() {
  const timeZone = z.string().refine(knownTimeZone, { message: 'not an IANA time zone name (e.g. "Europe/Berlin" or "UTC")' });
  const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'a time as "HH:MM" (00:00 to 23:59)' });
  const names = z.array(z.string().trim().min(1, { message: "an empty name" })).min(1, {
    message: "an empty list: leave the key out instead"
  });
  const count = z.number({ message: "a whole number" }).int({ message: "a whole number, not a fraction" }).nonnegative({ message: "a count of 0 or more" });
  const window = z.strictObject({
    days: z.array(z.enum(DAYS)).min(1, { message: "an empty list: leave the key out instead" }).optional(),
    from: clock.optional(),
    to: clock.optional(),
    timeZone: timeZone.optional()
  }).superRefine((w, ctx) => {
    if (w.from !== void 0 && w.to !== void 0 && w.from >= w.to) {
      ctx.addIssue({
        code: "custom",
        path: ["from"],
        message: `"from" (${w.from}) must be before "to" (${w.to})`
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
    writesPerConversation: count.optional()
  });
}
__name(buildRulesFileSchema, "buildRulesFileSchema");
var built;
function rulesFileSchema() {
  built ??= buildRulesFileSchema();
  return built;
}
__name(rulesFileSchema, "rulesFileSchema");
var RulesError = class extends Error {
  static {
    __name(this, "RulesError");
  }
  path;
  name = "RulesError";
  constructor(path, message) {
    super(message);
    this.path = path;
  }
};
function parseRules(value, source = "rules") {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new RulesError("", `${source}: the rules must be a JSON object, like {"mode":"enforce"}`);
  }
  const { custom, ...rest } = value;
  if (custom !== void 0) {
    if (!Array.isArray(custom) || custom.some((f) => typeof f !== "function")) {
      throw new RulesError("custom", `${source}: custom must be an array of functions (library only)`);
    }
  }
  const parsed = rulesFileSchema().safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const extra = issue.code === "unrecognized_keys" ? issue.keys[0] : void 0;
    const path = [...issue.path, ...extra === void 0 ? [] : [extra]].map(String).join(".");
    const message = extra !== void 0 ? `unknown key (known: ${knownKeys(issue.path.map(String)).join(", ")})` : issue.message;
    throw new RulesError(path, `${source}: ${path || "rules"}: ${message}`);
  }
  return custom === void 0 ? parsed.data : { ...parsed.data, custom };
}
__name(parseRules, "parseRules");
function knownKeys(parent) {
  const at = parent.join(".");
  if (at === "launches")
    return ["perDay", "timeZone"];
  if (at === "window")
    return ["days", "from", "to", "timeZone"];
  if (at === "protect")
    return ["adsets", "ads"];
  return [...Object.keys(rulesFileSchema().shape), "custom (library only)"];
}
__name(knownKeys, "knownKeys");
function parseRulesJson(text, source) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RulesError("", `${source}: not valid JSON (${error.message})`);
  }
  if (value !== null && typeof value === "object" && "custom" in value) {
    throw new RulesError("custom", `${source}: custom: custom rules are functions, given in the library only`);
  }
  return parseRules(value, source);
}
__name(parseRulesJson, "parseRulesJson");

export {
  RulesError,
  parseRules,
  parseRulesJson
};

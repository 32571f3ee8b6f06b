import { PLACEHOLDER } from "./schema.js";

/** What placeholders in a fixture can refer to. */
export interface TemplateScope {
  /** The scenario key's accounts, each with its ad sets and ads. */
  accounts: unknown[];
  /** An account that exists at the service but that this key cannot reach. */
  foreign: unknown;
  /** What the model read of each earlier tool call, by call id (parsed JSON when it was JSON). */
  results: Record<string, unknown>;
}

/** A placeholder that does not resolve in this run. */
export class TemplateError extends Error {
  override name = "TemplateError";
}

/** Reads `a.0.b` out of a value; undefined when any step is missing. */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split(".")) {
    if (part === "") continue;
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** True when a path is present (the value may be null). */
export function hasPath(value: unknown, path: string): boolean {
  const parts = path.split(".");
  const last = parts.pop()!;
  const parent = readPath(value, parts.join("."));
  return parent !== null && typeof parent === "object" && last in parent;
}

/**
 * Replaces placeholders in every string of `value`. A string that is exactly one placeholder takes
 * the referenced value with its type; placeholders inside longer strings are replaced by text.
 */
export function resolve<T>(value: T, scope: TemplateScope): T {
  return walk(value, scope) as T;
}

function walk(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === "string") return resolveString(value, scope);
  if (Array.isArray(value)) return value.map((item) => walk(item, scope));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, scope)]));
  }
  return value;
}

function resolveString(text: string, scope: TemplateScope): unknown {
  const whole = /^\{\{\s*([^{}]+?)\s*\}\}$/.exec(text);
  if (whole) return lookup(whole[1]!, scope);
  return text.replace(PLACEHOLDER, (_, path: string) => {
    const found = lookup(path, scope);
    return typeof found === "string" ? found : JSON.stringify(found);
  });
}

function lookup(path: string, scope: TemplateScope): unknown {
  const found = readPath(scope, path);
  if (found === undefined) {
    const [root, id] = path.split(".");
    const why =
      root === "results"
        ? `the model read ${JSON.stringify(scope.results[id ?? ""] ?? "nothing").slice(0, 300)}`
        : `${root} has no such entry`;
    throw new TemplateError(`placeholder {{${path}}} did not resolve: ${why}`);
  }
  return found;
}

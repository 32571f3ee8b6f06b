import type { z } from "zod";

/** The service's tool groups (spec section 4). */
export type ToolGroup = "A" | "B" | "C" | "D" | "E" | "F";
/** What a call does: reads and calculators never write; writes and workflows change state. */
export type ToolEffect = "read" | "calculator" | "write" | "workflow";
/** `every` plan, `paid` (Pro or Agency), or `not-shown` by the spec. */
export type ToolPlan = "every" | "paid" | "not-shown";
/** The retry key a write carries, and whether the service requires it. */
export interface ToolIdField {
  name: "request_id" | "idempotency_key" | "idempotencyKey";
  required: boolean;
}
/** Behaviour hints in the spirit of MCP tool annotations. */
export interface ToolHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
}

/** Cross-field rules over a parsed body. */
export type ToolRules = (value: any, ctx: z.RefinementCtx) => void;

/** One tool of the service, defined once and shared by the client, guards, adapters and simulator. */
export interface ToolDefinition {
  readonly name: string;
  readonly group: ToolGroup;
  /** Written for a model: what it does, when to use it, what it costs. */
  readonly description: string;
  /** The body's fields without cross-field rules; derive model-facing variants from it. */
  readonly input: z.ZodObject;
  /** Cross-field rules (at least one of, exactly one of, caps) applied on top of `input`. */
  readonly rules?: ToolRules;
  /** The wire schema: `input` with `rules`. */
  readonly inputSchema: z.ZodType<Record<string, unknown>>;
  readonly effect: ToolEffect;
  readonly plan: ToolPlan;
  /** HTTP statuses the spec advertises for this tool. */
  readonly statuses: readonly number[];
  readonly hints: ToolHints;
  /** The retry key this tool takes, if any. */
  readonly idField?: ToolIdField;
  /** Disabled at the service (410) and never offered to a model. */
  readonly disabled?: boolean;
  /**
   * True when this exact body can start spending money and so needs a person's answer before it
   * is sent (push-creative with status exactly ACTIVE; every call of an MCP-door tool whose
   * meaning is unknown). Absent: never.
   */
  readonly needsPerson?: (body: Record<string, unknown>) => boolean;
}

/**
 * A definition as the catalog declares it, its name and fields kept in its type: what types
 * `toolkit.call(name, input)` by tool name. The same object as a ToolDefinition at run time.
 */
export interface TypedToolDefinition<
  Name extends string = string,
  Shape extends z.ZodRawShape = z.ZodRawShape,
  Id extends ToolIdField["name"] = ToolIdField["name"],
> extends ToolDefinition {
  readonly name: Name;
  readonly input: z.ZodObject<Shape>;
  readonly idField?: { name: Id; required: boolean };
}

interface DefineInput<Name extends string, Shape extends z.ZodRawShape, Id extends ToolIdField["name"]>
  extends Omit<ToolDefinition, "name" | "input" | "rules" | "inputSchema" | "hints" | "idField"> {
  readonly name: Name;
  readonly idField?: { name: Id; required: boolean };
  /** The body's fields, or a function that builds them on first use (the catalog's tools). */
  input: z.ZodObject<Shape> | (() => z.ZodObject<Shape>);
  rules?: (value: z.output<z.ZodObject<Shape>>, ctx: z.RefinementCtx) => void;
  hints?: Partial<ToolHints>;
}

/**
 * Builds a tool definition, attaching the rules to the wire schema and deriving default hints.
 * Given a function for `input`, the schemas are built when first read: importing the catalog then
 * builds none of its 53, and a process that calls one tool builds one.
 */
export function defineTool<
  const Name extends string,
  Shape extends z.ZodRawShape,
  const Id extends ToolIdField["name"] = never,
>(def: DefineInput<Name, Shape, Id>): TypedToolDefinition<Name, Shape, Id> {
  const readOnly = def.effect === "read" || def.effect === "calculator";
  const { input: given, ...rest } = def;
  const build = typeof given === "function" ? given : () => given;
  let input: z.ZodObject<Shape> | undefined;
  let inputSchema: z.ZodObject<Shape> | undefined;
  const object = () => {
    input ??= build();
    return input;
  };
  return {
    ...rest,
    get input() {
      return object();
    },
    get inputSchema() {
      inputSchema ??= withRules(object(), def.rules);
      return inputSchema;
    },
    hints: { readOnly, destructive: false, idempotent: readOnly || def.idField !== undefined, ...def.hints },
  } as TypedToolDefinition<Name, Shape, Id>;
}

/** Applies a definition's cross-field rules to any variant of its object schema. */
export function withRules<S extends z.ZodObject>(schema: S, rules?: ToolRules): S {
  return rules ? (schema.superRefine(rules) as S) : schema;
}

import type { z } from "zod";
import type { CatalogDefinition } from "./tools/index.js";

/** The name of a tool a toolkit can offer: the 52 of the catalog (`emergency-recovery` is disabled). */
export type AdToolName = Exclude<CatalogDefinition["name"], "emergency-recovery">;

type DefinitionOf<N extends AdToolName> = Extract<CatalogDefinition, { readonly name: N }>;
type Fields<N extends AdToolName> = z.input<DefinitionOf<N>["input"]>;
type RetryKey<N extends AdToolName> =
  DefinitionOf<N> extends { readonly idField?: { name: infer Id } } ? Id : never;
// Left optional: the toolkit fills the retry key, and account_id from `accountId` when set.
type Filled<N extends AdToolName> = Extract<keyof Fields<N>, "account_id" | RetryKey<N>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The input `toolkit.call(name, input)` takes for a tool, from its zod schema: the service's fields
 * with their types and allowed values, without `hard_confirm_text` (a person's answer carries it),
 * with the retry key optional (adrails sets it) and `account_id` optional (the toolkit's
 * `accountId` fills it; without one, a write that needs it is refused as invalid input).
 */
export type AdToolInput<N extends AdToolName> = Simplify<
  Omit<Fields<N>, "hard_confirm_text" | Filled<N>> & Partial<Pick<Fields<N>, Filled<N>>>
>;

/** An ad account (spec 2.6): at least an id (`act_<digits>`), a name and a currency. */
export interface AdAccount {
  id: string;
  name: string;
  currency: string;
  [key: string]: unknown;
}

/** A skill of `list-skills` (spec 2.7): at least its `slug`. */
export interface AdSkill {
  slug: string;
  [key: string]: unknown;
}

/** The ad `push-creative` created: its id and whether it is ACTIVE or PAUSED (spec 3.1). */
export interface CreatedAd {
  ad_id: string;
  status: "ACTIVE" | "PAUSED" | (string & {});
  [key: string]: unknown;
}

/** The `data` of a success, for the tools whose payload the service's contract names. */
export interface AdToolDataMap {
  "list-accounts": { accounts: AdAccount[]; [key: string]: unknown };
  "list-skills": { skills: AdSkill[]; [key: string]: unknown };
  "push-creative": CreatedAd;
}

/** A success's `data` for tool `N`: its shape where the contract names one, else `unknown`. */
export type AdToolData<N extends string> = N extends keyof AdToolDataMap ? AdToolDataMap[N] : unknown;

/** The input of tool `N` when `N` is a known name; anything (checked at run time) for a runtime name. */
export type AdToolInputOf<N extends string> = N extends AdToolName ? AdToolInput<N> : unknown;

/**
 * A name only known at run time (a `string`, as adapters, MCP hosts and the CLI pass): a literal
 * name must be one of the catalog's, so a misspelt one fails to compile.
 */
export type RuntimeToolName<S extends string> = string extends S ? S : never;

/**
 * An input whose type says nothing of its fields (`unknown`, `any`, a `Record<string, unknown>`):
 * accepted, and checked when called. An object literal's type names its fields, so it is checked
 * against the tool's input instead.
 */
export type LooseInput<I> = unknown extends I ? I : string extends keyof I ? I : never;

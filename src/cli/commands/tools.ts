import type { ToolDefinition, ToolGroup } from "../../tools/define.js";
import { catalog, TOOL_GROUPS } from "../../tools/index.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type FieldInfo, toolFields } from "../fields.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { viaMcp } from "../via.js";

/** The spec's names of the tool groups. */
export const GROUP_NAMES: Record<ToolGroup, string> = {
  A: "account reads (every plan)",
  B: "calculators and skills (every plan; no ad account touched)",
  C: "creative generation and publishing",
  D: "connected-source queries",
  E: "briefs, generation, experiments",
  F: "competitor monitoring",
};

/** A tool as `adrails tools --json` lists it. */
export function toolSummary(def: ToolDefinition) {
  return {
    name: def.name,
    group: def.group,
    effect: def.effect,
    plan: def.plan,
    disabled: def.disabled === true,
    description: def.description,
    statuses: def.statuses,
    hints: def.hints,
    ...(def.idField ? { id_field: def.idField } : {}),
    fields: toolFields(def),
  };
}

export async function runTools(ctx: CommandContext, opts: { group?: string }): Promise<ExitCode> {
  if (viaMcp(ctx.globals, ctx.io.env)) return (await import("./tools-mcp.js")).runMcpTools(ctx);
  const { output } = ctx;
  const group = opts.group?.toUpperCase();
  if (group !== undefined && !TOOL_GROUPS.includes(group as ToolGroup)) {
    throw new CliError(
      `There is no group "${opts.group}".`,
      EXIT.usage,
      `Groups: ${TOOL_GROUPS.join(", ")}.`,
    );
  }
  const tools = catalog.filter((def) => group === undefined || def.group === group);
  if (output.json) {
    output.result(tools.map(toolSummary));
    return EXIT.ok;
  }
  const s = output.outStyle;
  const width = Math.max(...tools.map((def) => def.name.length));
  for (const g of TOOL_GROUPS) {
    const members = tools.filter((def) => def.group === g);
    if (members.length === 0) continue;
    output.line(s.bold(`${g}  ${GROUP_NAMES[g]}`));
    for (const def of members) {
      const tags = def.disabled
        ? s.red("disabled (HTTP 410), never offered")
        : `${def.effect}, plan ${def.plan}`;
      output.line(`  ${def.name.padEnd(width)}  ${tags}`);
      output.line(`  ${" ".repeat(width)}  ${s.dim(fieldList(toolFields(def)))}`);
    }
    output.line();
  }
  const offered = tools.filter((def) => !def.disabled).length;
  output.line(
    s.dim(
      `${offered} offered tool${offered === 1 ? "" : "s"}. * = required. Details: adrails describe <tool>`,
    ),
  );
  return EXIT.ok;
}

function fieldList(fields: readonly FieldInfo[]): string {
  const top = fields.filter((field) => !field.name.includes("."));
  if (top.length === 0) return "no fields: send {}";
  return top.map((field) => `${field.name}${field.required ? "*" : ""}`).join(", ");
}

import {
  mcpUrlFor,
  openMcpToolkit
} from "./chunk-H7M2KSJO.js";
import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT,
  exitCodeFor
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/door-info.js
async function runMcpDescribe(ctx, name) {
  const { io, output, globals } = ctx;
  const toolkit = await openMcpToolkit(globals, io, output, {});
  try {
    const tool = toolkit.catalog.find((t) => t.name === name);
    if (!tool) {
      const problem = toolkit.problems.find((p) => p.name === name);
      throw new CliError(problem ? `${name} is not offered: ${problem.reason}.` : `The MCP door lists no tool named "${name}".`, EXIT.notFound, "List the door's tools with: adrails tools --via mcp");
    }
    const schema = toolkit.get(name)?.inputSchema;
    const jsonSchema = schema ? (await import("zod")).z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) : {};
    const summary = {
      name: tool.name,
      guard: tool.guard,
      reason: tool.reason,
      maps_to: tool.guard === "known" ? tool.definition.name : null,
      effect: tool.definition.effect,
      description: tool.description,
      annotations: tool.annotations ?? null,
      input_schema: jsonSchema
    };
    if (output.json)
      output.result(summary);
    else {
      output.line(output.outStyle.bold(tool.name));
      output.line(`guard: ${tool.guard} (${tool.reason})`);
      output.line();
      output.line(tool.description);
      if (tool.annotations)
        output.line(`annotations: ${JSON.stringify(tool.annotations)}`);
      output.line(`input schema: ${JSON.stringify(jsonSchema)}`);
    }
    return EXIT.ok;
  } finally {
    await toolkit.close();
  }
}
__name(runMcpDescribe, "runMcpDescribe");
async function runMcpDoctor(ctx) {
  const { io, output, globals } = ctx;
  const mcpUrl = mcpUrlFor(globals, io.env);
  const toolkit = await openMcpToolkit(globals, io, output, {});
  try {
    const checks = [
      { check: "sign-in", ok: true, detail: `The stored sign-in for ${mcpUrl} is accepted.` },
      {
        check: "tools/list",
        ok: true,
        detail: `${toolkit.catalog.length} tools listed (${toolkit.catalog.filter((t) => t.guard === "unknown").length} unknown to adrails, each needing a person), ${toolkit.problems.length} refused.`
      }
    ];
    let code = EXIT.ok;
    const reader = toolkit.catalog.find((t) => t.guard === "known" && t.definition.name === "list-accounts");
    if (reader) {
      const listed = await toolkit.call(reader.name, {});
      code = exitCodeFor(listed);
      checks.push({
        check: "list-accounts",
        ok: listed.ok === true,
        detail: listed.ok === true ? "A first read answered." : `A first read failed: ${listed.error}`
      });
    }
    if (output.json)
      output.result({ ok: code === EXIT.ok, checks });
    else
      for (const c of checks)
        output.line(`${c.ok ? "ok  " : "FAIL"} ${c.check}: ${c.detail}`);
    return code;
  } finally {
    await toolkit.close();
  }
}
__name(runMcpDoctor, "runMcpDoctor");
export {
  runMcpDescribe,
  runMcpDoctor
};

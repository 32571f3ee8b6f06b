import {
  doorZod,
  mapCatalog,
  toolMapProblems
} from "./chunk-KWUE7COM.js";
import {
  credentialStore
} from "./chunk-H3CA6QPV.js";
import {
  storedAuth
} from "./chunk-YWBANEKW.js";
import "./chunk-T3FNSHKV.js";
import {
  createMcpWire
} from "./chunk-VC7VYMJU.js";
import {
  checkCatalog
} from "./chunk-BBLTUFYI.js";
import "./chunk-TB6DQN33.js";
import {
  LOGIN_HINT
} from "./chunk-KG4KSYSB.js";
import "./chunk-5PS4MVI4.js";
import {
  CONFIRM_FIELD,
  accountNote,
  composeToolkit,
  modelSchema
} from "./chunk-YHBHRAZ2.js";
import "./chunk-C4OLH3A7.js";
import "./chunk-SFIARPXE.js";
import "./chunk-3VR6HFHW.js";
import "./chunk-K626HZJL.js";
import "./chunk-VFPHF6ZS.js";
import "./chunk-YOX5XIST.js";
import {
  blocked
} from "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import "./chunk-MQGJ6FVD.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/url.js
function mcpUrlOf(options, env = process.env) {
  const explicit = options.mcpUrl ?? env.ADRAILS_MCP_URL;
  if (explicit && explicit.trim() !== "")
    return explicit;
  const base = options.baseUrl ?? env.ADRAILS_BASE_URL ?? "";
  if (base.trim() === "") {
    throw new TypeError("adrails: no MCP door given: set mcpUrl (env ADRAILS_MCP_URL) or baseUrl (env ADRAILS_BASE_URL)");
  }
  return `${base.replace(/\/+$/, "")}/api/mcp`;
}
__name(mcpUrlOf, "mcpUrlOf");

// dist/door-toolkit.js
async function connectAdTools(options) {
  const mapProblems = options.toolMap === void 0 ? [] : toolMapProblems(options.toolMap);
  if (mapProblems.length > 0)
    throw new TypeError(`adrails: toolMap ${mapProblems.join("; ")}`);
  const mcpUrl = mcpUrlOf(options);
  const store = credentialStore({ home: options.home, warn: options.warn });
  const auth = storedAuth({ store, mcpUrl, fetch: options.fetch });
  let stale = false;
  const listeners = /* @__PURE__ */ new Set();
  let relisting;
  const wire = createMcpWire({
    mcpUrl,
    auth,
    fetch: options.fetch,
    onListChanged: /* @__PURE__ */ __name(() => {
      stale = true;
      void relistOnce().catch(() => {
      });
    }, "onListChanged"),
    onWiderScope: /* @__PURE__ */ __name((scope) => {
      const record = scope ? store.find(mcpUrl) : void 0;
      if (!record)
        return;
      void store.locked(record, async () => {
        const fresh = store.read(record.issuer, record.resource);
        if (fresh)
          store.write({ ...fresh, wantedScope: scope });
      }).catch(() => {
      });
    }, "onWiderScope")
  });
  const kit = composeToolkit(options, {
    name: "connectAdTools",
    client: wire,
    secret: "",
    base: mcpUrl,
    principal: `oauth
${store.find(mcpUrl)?.subject ?? ""}`
  });
  const pins = new Map(Object.entries(store.find(mcpUrl)?.pins ?? {}));
  async function keepPins() {
    const record = store.find(mcpUrl);
    if (!record || [...pins].every(([key, value]) => record.pins?.[key] === value))
      return;
    await store.locked(record, async () => {
      const fresh = store.read(record.issuer, record.resource);
      if (fresh)
        store.write({ ...fresh, pins: { ...fresh.pins, ...Object.fromEntries(pins) } });
    });
  }
  __name(keepPins, "keepPins");
  let catalog = [];
  let problems = [];
  let tools = [];
  let byName = /* @__PURE__ */ new Map();
  let raw = /* @__PURE__ */ new Map();
  async function relist() {
    const checked = checkCatalog(await wire.listTools());
    stale = false;
    catalog = mapCatalog(checked, options.toolMap, pins).filter((tool) => inScope(tool, options));
    await keepPins().catch((error) => (options.warn ?? ((m) => process.stderr.write(`${m}
`)))(`adrails: the tool map's pins could not be kept with the credentials (${error.message}); they hold for this process only.`));
    problems = checked.problems;
    for (const tool of catalog)
      wire.setName(tool.definition.name, tool.name);
    const note = accountNote(catalog.map((tool) => tool.definition), options);
    const made = catalog.map((tool) => kit.makeTool(entryOf(tool, note)));
    raw = new Map(made.map((tool) => [tool.name, tool]));
    tools = made.map((tool) => Object.freeze({
      ...tool,
      call: /* @__PURE__ */ __name((input, context) => call(tool.name, input, context), "call")
    }));
    byName = new Map(tools.map((tool) => [tool.name, tool]));
  }
  __name(relist, "relist");
  let again = false;
  function relistOnce() {
    if (relisting) {
      again = true;
      return relisting;
    }
    relisting = (async () => {
      do {
        again = false;
        await relist();
      } while (again);
      for (const listener of listeners)
        listener();
    })().finally(() => {
      relisting = void 0;
    });
    return relisting;
  }
  __name(relistOnce, "relistOnce");
  function entryOf(tool, note) {
    const def = tool.definition;
    const hide = options.hideAccountId === true && options.accountId !== void 0;
    const description = note?.tool === def.name ? `${tool.description} ${note.text}` : tool.description;
    if (tool.guard === "known") {
      const filled = [def.idField?.name, CONFIRM_FIELD].filter((f) => f !== void 0);
      const doorCheck = /* @__PURE__ */ __name((value, ctx) => {
        for (const message of tool.schema.check(value, filled))
          ctx.addIssue({ code: "custom", message });
      }, "doorCheck");
      const schema = modelSchema(def, { accountDefault: options.accountId }).superRefine(doorCheck);
      const shown = hide ? modelSchema(def, { accountDefault: options.accountId, hideAccountId: true }) : schema;
      return { name: tool.name, def, description, schema, shown };
    }
    const hidden = [CONFIRM_FIELD, ...hide ? ["account_id"] : []];
    return {
      name: tool.name,
      def,
      description,
      schema: def.inputSchema,
      shown: doorZod(tool.schema, withoutFields(tool.schema.json, hidden), [])
    };
  }
  __name(entryOf, "entryOf");
  await relist();
  const call = /* @__PURE__ */ __name(async (name, input, context = {}) => {
    if (stale)
      await relistOnce().catch(() => {
      });
    const tool = raw.get(name);
    if (tool)
      return signInHint(await tool.call(input, context));
    const problem = problems.find((p) => p.name === name);
    return kit.pipeline.refuse(String(name), context, () => problem ? blocked("scope", `${name} is not offered: ${problem.reason}.`, "Nothing was sent. Use another tool.") : blocked("scope", `The service's MCP door does not list a tool named "${name}" (any more).`, "Nothing was sent. Call only the tools you were given; the door's catalog may have changed."));
  }, "call");
  return {
    get tools() {
      return tools;
    },
    get catalog() {
      return catalog;
    },
    get problems() {
      return problems;
    },
    get: /* @__PURE__ */ __name((name) => byName.get(name), "get"),
    call,
    ...kit.surface(call),
    relist: /* @__PURE__ */ __name(() => relistOnce(), "relist"),
    onToolsChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: /* @__PURE__ */ __name(() => wire.close(), "close")
  };
}
__name(connectAdTools, "connectAdTools");
function withoutFields(json, names) {
  const properties = { ...json.properties ?? {} };
  for (const name of names)
    delete properties[name];
  const out = { ...json, properties };
  if (Array.isArray(json.required))
    out.required = json.required.filter((n) => !names.includes(String(n)));
  return out;
}
__name(withoutFields, "withoutFields");
function signInHint(result) {
  if (result.ok !== false || result.status !== 401)
    return result;
  return { ...result, hint: `${LOGIN_HINT} Tell the user; nothing was done.` };
}
__name(signInHint, "signInHint");
function inScope(tool, options) {
  const def = tool.definition;
  const names = [tool.name, def.name, def.group];
  if (options.include && !options.include.some((entry) => names.includes(entry)))
    return false;
  if (options.exclude?.some((entry) => names.includes(entry)))
    return false;
  if (options.readOnly && def.effect !== "read" && def.effect !== "calculator")
    return false;
  return true;
}
__name(inScope, "inScope");
export {
  connectAdTools
};

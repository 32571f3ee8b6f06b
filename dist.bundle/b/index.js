import {
  AWAIT_APPROVAL,
  AWAIT_APPROVAL_SCHEMA,
  awaitApprovalInput,
  awaitApprovalTool,
  runAwaitApproval
} from "./chunk-XCJFUJ3F.js";
import {
  FIND_TOOLS,
  createToolDiscovery,
  searchTools
} from "./chunk-KTFO7BLR.js";
import {
  MAX_PLAN_PAYLOADS,
  PACKS,
  PACK_NAMES,
  createAdTools,
  createClient
} from "./chunk-YHBHRAZ2.js";
import "./chunk-C4OLH3A7.js";
import {
  RulesError,
  parseRules,
  parseRulesJson
} from "./chunk-SFIARPXE.js";
import "./chunk-3VR6HFHW.js";
import {
  memoryStore
} from "./chunk-K626HZJL.js";
import "./chunk-VFPHF6ZS.js";
import {
  StoreError
} from "./chunk-YOX5XIST.js";
import "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import "./chunk-MQGJ6FVD.js";
import {
  TOOL_GROUPS,
  catalog,
  getTool,
  offeredTools
} from "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/index.js
async function connectAdTools(options) {
  return (await import("./door-toolkit.js")).connectAdTools(options);
}
__name(connectAdTools, "connectAdTools");
export {
  AWAIT_APPROVAL,
  AWAIT_APPROVAL_SCHEMA,
  FIND_TOOLS,
  MAX_PLAN_PAYLOADS,
  PACKS,
  PACK_NAMES,
  RulesError,
  StoreError,
  TOOL_GROUPS,
  awaitApprovalInput,
  awaitApprovalTool,
  catalog,
  connectAdTools,
  createAdTools,
  createClient,
  createToolDiscovery,
  getTool,
  memoryStore,
  offeredTools,
  parseRules,
  parseRulesJson,
  runAwaitApproval,
  searchTools
};

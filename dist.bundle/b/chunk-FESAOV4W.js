import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/node-http.js
import { createRequire } from "node:module";
var require2 = createRequire(new URL("../node-http.js", import.meta.url).href);
var nodeHttp = /* @__PURE__ */ __name(() => require2("node:http"), "nodeHttp");
var nodeHttps = /* @__PURE__ */ __name(() => require2("node:https"), "nodeHttps");

export {
  nodeHttp,
  nodeHttps
};

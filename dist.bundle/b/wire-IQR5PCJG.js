import {
  createMcpWire
} from "./chunk-KQ7E5IC5.js";
import "./chunk-FVPLVKOG.js";
import "./chunk-NZJS4UL5.js";
import "./chunk-KG4KSYSB.js";
import "./chunk-CURNL2XW.js";
export {
  createMcpWire
};

import {
  checkCatalog,
  listAllTools
} from "./chunk-FVPLVKOG.js";
import "./chunk-NZJS4UL5.js";
import "./chunk-CURNL2XW.js";
export {
  checkCatalog,
  listAllTools
};

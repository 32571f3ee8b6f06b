import {
  doorCatalog,
  restSchema
} from "./chunk-ZRLQZSLX.js";
import "./chunk-DFWYDSP3.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-CURNL2XW.js";
export {
  doorCatalog,
  restSchema
};

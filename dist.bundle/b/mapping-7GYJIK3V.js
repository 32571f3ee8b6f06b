import {
  doorZod,
  mapCatalog,
  nameKey,
  toolMapProblems
} from "./chunk-YDRZMLLX.js";
import "./chunk-NZJS4UL5.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-CURNL2XW.js";
export {
  doorZod,
  mapCatalog,
  nameKey,
  toolMapProblems
};

import {
  GROUP_NAMES,
  runTools,
  toolSummary
} from "./chunk-JQBP6YMO.js";
import "./chunk-H7M2KSJO.js";
import "./chunk-T2KKBROU.js";
import "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-CURNL2XW.js";
export {
  GROUP_NAMES,
  runTools,
  toolSummary
};

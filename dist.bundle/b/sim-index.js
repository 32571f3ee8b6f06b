import {
  INJECTION_TEXT,
  browseAuthorization,
  startSimulator
} from "./chunk-NVSRC2ON.js";
import "./chunk-EHQ6G74P.js";
import {
  SOURCE,
  UPGRADE_URL
} from "./chunk-DFWYDSP3.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import "./chunk-CURNL2XW.js";
export {
  INJECTION_TEXT,
  SOURCE,
  UPGRADE_URL,
  browseAuthorization,
  startSimulator
};

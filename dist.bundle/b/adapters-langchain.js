import {
  hitlInterruptOn,
  langchainDynamicTools,
  langchainStrictMiddleware,
  langchainTools
} from "./chunk-XTGVURM2.js";
import "./chunk-ZTF5TCO2.js";
import "./chunk-KTFO7BLR.js";
import {
  nonStrictTools
} from "./chunk-EPGR43V3.js";
import "./chunk-N3AHA4I6.js";
import "./chunk-MM6RSGX4.js";
import "./chunk-SFIARPXE.js";
import "./chunk-DXA4P6WE.js";
import "./chunk-H5K55BO2.js";
import "./chunk-VFPHF6ZS.js";
import "./chunk-YOX5XIST.js";
import "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import "./chunk-MQGJ6FVD.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import "./chunk-CURNL2XW.js";
export {
  hitlInterruptOn,
  langchainDynamicTools,
  langchainStrictMiddleware,
  langchainTools,
  nonStrictTools
};

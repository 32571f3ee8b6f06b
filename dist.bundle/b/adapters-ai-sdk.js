import {
  aiSdkApprovalRound,
  aiSdkDynamicTools,
  aiSdkToolApproval,
  aiSdkTools
} from "./chunk-PL5BT73M.js";
import "./chunk-XCJFUJ3F.js";
import "./chunk-KTFO7BLR.js";
import "./chunk-NHHJSMJV.js";
import "./chunk-YHBHRAZ2.js";
import "./chunk-C4OLH3A7.js";
import "./chunk-SFIARPXE.js";
import "./chunk-3VR6HFHW.js";
import "./chunk-K626HZJL.js";
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
  aiSdkApprovalRound,
  aiSdkDynamicTools,
  aiSdkToolApproval,
  aiSdkTools
};

import {
  openInbox,
  redisUrlOf,
  redisUrlReady,
  runInbox,
  waitingNote
} from "./chunk-Z7HV3DAM.js";
import "./chunk-T2KKBROU.js";
import "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import "./chunk-CURNL2XW.js";
export {
  openInbox,
  redisUrlOf,
  redisUrlReady,
  runInbox,
  waitingNote
};

import {
  LOGIN_HINT,
  UpstreamError,
  loginNeeded
} from "./chunk-KG4KSYSB.js";
import "./chunk-CURNL2XW.js";
export {
  LOGIN_HINT,
  UpstreamError,
  loginNeeded
};

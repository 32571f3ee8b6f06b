import {
  inboxApprovals
} from "./chunk-EBQ3G2ES.js";
import "./chunk-CURNL2XW.js";
export {
  inboxApprovals
};

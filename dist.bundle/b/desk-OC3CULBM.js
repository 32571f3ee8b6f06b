import {
  inboxDesk,
  itemUrl,
  readDecision
} from "./chunk-U54Q5E45.js";
import "./chunk-CURNL2XW.js";
export {
  inboxDesk,
  itemUrl,
  readDecision
};

import {
  inboxPlans,
  settlePlan
} from "./chunk-CKC572AJ.js";
import "./chunk-CURNL2XW.js";
export {
  inboxPlans,
  settlePlan
};

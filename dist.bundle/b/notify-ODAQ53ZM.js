import {
  createNotifier,
  isHttpUrl,
  itemUrl,
  slackText
} from "./chunk-KXCN5XPJ.js";
import "./chunk-V6IESX3N.js";
import "./chunk-CURNL2XW.js";
export {
  createNotifier,
  isHttpUrl,
  itemUrl,
  slackText
};

import {
  createInboxHandler,
  sentenceProblem
} from "./chunk-AUQVHHAT.js";
import "./chunk-GLA6LA6S.js";
import "./chunk-4TPLKNTJ.js";
import "./chunk-5PS4MVI4.js";
import "./chunk-VFPHF6ZS.js";
import "./chunk-YOX5XIST.js";
import "./chunk-V6IESX3N.js";
import "./chunk-LASFETXT.js";
import "./chunk-CURNL2XW.js";
export {
  createInboxHandler,
  sentenceProblem
};

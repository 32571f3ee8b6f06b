import {
  SCOPE,
  flushTelemetry,
  instruments,
  loadOtel,
  otelApi,
  timedWait,
  tracedPost,
  tracerOf
} from "./chunk-MQGJ6FVD.js";
import "./chunk-FESAOV4W.js";
import "./chunk-CURNL2XW.js";
export {
  SCOPE,
  flushTelemetry,
  instruments,
  loadOtel,
  otelApi,
  timedWait,
  tracedPost,
  tracerOf
};

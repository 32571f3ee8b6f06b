import {
  REDIS_MISSING,
  isRedisMissing,
  redisInstalled
} from "./chunk-B64HF2IS.js";
import "./chunk-CURNL2XW.js";
export {
  REDIS_MISSING,
  isRedisMissing,
  redisInstalled
};

import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/store/redis-package.js
var REDIS_MISSING = "The fleet's Redis store needs the `redis` package, which is not installed: run `npm install redis` in the project that runs adrails.";
function isRedisMissing(error) {
  const { code, message } = error ?? {};
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && typeof message === "string" && /['"]redis['"]/.test(message);
}
__name(isRedisMissing, "isRedisMissing");
async function redisInstalled() {
  try {
    await import("redis");
    return true;
  } catch (error) {
    if (isRedisMissing(error))
      return false;
    throw error;
  }
}
__name(redisInstalled, "redisInstalled");

export {
  REDIS_MISSING,
  isRedisMissing,
  redisInstalled
};

export type { AdStore } from "./store/index.js";
export { memoryStore, StoreError } from "./store/index.js";
export {
  type RedisClientLike,
  type RedisStoreOptions,
  type RedisStoreSettings,
  redisStore,
} from "./store/redis.js";

// A team's `adrails evals --options` module that keeps its store in the fleet's Redis.
import { redisStore } from "adrails/redis";

export default { store: redisStore({ url: "redis://127.0.0.1:1" }) };

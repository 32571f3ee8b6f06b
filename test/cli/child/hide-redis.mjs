import { register } from "node:module";

register("./hide-redis-hooks.mjs", import.meta.url);

import { register } from "node:module";

register("./hide-otel-hooks.mjs", import.meta.url);

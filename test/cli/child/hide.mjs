import { register } from "node:module";

register("./hide-hooks.mjs", import.meta.url);

// A module hook for a child process: @simplewebauthn/server cannot be found (as in a project that
// did not install the optional peer), and every attempt to load it is written to stderr.
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier.startsWith("@simplewebauthn/")) {
    process.stderr.write("LOADING " + specifier + "\\n");
    const error = new Error("Cannot find package '" + specifier + "'");
    error.code = "ERR_MODULE_NOT_FOUND";
    throw error;
  }
  return next(specifier, context);
}`)}`,
);

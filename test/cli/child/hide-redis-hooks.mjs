// Resolve hooks that make the `redis` package look not installed, as in a plain `npm install adrails`.
export async function resolve(specifier, context, next) {
  if (specifier === "redis" || specifier.startsWith("@redis/")) {
    const error = new Error(
      `Cannot find package '${specifier}' imported from ${context.parentURL} (hidden by the test)`,
    );
    error.code = "ERR_MODULE_NOT_FOUND";
    throw error;
  }
  return next(specifier, context);
}

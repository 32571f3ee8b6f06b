// Resolve hooks that make @opentelemetry/api look not installed, as in an application without it.
export async function resolve(specifier, context, next) {
  if (specifier === "@opentelemetry/api" || specifier.startsWith("@opentelemetry/")) {
    const error = new Error(`Cannot find package '${specifier}' (hidden by the test)`);
    error.code = "ERR_MODULE_NOT_FOUND";
    throw error;
  }
  return next(specifier, context);
}

// Resolve hooks that make the packages named in HIDDEN_PACKAGES (comma-separated) look not
// installed, as in a plain `npm install adrails` without those optional peers.
const hidden = (process.env.HIDDEN_PACKAGES ?? "").split(",").filter(Boolean);

export async function resolve(specifier, context, next) {
  const name = specifier.startsWith("@")
    ? specifier.split("/").slice(0, 2).join("/")
    : specifier.split("/")[0];
  if (hidden.includes(name) || (hidden.includes("redis") && name.startsWith("@redis/"))) {
    const error = new Error(
      `Cannot find package '${name}' imported from ${context.parentURL} (hidden by the test)`,
    );
    error.code = "ERR_MODULE_NOT_FOUND";
    throw error;
  }
  return next(specifier, context);
}

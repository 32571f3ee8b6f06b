// The loopback fake of the Anthropic Messages API lives with the evals' Claude Agent SDK driver.
export * from "../../src/evals/drivers/anthropic-fake.js";

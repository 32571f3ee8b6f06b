import type { Reporter, TestModule } from "vitest/node";

// Prints one plain closing line, `tests: N passed, N failed[, N skipped]`, that CI can read
// whatever the default reporter's formatting.
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const count = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) count[test.result().state]++;
      if (module.state() === "failed" && module.children.size === 0) count.failed++;
    }
    const skipped = count.skipped + count.pending;
    process.stdout.write(
      `\ntests: ${count.passed} passed, ${count.failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`,
    );
  }
}

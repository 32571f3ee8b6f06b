import { configDefaults, defineConfig } from "vitest/config";

// The fleet suite measures how close several processes get to a rate ceiling, so it runs alone,
// after everything else (`npm test` runs it as a second step): on two cores, other suites and the
// typecheck running beside it would be what it measures.
const FLEET = "test/fleet/**/*.test.ts";

export default defineConfig({
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // Two workers on two cores: most suites wait on child processes and sockets, not the CPU
    // (one worker: 545 s for the suite project; two: 371 s, measured on the same tree).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: "suite",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, FLEET],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "types",
          include: [],
          typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "fleet", include: [FLEET], sequence: { groupOrder: 1 } },
      },
    ],
  },
});

import { configDefaults, defineConfig } from "vitest/config";

// The fleet suite measures how close several processes get to a rate ceiling, so it runs alone,
// after everything else (`npm test` runs it as a second step): on two cores, other suites and the
// typecheck running beside it would be what it measures.
const FLEET = "test/fleet/**/*.test.ts";
// The telemetry suites register OpenTelemetry's global providers, which a process takes once.
const TELEMETRY = "test/telemetry/**/*.test.ts";

export default defineConfig({
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // Two workers on two cores: most suites wait on child processes and sockets, not the CPU
    // (one worker: 545 s for the suite project; two: 371 s, measured on the same tree).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    setupFiles: ["./test/support/private-home.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "suite",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, FLEET, TELEMETRY],
          // Test files of a worker share its module cache: importing the frameworks anew for each
          // file took 108 s of the suite's CPU (293 s -> 186 s on two cores). Tests that change the
          // environment restore it (vi.stubEnv / unstubAllEnvs).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "telemetry", include: [TELEMETRY], sequence: { groupOrder: 0 } },
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

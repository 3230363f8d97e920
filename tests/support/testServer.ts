// The real server on a fresh database of the run's embedded PostgreSQL, listening on a free port. The database
// is a copy of a template globalSetup.ts migrated (and seeded) once per run: copying takes a fraction of a
// second, migrating and seeding several.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Store } from '../../server/store/database.ts';
import { buildApp } from '../../server/app.ts';
import { ConsoleSmsAdapter } from '../../server/sms/SmsAdapter.ts';
import { liveFeed } from '../../server/modules/live/liveFeed.ts';
import type { FastifyInstance } from 'fastify';
import type { ServerSettings } from '../../server/context.ts';
import { DEMO_PASSWORD } from './globalSetup.ts';
import { chinaToday, ensureSeededTemplate, seededTemplateName } from './seededTemplate.ts';

export { DEMO_PASSWORD };
/** The test deployment's §9 initial password of accounts made for someone (DEFAULT_USER_PASSWORD; issue 27). */
export const INITIAL_PASSWORD = 'initial-secret-27';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  store: Store;
  sms: ConsoleSmsAdapter;
  close(): Promise<void>;
}

/** What a new test database holds: nothing, the migrated schema, or that and the demo data (DEMO_PASSWORD). */
export type TestDatabaseContent = 'empty' | 'migrated' | 'seeded';

/** The template of `content`: the seeded one is today's demo (China day), seeded once a run crosses midnight. */
async function templateOf(content: 'migrated' | 'seeded', admin: pg.Client, adminUrl: string): Promise<string> {
  const templates = inject('pgTemplates');
  const now = new Date();
  if (content === 'migrated' || seededTemplateName(chinaToday(now)) === templates.seeded) return templates[content];
  return ensureSeededTemplate(admin, (db) => adminUrl.replace(/\/postgres$/, `/${db}`), templates.migrated, now, DEMO_PASSWORD);
}

/** A new database of the run's cluster (a copy of the matching template); its connection string. */
export async function createTestDatabase(content: TestDatabaseContent = 'seeded'): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = content === 'empty' ? '' : ` TEMPLATE ${await templateOf(content, admin, adminUrl)}`;
    await admin.query(`CREATE DATABASE ${name}${template}`);
  } finally {
    await admin.end();
  }
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
  /** addresses of reverse proxies whose X-Forwarded-For names the client (TRUST_PROXY; issue 29) */
  trustProxy?: string[];
  /** other per-address bounds than domain/anonymousLimits.ts, for a file whose many calls from 127.0.0.1 test other rules */
  anonymousLimits?: ServerSettings['anonymousLimits'];
  /** the service plan editions sold (issue 35, SERVICE_EDITIONS); absent: the documented defaults */
  serviceEditions?: ServerSettings['serviceEditions'];
  /** media server origins the console's CSP lets the live wall play from (MEDIA_ORIGINS; issue 33) */
  mediaOrigins?: string[];
  /** ms between rounds of camera health checks (DEVICE_HEALTH_EVERY_MS; issue 33): none when absent */
  deviceHealthEveryMs?: number;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const store = connect(await createTestDatabase(opts.seed === false ? 'migrated' : 'seeded'), true);
  const stopListening = await liveFeed.listen(store.pool);
  const sms = new ConsoleSmsAdapter(() => {});
  const app = await buildApp({
    db: store.db, sms, clock: opts.clock, staticDir: opts.staticDir, logger: !!opts.logStream, logStream: opts.logStream,
    settings: { smsAdapter: 'console', defaultPassword: INITIAL_PASSWORD, smsOutbox: true, outboundAllow: opts.outboundAllow, trustProxy: opts.trustProxy, anonymousLimits: opts.anonymousLimits, serviceEditions: opts.serviceEditions, paymentGateway: 'simulated',
      mediaOrigins: opts.mediaOrigins, deviceHealthEveryMs: opts.deviceHealthEveryMs },
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

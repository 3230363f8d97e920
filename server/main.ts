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
const stopListening = await liveFeed.listen(store.pool);
const app = await buildApp({
  db: store.db,
  sms: smsAdapterFromEnv(settings.smsAdapter, process.env),
  settings: { smsAdapter: settings.smsAdapter, demoPassword: settings.demoPassword, smsOutbox: settings.smsOutbox, outboundAllow: settings.outboundAllow },
  staticDir: settings.staticDir,
  logger: true,
});
await app.listen({ port: settings.port, host: settings.host });
console.log(`console and API on http://localhost:${settings.port}/ (API docs at /docs) — ready in ${Date.now() - started} ms`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await stopListening();
  await store.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

// npm run db:rebuild — drops and replays every projection from the event log.
import { openStore } from './database.ts';
import { migrate } from './migrate.ts';
import { rebuildProjections } from './rebuild.ts';
import '../modules/index.ts';
import { settingsFromEnv } from '../settings.ts';

const env = settingsFromEnv(process.env);
const store = await openStore(env);
try {
  await migrate(store.pool);
  const started = Date.now();
  const n = await rebuildProjections(store.db);
  console.log(`replayed ${n} events into fresh projections in ${Date.now() - started} ms`);
} finally {
  await store.close();
}

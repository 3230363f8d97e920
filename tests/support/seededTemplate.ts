// The seeded template is the demo of one China day: its "this week's Monday" cycles, today's deliveries and orders
// are dated from the moment it was seeded. A run that crosses China's midnight (16:00 UTC) would otherwise hand the
// new day's tests yesterday's demo: the purchase plan looked for a cycle starting this Monday and found last week's,
// the delivery centre found no delivery today (a clean-clone run that began at 15:47 UTC failed six e2e files so).
// So each seeded template is named for its day, and the first test database asked for on a new day seeds that day's
// template once for the whole run (under an advisory lock: the test files run in several worker processes).
import type pg from 'pg';
import { dayOf } from '../../domain/priceCycle.ts';

/** The template database holding the demo seeded on `day` (China time). */
export const seededTemplateName = (day: string) => `tmpl_seeded_${day.replace(/-/g, '')}`;

/** Today's China day: the day the server's and the console's "today" is in. */
export const chinaToday = (now = new Date()) => dayOf(now);

/** Any fixed key: the lock that lets one worker seed a new day's template while the others wait for it. */
const SEEDING_LOCK = 3_211_032;

/**
 * Makes the template of `now`'s China day from the migrated template and seeds it with the demo as of `now`, unless
 * it is there already; its name. `admin` is connected to the cluster's postgres database; `urlOf` names a database of
 * the cluster.
 */
export async function ensureSeededTemplate(
  admin: pg.Client,
  urlOf: (database: string) => string,
  migrated: string,
  now: Date,
  password: string,
): Promise<string> {
  const name = seededTemplateName(chinaToday(now));
  await admin.query('SELECT pg_advisory_lock($1)', [SEEDING_LOCK]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const { connect } = await import('../../server/store/database.ts');
    const { seedDemo } = await import('../../server/seed/seedDemo.ts');
    // the modules register their projections when imported: without them the seed's events would project nothing
    await import('../../server/app.ts');
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${migrated}`);
    const seeded = connect(urlOf(name), true);
    try {
      await seedDemo(seeded.db, { password, now });
    } catch (e) {
      await seeded.close();
      await admin.query(`DROP DATABASE ${name}`);
      throw e;
    }
    await seeded.close();
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [SEEDING_LOCK]);
  }
}

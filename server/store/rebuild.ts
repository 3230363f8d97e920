// Replays every event, in log order, into emptied projection tables, in one transaction.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { PROJECTION_TABLES } from './schema.ts';
import { applyProjections } from './projections.ts';
import type { EventMeta } from './eventStore.ts';

export async function rebuildProjections(db: Kysely<Database>, batch = 2000): Promise<number> {
  return db.transaction().execute(async (tx) => {
    // Writers wait until the replay is done instead of appending into half-built tables.
    await sql`LOCK TABLE events IN EXCLUSIVE MODE`.execute(tx);
    await sql.raw(`TRUNCATE ${PROJECTION_TABLES.join(', ')}`).execute(tx);
    let after = 0;
    let count = 0;
    for (;;) {
      const rows = await tx.selectFrom('events').selectAll().where('position', '>', String(after)).orderBy('position').limit(batch).execute();
      if (rows.length === 0) return count;
      for (const r of rows) {
        await applyProjections(tx, {
          position: Number(r.position), orgId: r.org_id, streamId: r.stream_id, streamVersion: Number(r.stream_version),
          type: r.type, data: r.data as Record<string, unknown>, meta: r.meta as EventMeta,
        });
      }
      count += rows.length;
      after = Number(rows[rows.length - 1].position);
    }
  });
}

// The version of each row's stream, selected beside the row: editors send it back with a change, and the command
// handler refuses it with 409 when the stream has moved on (issue 14).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';
import type { Tx } from './eventStore.ts';

/**
 * `(SELECT stream_position …)` for a row of `table` whose stream is `<prefix>-<idColumn>` in the row's org, e.g.
 * `streamVersionOf('mall_routes', 'mallRoute', 'object_id')`; 0 when read as a number and the stream is missing.
 */
export function streamVersionOf(/** the table or its alias in the query */ table: string, prefix: string, idColumn: string): RawBuilder<string | null> {
  const t = sql.table(table);
  // the inner alias is one no caller's table is named, so `streamVersionOf('s', …)` reads the outer row (issue 31)
  return sql<string | null>`(SELECT vs.stream_position FROM streams vs WHERE vs.org_id = ${t}.org_id AND vs.stream_id = ${prefix + '-'} || ${t}.${sql.ref(idColumn)})`;
}

/** Where a row's stream is: its org and stream id. */
export interface StreamKey {
  orgId: string;
  streamId: string;
}

/**
 * The version of each row's stream, for rows a route builds in code (the list form of streamVersionOf, in one
 * query): an editor sends it back with a change (issue 31). 0 for a stream not yet made.
 */
export async function withStreamVersions<R>(db: Kysely<Database> | Tx, rows: R[], keyOf: (row: R) => StreamKey): Promise<(R & { version: number })[]> {
  const keys = rows.map(keyOf);
  const found = keys.length
    ? await db.selectFrom('streams').select(['org_id', 'stream_id', 'stream_position'])
      .where('org_id', 'in', [...new Set(keys.map((k) => k.orgId))]).where('stream_id', 'in', [...new Set(keys.map((k) => k.streamId))]).execute()
    : [];
  const at = new Map(found.map((r) => [`${r.org_id}\u0000${r.stream_id}`, Number(r.stream_position)]));
  return rows.map((row, i) => ({ ...row, version: at.get(`${keys[i].orgId}\u0000${keys[i].streamId}`) ?? 0 }));
}

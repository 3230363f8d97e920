// The version of each row's stream, selected beside the row: editors send it back with a change, and the command
// handler refuses it with 409 when the stream has moved on (issue 14).
import { sql, type RawBuilder } from 'kysely';

/**
 * `(SELECT stream_position …)` for a row of `table` whose stream is `<prefix>-<idColumn>` in the row's org, e.g.
 * `streamVersionOf('mall_routes', 'mallRoute', 'object_id')`; 0 when read as a number and the stream is missing.
 */
export function streamVersionOf(/** the table or its alias in the query */ table: string, prefix: string, idColumn: string): RawBuilder<string | null> {
  const t = sql.table(table);
  return sql<string | null>`(SELECT s.stream_position FROM streams s WHERE s.org_id = ${t}.org_id AND s.stream_id = ${prefix + '-'} || ${t}.${sql.ref(idColumn)})`;
}

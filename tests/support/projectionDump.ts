import { sql, type Kysely } from 'kysely';
import { PROJECTION_TABLES, type Database } from '../../server/store/schema.ts';

/** Every projection table, each row as JSON, rows in a stable order: compare before and after a rebuild. */
export async function dumpProjections(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of PROJECTION_TABLES) {
    const { rows } = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(table)} t ORDER BY 1`.execute(db);
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

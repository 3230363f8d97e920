// Ready for Citus with org_id as the distribution column (issues 12 and 14): every table either carries org_id in
// its primary key and every unique key, or is a named reference table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { PROJECTION_TABLES, REFERENCE_TABLES } from '../../server/store/schema.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ seed: false }); });
afterAll(async () => { await server?.close(); });

interface Key { table: string; index: string; primary: boolean; columns: string[] }

async function tables(): Promise<string[]> {
  const { rows } = await server.store.pool.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  return rows.map((r) => r.name);
}

async function uniqueKeys(): Promise<Key[]> {
  const { rows } = await server.store.pool.query<{ table: string; index: string; primary: boolean; columns: string[] }>(`
    SELECT t.relname AS table, i.relname AS index, x.indisprimary AS primary,
           array(SELECT a.attname FROM unnest(x.indkey) k JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k)::text[] AS columns
    FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public' AND x.indisunique`);
  return rows;
}

describe('Citus readiness', () => {
  it('every table is distributed by org_id (org_id in its primary key and every unique key) or a named reference table', async () => {
    const reference = new Set<string>(REFERENCE_TABLES);
    const keys = await uniqueKeys();
    const { rows: orgColumns } = await server.store.pool.query<{ table: string }>(
      `SELECT table_name AS table FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'org_id' AND is_nullable = 'NO'`);
    const withOrg = new Set(orgColumns.map((r) => r.table));
    const problems: string[] = [];
    for (const table of await tables()) {
      if (reference.has(table)) continue;
      if (!withOrg.has(table)) problems.push(`${table}: no org_id NOT NULL column`);
      const own = keys.filter((k) => k.table === table);
      if (!own.some((k) => k.primary)) problems.push(`${table}: no primary key`);
      for (const k of own) if (!k.columns.includes('org_id')) problems.push(`${table}: ${k.primary ? 'primary key' : `unique key ${k.index}`} (${k.columns.join(', ')}) lacks org_id`);
    }
    expect(problems).toEqual([]);
  });

  it('names only reference tables that exist, and distributes every projection that is not one', async () => {
    const all = new Set(await tables());
    expect(REFERENCE_TABLES.filter((t) => !all.has(t))).toEqual([]);
    const distributed = PROJECTION_TABLES.filter((t) => !(REFERENCE_TABLES as readonly string[]).includes(t));
    expect(distributed).toContain('notice_reads');
    expect(distributed).toContain('sku_prices');
    expect(distributed).toContain('order_report_days');
  });
});

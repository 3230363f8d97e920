// GET /v2/permission/user/menu on every page load: its query must stay cheap whether or not PostgreSQL has
// planner statistics yet (a freshly seeded database has none until autovacuum's first ANALYZE, a minute later;
// the old IN-subquery then cost ~470 buffers a call and halved the endpoint's throughput), and the menu is
// exactly the union of the user's enabled roles' entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import type { MenuEntry } from '../../domain/types.ts';
import { menuQuery } from '../../server/modules/permissions/menu.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const MENU = '/v2/permission/user/menu?groupName=pcMenu';
const TABLES = ['permissions', 'role_permissions', 'user_roles', 'roles'];
/** a purchaser's menu reads well under 30 buffers either way; the statistics-dependent plan read ~400 */
const MAX_BUFFERS = 60;

async function menuIds(s: Session): Promise<string[]> {
  const res = await call<{ rows: MenuEntry[] }>(server, 'GET', MENU, { token: s.token, key: s.key });
  expect(res.status).toBe(200);
  return res.body.data.rows.map((r) => r.moduleId).sort();
}

/** Back to the state right after seeding: no relation or column statistics (PostgreSQL 18's pg_clear_*_stats). */
async function clearStatistics() {
  for (const table of TABLES) {
    await sql`SELECT pg_clear_relation_stats('public', ${table}),
      (SELECT count(pg_clear_attribute_stats('public', ${table}, attname, false)) FROM pg_attribute
       WHERE attrelid = ${`public.${table}`}::regclass AND attnum > 0 AND NOT attisdropped)`.execute(server.store.db);
  }
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = 'public' AND tablename IN (${sql.join(TABLES)})`.execute(server.store.db);
  expect(rows[0].n).toBe(0);
}

/** Buffers read by one execution (EXPLAIN ANALYZE, BUFFERS) and the rows it returned. */
async function costOf(q: ReturnType<typeof menuQuery>): Promise<{ buffers: number; rows: number }> {
  const [row] = await q.explain('json', sql`analyze, buffers`);
  const plan = (row['QUERY PLAN'] as { Plan: Record<string, number> }[])[0].Plan;
  return { buffers: plan['Shared Hit Blocks'] + plan['Shared Read Blocks'], rows: plan['Actual Rows'] };
}

describe('the menu query', () => {
  it("reads a handful of buffers for a purchaser's menu, with and without planner statistics", async () => {
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const { orgId, appId } = purchaser.orgApp!;
    const roleIds = (await server.store.db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.role_id', 'ur.role_id')
      .select('r.role_id').where('ur.user_id', '=', purchaser.userId).where('ur.org_id', '=', orgId).where('r.enable', '=', true)
      .execute()).map((r) => r.role_id);
    expect(roleIds).toHaveLength(1);
    const query = () => menuQuery(server.store.db, { orgId, appId, groupName: 'pcMenu', roleIds });
    const served = await menuIds(purchaser);
    expect((await query().execute()).map((r) => r.module_id).sort()).toEqual(served);

    await clearStatistics();
    const fresh = await costOf(query());
    expect(fresh.rows).toBe(served.length);
    expect(fresh.buffers).toBeLessThanOrEqual(MAX_BUFFERS);

    await sql`ANALYZE`.execute(server.store.db);
    const analyzed = await costOf(query());
    expect(analyzed.rows).toBe(served.length);
    expect(analyzed.buffers).toBeLessThanOrEqual(MAX_BUFFERS);
  });

  it("is the union of the user's enabled roles: a second role adds its entries, a disabled role takes its own away", async () => {
    const provider = await signIn(server, DEMO.provider, SCHOOL_A);
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const as = <T>(method: string, path: string, body?: unknown) => call<T>(server, method, path, { token: provider.token, key: provider.key, body });
    const roleOf = async (code: string) => {
      const res = await as<{ rows: { roleId: string; name: string }[] }>('GET', `/v2/roles/role?code=${code}`);
      expect(res.body.data.rows).toHaveLength(1);
      return res.body.data.rows[0];
    };
    const purchaserRole = await roleOf('1');
    const dietitianRole = await roleOf('5');

    const before = await menuIds(purchaser);
    expect(before).toContain('productPrice');
    expect(before).not.toContain('nutrientCalculator');

    expect((await as('POST', `/v2/roles/${purchaser.userId}`, { roleName: dietitianRole.name })).status).toBe(200);
    const both = await menuIds(purchaser);
    expect(both).toEqual(expect.arrayContaining([...before, 'nutrientCalculator', 'menuManage']));

    expect((await as('PUT', `/v2/roles/role/${purchaserRole.roleId}`, { enable: false })).status).toBe(200);
    const dietitianOnly = await menuIds(purchaser);
    expect(dietitianOnly).toEqual(expect.arrayContaining(['home', 'nutrientCalculator', 'menuManage']));
    expect(dietitianOnly).not.toContain('productPrice');

    // no enabled role left: an empty menu, not an error
    expect((await as('PUT', `/v2/roles/role/${dietitianRole.roleId}`, { enable: false })).status).toBe(200);
    expect(await menuIds(purchaser)).toEqual([]);

    expect((await as('PUT', `/v2/roles/role/${purchaserRole.roleId}`, { enable: true })).status).toBe(200);
    expect((await as('PUT', `/v2/roles/role/${dietitianRole.roleId}`, { enable: true })).status).toBe(200);
    expect(await menuIds(purchaser)).toEqual(both);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO_PASSWORD, type TestServer } from '../support/testServer.ts';
import { seedDemo } from '../../server/seed/seedDemo.ts';
import { isAppId } from '../../domain/appId.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

describe('demo seed', () => {
  it('gives every demo user at least one org-app', async () => {
    const users = await server.store.db.selectFrom('users').select(['user_id', 'username']).execute();
    expect(users.length).toBe(9);
    for (const u of users) {
      const m = await server.store.db.selectFrom('org_app_users').select('org_id').where('user_id', '=', u.user_id).execute();
      expect(m.length, u.username).toBeGreaterThan(0);
    }
  });

  it('names the app cp + year + 3-digit sequence', async () => {
    const apps = await server.store.db.selectFrom('apps').select('app_id').execute();
    expect(apps.map((a) => a.app_id)).toEqual([`cp${new Date().getFullYear()}001`]);
    expect(apps.every((a) => isAppId(a.app_id))).toBe(true);
  });

  it('refuses to run twice', async () => {
    const before = await server.store.db.selectFrom('events').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(await seedDemo(server.store.db, { password: DEMO_PASSWORD, now: new Date() })).toEqual({});
    const after = await server.store.db.selectFrom('events').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

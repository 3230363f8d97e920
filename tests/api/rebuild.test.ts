import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { dumpProjections } from '../support/projectionDump.ts';
import { rebuildProjections } from '../../server/store/rebuild.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A } from './usersApi.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const dump = () => dumpProjections(server.store.db);

describe('rebuild', () => {
  it('replays the events into exactly the tables the inline projections wrote', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const opts = { token: admin.token, key: admin.key };
    const created = await call<{ userId: string }>(server, 'POST', '/v2/users', { ...opts, body: { username: '13912345670', name: '重放', roleNames: ['purchaser'] } });
    await call(server, 'POST', '/v2/users/bulk', { ...opts, body: { users: [{ username: '13912345671', name: '甲' }, { username: '13912345672', name: '乙' }] } });
    await call(server, 'PUT', '/v2/users/13912345671', { ...opts, body: { name: '甲改', enable: false, expiration: '2030-01-01' } });
    await call(server, 'DELETE', '/v2/users/13912345672', opts);
    await call(server, 'DELETE', `/v2/users/${created.body.data.userId}`, opts);
    await call(server, 'PUT', '/v1/config/org', { ...opts, body: { path: 'nutritiousmeals.semester.year', value: 2030 } });
    await call(server, 'PUT', '/v1/config/theme', { ...opts, body: { ysdadminTheme: { brandColor: '#107C41', mode: 'dark' } } });
    await call(server, 'PUT', '/v2/users/orgapp/user', { ...opts, body: { extraInfo: { duties: '校长' } } });
    const before = await dump();
    expect(before.users.length).toBeGreaterThan(9);
    const events = await eventCount(server);
    expect(await rebuildProjections(server.store.db)).toBe(events);
    expect(await dump()).toEqual(before);
  });
});

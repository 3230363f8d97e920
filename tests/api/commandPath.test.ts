// The one command path (issue 14): an update carries the version its editor read; a stale one is refused with
// 409 naming who changed it, and concurrent commands without a version are never decided on the same state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

let server: TestServer;
let admin: Session;
let platform: Session;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  platform = await signIn(server, DEMO.provider, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

interface Notice { id: string; title: string; version: number }

const req = <T = Record<string, unknown>>(s: Session, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call<T>(server, method, path, { token: s.token, key: s.key, body, headers });

async function eventsOf(streamId: string): Promise<string[]> {
  const { rows } = await server.store.pool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version', [streamId]);
  return rows.map((r) => r.type);
}

describe('stale versions', () => {
  it('two editors read version n and both save: the first wins, the second gets 409 naming who changed it', async () => {
    const created = (await req<Notice>(admin, 'POST', '/v1/notices', { title: '原标题' })).body.data;
    expect(created.version).toBe(1);
    const read = (await req<Notice>(platform, 'GET', `/v1/notices/${created.id}`)).body.data;
    expect(read.version).toBe(1);

    const first = await req<Notice>(admin, 'PUT', `/v1/notices/${created.id}`, { title: '管理员的标题', version: read.version });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(2);
    const second = await req<Notice>(platform, 'PUT', `/v1/notices/${created.id}`, { title: '平台的标题', version: read.version });
    expect(second.status).toBe(409);
    expect(second.body.status_text).toContain(DEMO.schoolAdmin);
    expect(second.body.status_text).toContain('请刷新后重试');

    const now = (await req<Notice>(admin, 'GET', `/v1/notices/${created.id}`)).body.data;
    expect(now).toMatchObject({ title: '管理员的标题', version: 2 });
    expect(await eventsOf(`notice-${created.id}`)).toEqual(['NoticeCreated', 'NoticeUpdated']);
  });

  it('If-Match carries the version for a delete, as a bare number or an ETag', async () => {
    const created = (await req<Notice>(admin, 'POST', '/v1/notices', { title: '待删除' })).body.data;
    await req(admin, 'PUT', `/v1/notices/${created.id}`, { title: '改过一次' });
    const stale = await req(admin, 'DELETE', `/v1/notices/${created.id}`, undefined, { 'if-match': '"1"' });
    expect(stale.status).toBe(409);
    expect((await req(admin, 'DELETE', `/v1/notices/${created.id}`, undefined, { 'if-match': 'W/"2"' })).status).toBe(200);
    expect((await req(admin, 'GET', `/v1/notices/${created.id}`)).status).toBe(404);
  });

  it('a version the aggregate never reached is refused too', async () => {
    const created = (await req<Notice>(admin, 'POST', '/v1/notices', { title: '版本' })).body.data;
    expect((await req(admin, 'PUT', `/v1/notices/${created.id}`, { title: 'x', version: 7 })).status).toBe(409);
  });
});

describe('every module reads versions the same way', () => {
  it('a category edit with the version read wins once; the same version again is stale', async () => {
    const made = await req<{ rows: { id: string; version: number }[] }>(admin, 'POST', '/v2/category', { groupName: 'mallProduct', list: [{ name: '干货' }] });
    const [cat] = made.body.data.rows;
    expect(cat.version).toBe(1);
    const first = await req<{ version: number; name: string }>(admin, 'PUT', `/v2/category/${cat.id}`, { name: '干货类', version: cat.version });
    expect(first.body.data).toMatchObject({ name: '干货类', version: 2 });
    const again = await req(admin, 'PUT', `/v2/category/${cat.id}`, { name: '杂粮', version: cat.version });
    expect(again.status).toBe(409);
    expect((await req(admin, 'DELETE', `/v2/category/${cat.id}`, undefined, { 'if-match': '1' })).status).toBe(409);
    expect(await eventsOf(`category-${cat.id}`)).toEqual(['CategoryCreated', 'CategoryUpdated']);
  });
});

describe('a user account reads versions the same way', () => {
  it('an edit with If-Match at the version read wins once; the same version again is stale and changes nothing', async () => {
    type Detail = { userId: string; name: string; version: number };
    const created = (await req<Detail>(admin, 'POST', '/v2/users', { username: '13955550002', name: '版本用户' })).body.data;
    const first = await req<Detail>(admin, 'PUT', `/v2/users/${created.userId}`, { name: '第一次' }, { 'if-match': `"${created.version}"` });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ name: '第一次', version: created.version + 1 });
    const stale = await req(platform, 'PUT', `/v2/users/${created.userId}`, { name: '第二次' }, { 'if-match': `W/"${created.version}"` });
    expect(stale.status).toBe(409);
    expect(stale.body.status_text).toContain(DEMO.schoolAdmin);
    expect((await req<Detail>(admin, 'GET', `/v2/users/${created.userId}`)).body.data.name).toBe('第一次');
    // the same values again record nothing, so the version the editor holds stays good
    const same = await req<Detail>(admin, 'PUT', `/v2/users/${created.userId}`, { name: '第一次', version: created.version + 1 });
    expect(same.body.data.version).toBe(created.version + 1);
  });
});

describe('concurrent commands without a version', () => {
  it('ten parallel deletes of one notice: one is decided, nine find it gone, one event is written', async () => {
    const created = (await req<Notice>(admin, 'POST', '/v1/notices', { title: '并发删除' })).body.data;
    const results = await Promise.all(Array.from({ length: 10 }, () => req(admin, 'DELETE', `/v1/notices/${created.id}`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(9);
    expect(await eventsOf(`notice-${created.id}`)).toEqual(['NoticeCreated', 'NoticeRemoved']);
  });

  it('parallel edits of different fields are each decided on the state the last one left: both survive', async () => {
    const created = (await req<Notice>(admin, 'POST', '/v1/notices', { title: '并发编辑', content: 'a' })).body.data;
    const [t, c] = await Promise.all([
      req(admin, 'PUT', `/v1/notices/${created.id}`, { title: '新标题' }),
      req(platform, 'PUT', `/v1/notices/${created.id}`, { content: 'b' }),
    ]);
    expect([t.status, c.status]).toEqual([200, 200]);
    const now = (await req<Notice & { content: string }>(admin, 'GET', `/v1/notices/${created.id}`)).body.data;
    expect(now).toMatchObject({ title: '新标题', content: 'b', version: 3 });
  });

  it('parallel edits of one user without a version: each decided on what the other left, both survive', async () => {
    type Detail = { userId: string; name: string; email: string; version: number };
    const created = (await req<Detail>(admin, 'POST', '/v2/users', { username: '13955550001', name: '并发用户' })).body.data;
    const [n, e] = await Promise.all([
      req(admin, 'PUT', `/v2/users/${created.userId}`, { name: '改名' }),
      req(admin, 'PUT', `/v2/users/${created.userId}`, { email: 'x@y.cn' }),
    ]);
    expect([n.status, e.status]).toEqual([200, 200]);
    const now = (await req<Detail>(admin, 'GET', `/v2/users/${created.userId}`)).body.data;
    expect(now).toMatchObject({ name: '改名', email: 'x@y.cn', version: created.version + 2 });
    expect(await eventsOf(`user-${created.userId}`)).toEqual(['UserCreated', 'UserUpdated', 'UserUpdated']);
  });

  it("six new users racing for an org's last seat: one gets it, the others are refused (the count spans streams, so joins wait in turn)", async () => {
    const trial = await signIn(server, DEMO.provider, '体验学校');
    const limit = (await req<{ userLimit: number; userCount: number }>(trial, 'GET', '/v2/users/org/userlimit')).body.data;
    const fill = Array.from({ length: limit.userLimit - limit.userCount - 1 }, (_, i) => ({ username: `1395556${String(i).padStart(4, '0')}`, name: `占位${i}` }));
    expect((await req(trial, 'POST', '/v2/users/bulk', { users: fill })).status).toBe(200);
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => req(trial, 'POST', '/v2/users', { username: `1395555999${i}`, name: '抢位' })));
    expect(racers.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    expect((await req<{ remaining: number }>(trial, 'GET', '/v2/users/org/userlimit')).body.data.remaining).toBe(0);
  });

  it('parallel reads of one notice by one user record it read once', async () => {
    const created = (await req<Notice>(admin, 'POST', '/v1/notices', { title: '并发已读' })).body.data;
    const results = await Promise.all(Array.from({ length: 6 }, () => req(platform, 'PUT', `/v1/notices/${created.id}/read`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await eventsOf(`notice-${created.id}`)).toEqual(['NoticeCreated', 'NoticeRead']);
  });
});

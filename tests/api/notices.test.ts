// Notices (§2 通知列表): org-scoped CRUD, per-user read state, tenancy and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';

let server: TestServer;
let admin: Session;
let purchaser: Session;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

interface Notice { id: string; title: string; content: string; publishedAt: string; read: boolean; scheduled: boolean }
interface NoticeList { rows: Notice[]; count: number; unread: number }

const req = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, s: Session = admin) =>
  call<T>(server, method, path, { token: s.token, key: s.key, body });

describe('notices', () => {
  let first: Notice;

  it('an admin publishes; members list it unread, newest first, and read it once', async () => {
    const created = await req<Notice>('POST', '/v1/notices', { title: '  食堂开放时间调整 ', content: '<p>自<b>下周一</b>起午餐 11:30 开始</p>' });
    expect(created.status).toBe(200);
    first = created.body.data;
    expect(first).toMatchObject({ title: '食堂开放时间调整', read: false, scheduled: false });
    await req('POST', '/v1/notices', { title: '第二条通知', content: 'text' });

    const list = await req<NoticeList>('GET', '/v1/notices', undefined, purchaser);
    expect(list.body.data.count).toBe(2);
    expect(list.body.data.unread).toBe(2);
    expect(list.body.data.rows.map((n) => n.title)).toEqual(['第二条通知', '食堂开放时间调整']);

    const read = await req<Notice>('PUT', `/v1/notices/${first.id}/read`, undefined, purchaser);
    expect(read.body.data.read).toBe(true);
    const before = await eventCount(server);
    expect((await req('PUT', `/v1/notices/${first.id}/read`, undefined, purchaser)).status).toBe(200);
    expect(await eventCount(server)).toBe(before);
    const after = await req<NoticeList>('GET', '/v1/notices', undefined, purchaser);
    expect(after.body.data.unread).toBe(1);
    expect((await req<NoticeList>('GET', '/v1/notices?read=false', undefined, purchaser)).body.data.rows.map((n) => n.title)).toEqual(['第二条通知']);
    // read state is per user
    expect((await req<NoticeList>('GET', '/v1/notices')).body.data.unread).toBe(2);
  });

  it('edits only the fields sent and deletes', async () => {
    const put = await req<Notice>('PUT', `/v1/notices/${first.id}`, { content: '<p>已更新</p>' });
    expect(put.body.data).toMatchObject({ title: '食堂开放时间调整', content: '<p>已更新</p>' });
    const tmp = (await req<Notice>('POST', '/v1/notices', { title: '临时' })).body.data;
    expect((await req('DELETE', `/v1/notices/${tmp.id}`)).status).toBe(200);
    expect((await req('GET', `/v1/notices/${tmp.id}`)).status).toBe(404);
  });

  it('hides a scheduled notice from readers until its time, editors see it flagged', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const n = (await req<Notice>('POST', '/v1/notices', { title: '明天发布', publishedAt: later })).body.data;
    expect(n.scheduled).toBe(true);
    expect((await req<NoticeList>('GET', '/v1/notices', undefined, purchaser)).body.data.rows.some((r) => r.id === n.id)).toBe(false);
    expect((await req('GET', `/v1/notices/${n.id}`, undefined, purchaser)).status).toBe(404);
    expect((await req('PUT', `/v1/notices/${n.id}/read`, undefined, purchaser)).status).toBe(404);
    expect((await req<NoticeList>('GET', '/v1/notices')).body.data.rows.some((r) => r.id === n.id)).toBe(true);
    await req('DELETE', `/v1/notices/${n.id}`);
  });

  it('another org sees nothing of it and cannot touch it; writing needs the power', async () => {
    const otherMember = await signIn(server, DEMO.dietitian, SCHOOL_B);
    const otherProvider = await signIn(server, DEMO.provider, SCHOOL_B);
    const supplier = await signIn(server, DEMO.supplier);
    const before = await eventCount(server);
    const list = await req<NoticeList>('GET', '/v1/notices', undefined, otherMember);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({ rows: [], count: 0, unread: 0 });
    for (const s of [otherMember, otherProvider]) {
      expect((await req('GET', `/v1/notices/${first.id}`, undefined, s)).status).toBe(404);
      expect((await req('PUT', `/v1/notices/${first.id}/read`, undefined, s)).status).toBe(404);
    }
    const put = await req('PUT', `/v1/notices/${first.id}`, { title: '改' }, otherProvider);
    expect(put.status).toBe(404);
    expect(JSON.stringify(put.body)).not.toContain('食堂');
    expect((await req('DELETE', `/v1/notices/${first.id}`, undefined, otherProvider)).status).toBe(404);
    // the other org's key used by someone who is not its member
    expect((await call(server, 'GET', '/v1/notices', { token: supplier.token, key: admin.key })).status).toBe(403);
    // a member without the config power
    expect((await req('POST', '/v1/notices', { title: 'x' }, purchaser)).status).toBe(403);
    expect((await req('PUT', `/v1/notices/${first.id}`, { title: 'x' }, purchaser)).status).toBe(403);
    expect((await req('DELETE', `/v1/notices/${first.id}`, undefined, purchaser)).status).toBe(403);
    expect(await eventCount(server)).toBe(before);
    expect((await req<Notice>('GET', `/v1/notices/${first.id}`)).body.data.title).toBe('食堂开放时间调整');
  });

  it.each([
    ['POST', 'missing title', () => '/v1/notices', { content: 'x' }],
    ['POST', 'blank title', () => '/v1/notices', { title: '   ' }],
    ['POST', 'long title', () => '/v1/notices', { title: 'x'.repeat(101) }],
    ['POST', 'bad time', () => '/v1/notices', { title: 'x', publishedAt: 'tomorrow' }],
    ['POST', 'unknown field', () => '/v1/notices', { title: 'x', pinned: true }],
    ['PUT', 'empty change', () => '/v1/notices/any', {}],
    ['PUT', 'wrong type', () => '/v1/notices/any', { title: { a: 1 } }],
  ])('%s %s → 400, nothing written', async (method, _, path, body) => {
    const before = await eventCount(server);
    const res = await req(method, path(), body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status_code: 400, data: null });
    expect(res.body.status_text.length).toBeGreaterThan(0);
    expect(await eventCount(server)).toBe(before);
  });
});

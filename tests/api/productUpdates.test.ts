// Release notes (§2 产品更新, issue 35): the platform alone publishes; each org reads those addressed to its kind and
// marks them read (the "new" badge counts the unread). Attacks first: other orgs' admins, forged audiences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';

let server: TestServer;
let platform: Session;
let schoolAdmin: Session;
let purchaser: Session;
let supplier: Session;
let otherSchool: Session;
beforeAll(async () => {
  server = await startTestServer();
  [platform, schoolAdmin, purchaser, supplier, otherSchool] = await Promise.all([
    signIn(server, DEMO.provider, SCHOOL_A), signIn(server, DEMO.schoolAdmin, SCHOOL_A), signIn(server, DEMO.purchaser, SCHOOL_A),
    signIn(server, DEMO.supplier), signIn(server, DEMO.dietitian, SCHOOL_B),
  ]);
});
afterAll(async () => { await server?.close(); });

interface Note { id: string; title: string; version: string; content: string; audience: string[]; read: boolean }
interface Notes { rows: Note[]; count: number; unread: number }
const req = <T = Note>(s: Session, method: string, path: string, body?: unknown) => call<T>(server, method, path, { token: s.token, key: s.key, body });

describe('release notes', () => {
  it('nobody but the platform publishes, changes or withdraws, whatever he sends', async () => {
    const before = await eventCount(server);
    const note = { title: '3.11.2 发布', version: '3.11.2', content: '<p>新功能</p>', audience: ['school'] };
    for (const s of [schoolAdmin, purchaser, supplier, otherSchool]) {
      const res = await req(s, 'POST', '/v1/productupdates', note);
      expect(res.status).toBe(403);
      expect(res.body.status_text).toBe('发布产品更新只能由平台操作');
      // the guard runs before the body is read: bad input from an outsider is refused the same way
      expect((await req(s, 'POST', '/v1/productupdates', { nonsense: true })).status).toBe(403);
    }
    expect(await eventCount(server)).toBe(before);
    const made = (await req(platform, 'POST', '/v1/productupdates', note)).body.data;
    expect((await req(schoolAdmin, 'PUT', `/v1/productupdates/${made.id}`, { title: '改' })).status).toBe(403);
    expect((await req(schoolAdmin, 'DELETE', `/v1/productupdates/${made.id}`)).status).toBe(403);
    expect((await req(platform, 'DELETE', `/v1/productupdates/${made.id}`)).status).toBe(200);
  });

  it('refuses bad input from the platform', async () => {
    const before = await eventCount(server);
    for (const body of [
      { title: '', audience: ['school'] }, { title: '   ', audience: ['school'] }, { title: 'x', audience: [] }, { title: 'x', audience: ['hacker'] },
      { title: 'x', audience: ['school'], version: 'v'.repeat(31) }, { title: 'x', audience: ['school'], orgId: 'org-ygsy' }, { title: 'x' },
    ]) {
      const res = await req(platform, 'POST', '/v1/productupdates', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await eventCount(server)).toBe(before);
  });

  it('reaches only the kinds it is for; each reader reads it once, and the unread count falls', async () => {
    const forSchools = (await req(platform, 'POST', '/v1/productupdates', { title: '食谱新功能', version: '3.11.2', content: '<p>a</p><script>alert(1)</script>', audience: ['school'] })).body.data;
    const forSuppliers = (await req(platform, 'POST', '/v1/productupdates', { title: '供应商新功能', audience: ['supplier', 'delivery'] })).body.data;
    const later = (await req(platform, 'POST', '/v1/productupdates', { title: '下周发布', audience: ['school'], publishedAt: new Date(Date.now() + 86_400_000).toISOString() })).body.data;

    const school = (await req<Notes>(purchaser, 'GET', '/v1/productupdates')).body.data;
    expect(school.rows.map((r) => r.title)).toEqual(['食谱新功能']);
    expect(school.unread).toBe(1);
    // stored as written: the console sanitises it whenever it renders it
    expect(school.rows[0]!.content).toContain('<script>');
    expect((await req<Notes>(supplier, 'GET', '/v1/productupdates')).body.data.rows.map((r) => r.title)).toEqual(['供应商新功能']);
    // the platform sees every note, the scheduled one too
    expect((await req<Notes>(platform, 'GET', '/v1/productupdates')).body.data.rows.map((r) => r.id)).toEqual(expect.arrayContaining([forSchools.id, forSuppliers.id, later.id]));

    // not addressed to him, or not yet published: not found, nothing recorded
    const before = await eventCount(server);
    expect((await req(purchaser, 'PUT', `/v1/productupdates/${forSuppliers.id}/read`)).status).toBe(404);
    expect((await req(purchaser, 'PUT', `/v1/productupdates/${later.id}/read`)).status).toBe(404);
    expect(await eventCount(server)).toBe(before);

    expect((await req(purchaser, 'PUT', `/v1/productupdates/${forSchools.id}/read`)).body.data.read).toBe(true);
    const once = await eventCount(server);
    expect((await req(purchaser, 'PUT', `/v1/productupdates/${forSchools.id}/read`)).status).toBe(200);
    expect(await eventCount(server)).toBe(once);
    expect((await req<Notes>(purchaser, 'GET', '/v1/productupdates')).body.data.unread).toBe(0);
    // read state is the reader's own: the admin of the same school and another school still see it new
    expect((await req<Notes>(schoolAdmin, 'GET', '/v1/productupdates')).body.data.unread).toBe(1);
    expect((await req<Notes>(otherSchool, 'GET', '/v1/productupdates?read=false')).body.data.rows.map((r) => r.id)).toContain(forSchools.id);
    // the platform's change reaches the readers
    await req(platform, 'PUT', `/v1/productupdates/${forSchools.id}`, { audience: ['supplier'] });
    expect((await req<Notes>(purchaser, 'GET', '/v1/productupdates')).body.data.count).toBe(0);
  });
});

describe('support contacts (关于我们)', () => {
  it('every member reads them; only a config editor sets them, and only as a list of contacts', async () => {
    const contacts = [{ name: '平台客服', phone: '400-000-0000', email: 'help@example.com', hours: '工作日 9:00-18:00' }];
    expect((await req(purchaser, 'PUT', '/v1/config/org', { path: 'supportContacts', value: contacts })).status).toBe(403);
    for (const value of ['x', [{ name: '', phone: '1' }], [{ name: 'a' }], [{ name: 'a', phone: '1', script: '<x>' }], Array(11).fill({ name: 'a', phone: '1' })]) {
      const res = await req(schoolAdmin, 'PUT', '/v1/config/org', { path: 'supportContacts', value });
      expect(res.status, JSON.stringify(value)).toBe(400);
    }
    expect((await req(schoolAdmin, 'PUT', '/v1/config/org', { path: 'supportContacts', value: contacts })).status).toBe(200);
    const read = await req<Record<string, unknown>>(purchaser, 'GET', '/v1/config/org?path=supportContacts');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ supportContacts: contacts });
    // another school's members read their own org's (none set), never this one's
    expect((await req<Record<string, unknown>>(otherSchool, 'GET', '/v1/config/org?path=supportContacts')).body.data).toEqual({ supportContacts: null });
  });
});

// Short links (§2 短网址管理, issue 35): an org's own links, made only to this deployment's pages, followed by anyone
// at /s/{code}, counted by day, expired. Attacks first: open redirects at creation and at redirect, another org's links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { visitDay } from '../../domain/shortLink.ts';

let server: TestServer;
let admin: Session;
let dietitian: Session;
let otherAdmin: Session;
let otherDietitian: Session;
beforeAll(async () => {
  server = await startTestServer();
  [admin, dietitian, otherAdmin, otherDietitian] = await Promise.all([
    signIn(server, DEMO.schoolAdmin, SCHOOL_A), signIn(server, DEMO.dietitian, SCHOOL_A),
    signIn(server, DEMO.provider, SCHOOL_B), signIn(server, DEMO.dietitian, SCHOOL_B),
  ]);
});
afterAll(async () => { await server?.close(); });

interface Link { code: string; target: string; title: string; expiresAt: string | null; live: boolean; visits: number }

const req = <T = Link>(method: string, path: string, body?: unknown, s: Session = admin) => call<T>(server, method, path, { token: s.token, key: s.key, body });
const visit = (code: string, headers: Record<string, string> = {}) => fetch(`${server.url}/s/${code}`, { redirect: 'manual', headers });

const OPEN_REDIRECTS = [
  'https://evil.example/#/trace/x/y', 'http://evil.example', '//evil.example/', '///evil.example', '\\\\evil.example', '/\\evil.example',
  'javascript:alert(1)', ' javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>',
  '/%2F%2Fevil.example', '%2F%2Fevil.example', '/%5Cevil.example', '/%252F%252Fevil.example', '/%09/evil.example', '/\t/evil.example',
  '/v1/notices', '/s/abcdefg', '/index.html/../../etc/passwd', 'evil.example', '',
];

describe('short links', () => {
  it('refuses every target that is not a page of this deployment, writing nothing', async () => {
    const before = await eventCount(server);
    for (const target of OPEN_REDIRECTS) {
      const res = await req('POST', '/v1/shortlinks', { target });
      expect(res.status, target).toBe(400);
      expect(res.body.status_text, target).toMatch(/参数错误/);
    }
    const batch = await req('POST', '/v1/shortlinks/ensure', { targets: [{ target: '/#/trace/org-a/d1' }, { target: '//evil.example' }] });
    expect(batch.status).toBe(400);
    expect(await eventCount(server)).toBe(before);
    // an expiry in the past, a title too long
    expect((await req('POST', '/v1/shortlinks', { target: '/#/trace/a/b', expiresAt: '2000-01-01T00:00:00Z' })).status).toBe(400);
    expect((await req('POST', '/v1/shortlinks', { target: '/#/trace/a/b', title: '长'.repeat(61) })).status).toBe(400);
  });

  it('makes a link, redirects to the page (relative, on this host), counts the visit by day, and expires it', async () => {
    const made = await req('POST', '/v1/shortlinks', { target: '/#/trace/org-1/dish-1', title: ' 午餐标签 ' });
    expect(made.status).toBe(200);
    const link = made.body.data;
    expect(link).toMatchObject({ target: '/#/trace/org-1/dish-1', title: '午餐标签', live: true, visits: 0, expiresAt: null });
    expect(link.code).toMatch(/^[A-Za-z0-9]{7}$/);

    const first = await visit(link.code);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/#/trace/org-1/dish-1');
    await visit(link.code);
    const today = visitDay(new Date());
    const stats = await req<{ days: { day: string; visits: number }[]; total: number }>('GET', `/v1/shortlinks/${link.code}/visits?from=${today}&to=${today}`);
    expect(stats.body.data).toMatchObject({ total: 2, days: [{ day: today, visits: 2 }] });
    const listed = await req<{ rows: Link[] }>('GET', '/v1/shortlinks');
    expect(listed.body.data.rows.find((r) => r.code === link.code)?.visits).toBe(2);
    expect((await req('GET', `/v1/shortlinks/${link.code}/visits?from=2020-01-01&to=2021-01-01`)).status).toBe(400);

    const expired = await req('PUT', `/v1/shortlinks/${link.code}/expiry`, { expiresAt: new Date().toISOString() });
    expect(expired.body.data.live).toBe(false);
    const gone = await visit(link.code, { 'accept-language': 'en-US' });
    expect(gone.status).toBe(410);
    expect(gone.headers.get('location')).toBeNull();
    expect(await gone.text()).toContain('expired');
    expect((await req('PUT', `/v1/shortlinks/${link.code}/expiry`, { expiresAt: null })).body.data.live).toBe(true);
    expect((await visit(link.code)).status).toBe(302);
  });

  it('follows no row that points elsewhere, however it got there, and finds no code it did not make', async () => {
    const made = (await req('POST', '/v1/shortlinks', { target: '/#/home' })).body.data;
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      await server.store.db.updateTable('short_links').set({ target: evil }).where('code', '=', made.code).execute();
      const res = await visit(made.code);
      expect(res.status, evil).toBe(404);
      expect(res.headers.get('location')).toBeNull();
    }
    for (const code of ['nope123', '..%2F..', 'a'.repeat(40), '%3Cscript%3E']) expect((await visit(code)).status).toBe(404);
  });

  it("labels reuse the org's live link of a page; the label screen may ask, not list", async () => {
    const targets = [{ target: '/#/trace/org-1/d9', title: '标签' }, { target: '/#/trace/org-1/d9' }, { target: '/#/trace/org-1/d10' }];
    const a = await req<{ rows: Link[] }>('POST', '/v1/shortlinks/ensure', { targets }, dietitian);
    expect(a.status).toBe(200);
    expect(a.body.data.rows[0]!.code).toBe(a.body.data.rows[1]!.code);
    expect(a.body.data.rows[2]!.code).not.toBe(a.body.data.rows[0]!.code);
    const before = await eventCount(server);
    const b = await req<{ rows: Link[] }>('POST', '/v1/shortlinks/ensure', { targets }, dietitian);
    expect(b.body.data.rows.map((r) => r.code)).toEqual(a.body.data.rows.map((r) => r.code));
    expect(await eventCount(server)).toBe(before);
    expect((await req('GET', '/v1/shortlinks', undefined, dietitian)).status).toBe(403);
    expect((await req('POST', '/v1/shortlinks', { target: '/#/home' }, dietitian)).status).toBe(403);
  });

  it("another org's members neither see, expire nor count an org's links; without a key nothing answers", async () => {
    const mine = (await req('POST', '/v1/shortlinks', { target: '/#/trace/org-1/secret', title: '本校' })).body.data;
    const theirs = await req<{ rows: Link[] }>('GET', '/v1/shortlinks', undefined, otherAdmin);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.rows.map((r) => r.code)).not.toContain(mine.code);
    const before = await eventCount(server);
    expect((await req('PUT', `/v1/shortlinks/${mine.code}/expiry`, { expiresAt: new Date().toISOString() }, otherAdmin)).status).toBe(404);
    expect((await req('GET', `/v1/shortlinks/${mine.code}/visits?from=2026-01-01&to=2026-01-02`, undefined, otherAdmin)).status).toBe(404);
    expect(await eventCount(server)).toBe(before);
    // the other org's label screen asking for the same page gets a link of its own org, never this one
    const same = await req<{ rows: Link[] }>('POST', '/v1/shortlinks/ensure', { targets: [{ target: mine.target }] }, otherDietitian);
    expect(same.status).toBe(200);
    expect(same.body.data.rows[0]!.code).not.toBe(mine.code);
    // admin's token with the other org's key: not a member there
    expect((await call(server, 'GET', '/v1/shortlinks', { token: admin.token, key: otherAdmin.key })).status).toBe(403);
    expect((await call(server, 'GET', '/v1/shortlinks', { token: admin.token })).status).toBe(403);
    expect((await call(server, 'GET', '/v1/shortlinks')).status).toBe(401);
    expect((await visit(mine.code)).status).toBe(302);
  });
});

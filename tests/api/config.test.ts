import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { yearOf } from '../../domain/priceCycle.ts';

let server: TestServer;
let admin: Session;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const get = <T = Record<string, unknown>>(path: string, s: Session = admin) => call<T>(server, 'GET', path, { token: s.token, key: s.key });
const put = <T = Record<string, unknown>>(path: string, body: unknown, s: Session = admin) => call<T>(server, 'PUT', path, { token: s.token, key: s.key, body });

describe('org config', () => {
  it('reads the requested paths as {path: value}, dotted paths inside objects, null when unset', async () => {
    const res = await get('/v1/config/org?path=systemNotify,titleName,nutritiousmeals.semester.first,noSuchPath');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      systemNotify: { enable: true, content: expect.stringContaining('系统维护') },
      titleName: '营养餐管理平台',
      'nutritiousmeals.semester.first': { start: '09-01', end: '01-31' },
      noSuchPath: null,
    });
    const recipe = await get<{ recipeConfig: { dosageMode: string; aiMealsAllocate: { label: string } } }>('/v1/config/org?path=recipeConfig');
    expect(recipe.body.data.recipeConfig).toMatchObject({ dosageMode: 'netWeight', aiMealsAllocate: { label: '智能配餐' } });
  });

  it('sets a path (any JSON) for the current org-app only; a dotted path sets inside its object', async () => {
    expect((await put('/v1/config/org', { path: 'systemNotify', value: { enable: false, content: '' } })).status).toBe(200);
    expect((await get('/v1/config/org?path=systemNotify')).body.data).toEqual({ systemNotify: { enable: false, content: '' } });
    await put('/v1/config/org', { path: 'nutritiousmeals.recipeNotCreateProduct', value: true });
    const nm = await get<{ nutritiousmeals: Record<string, unknown> }>('/v1/config/org?path=nutritiousmeals');
    expect(nm.body.data.nutritiousmeals).toMatchObject({ recipeNotCreateProduct: true, semester: { first: { start: '09-01' } } });
    await put('/v1/config/org', { path: 'rd', value: [1, 'two', null] });
    expect((await get('/v1/config/org?path=rd')).body.data).toEqual({ rd: [1, 'two', null] });
    const other = await signIn(server, DEMO.dietitian, SCHOOL_B);
    expect((await get('/v1/config/org?path=systemNotify', other)).body.data).toMatchObject({ systemNotify: { enable: true } });
  });

  it('refuses config writes without the power', async () => {
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const before = await eventCount(server);
    expect((await put('/v1/config/org', { path: 'titleName', value: 'x' }, purchaser)).status).toBe(403);
    expect((await put('/v1/config/theme', { ysdadminTheme: { brandColor: '#123456', mode: 'dark' } }, purchaser)).status).toBe(403);
    expect(await eventCount(server)).toBe(before);
  });

  it('reads and writes the theme and the locales', async () => {
    expect((await get('/v1/config/theme')).body.data).toEqual({ ysdadminTheme: { brandColor: '#0F6CBD', mode: 'light' } });
    await put('/v1/config/theme', { ysdadminTheme: { brandColor: '#107C41', mode: 'dark' } });
    expect((await get('/v1/config/theme')).body.data).toEqual({ ysdadminTheme: { brandColor: '#107C41', mode: 'dark' } });
    expect((await put('/v1/config/theme', { ysdadminTheme: { brandColor: 'green', mode: 'dark' } })).status).toBe(400);
    const zh = await get<{ orgName: string }>('/v1/config/locales?locale=zh-CN');
    expect(zh.body.data.orgName).toBe(SCHOOL_A);
    await put('/v1/config/locales', { locales: { 'en-US': { orgName: 'Sunshine' } } });
    expect((await get('/v1/config/locales')).body.data).toEqual({ 'en-US': { orgName: 'Sunshine' } });
  });

  it('lists the app config of the user’s apps', async () => {
    const res = await get<{ rows: { appId: string; config: { mallRecipeUserLimite: number } }[] }>('/v2/config/app');
    expect(res.body.data.rows).toHaveLength(1);
    expect(res.body.data.rows[0].config.mallRecipeUserLimite).toBe(5);
  });

  describe('bad input on PUT /v1/config/org → 400 with a readable text, nothing written', () => {
    it.each([
      ['malformed JSON', { raw: '{"path": "titleName", "value": ' }, /JSON/],
      ['missing value', { body: { path: 'titleName' } }, /value/],
      ['missing path', { body: { value: 1 } }, /path/],
      ['empty path', { body: { path: '', value: 1 } }, /path/],
      ['wrong path type', { body: { path: { a: 1 }, value: 1 } }, /path/],
      ['bad path', { body: { path: 'a..b', value: 1 } }, /path/],
      ['unknown field', { body: { path: 'a', value: 1, extra: 1 } }, /extra/],
      ['empty body', { raw: '' }, /请求体/],
    ])('%s', async (_, opts, text) => {
      const before = await eventCount(server);
      const res = await call(server, 'PUT', '/v1/config/org', { token: admin.token, key: admin.key, ...opts });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status_code: 400, data: null });
      expect(res.body.status_text).toMatch(text);
      expect(await eventCount(server)).toBe(before);
    });

    it('rejects a bad path list on GET', async () => {
      const res = await get('/v1/config/org?path=a..b');
      expect(res.status).toBe(400);
      expect(res.body.status_text).toContain('配置路径');
    });
  });
});

describe('datetime', () => {
  it('tells the server time in Asia/Shanghai without a token', async () => {
    const res = await call<{ now: string; date: string; time: string; weekday: number; timeZone: string }>(server, 'GET', '/v1/datetime');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.timeZone).toBe('Asia/Shanghai');
    expect(Math.abs(new Date(d.now).getTime() - Date.now())).toBeLessThan(60_000);
    const shanghai = new Date(new Date(d.now).getTime() + 8 * 3600_000);
    expect(d.date).toBe(shanghai.toISOString().slice(0, 10));
    expect(d.time).toBe(shanghai.toISOString().slice(11, 16));
    expect(d.weekday).toBe(((shanghai.getUTCDay() + 6) % 7) + 1);
  });

  it('lists holidays of a year or a month', async () => {
    const year = yearOf(new Date());
    const all = await get<{ rows: { date: string; type: number }[]; count: number }>(`/v1/datetime/holidays?date=${year}`);
    expect(all.body.data.count).toBeGreaterThan(5);
    expect(all.body.data.rows.some((h) => h.type === 0)).toBe(true);
    const may = await get<{ rows: { date: string; type: number }[] }>(`/v1/datetime/holidays?date=${year}-05`);
    expect(may.body.data.rows.map((h) => h.date)).toEqual([`${year}-05-01`, `${year}-05-02`, `${year}-05-03`]);
    expect((await get('/v1/datetime/holidays?date=2026-13')).status).toBe(400);
  });
});

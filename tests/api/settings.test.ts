// System settings (issue 4): the §3 food-label configuration, validated settings paths, and the holiday
// calendar's writes (system providers only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { defaultFoodLabelConfig, type FoodLabelConfig } from '../../domain/foodLabel.ts';

let server: TestServer;
let admin: Session;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const req = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, s: Session = admin) =>
  call<T>(server, method, path, { token: s.token, key: s.key, body });

type Label = FoodLabelConfig & { isDefault: boolean };
const groupsInOrder = (c: FoodLabelConfig) => [...new Set(c.fields.map((f) => f.group))];

describe('food-label field configuration', () => {
  it('is the §3 default when unset', async () => {
    const res = await req<Label>('GET', '/v1/config/foodlabel');
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c.isDefault).toBe(true);
    expect(groupsInOrder(c)).toEqual(['foodbase', 'fooddate', 'producer', 'consignor', 'consignee', 'other']);
    expect(c.fields.map((f) => f.field)).toEqual(defaultFoodLabelConfig().fields.map((f) => f.field));
    const f = (name: string) => c.fields.find((x) => x.field === name)!;
    expect(f('foodName')).toMatchObject({ sort: 1, group: 'foodbase', enabled: true, required: true, fieldType: 'system', customLabel: '', isUseCustomOptions: false });
    expect(f('netContent')).toMatchObject({ enabled: true, unit: '克' });
    expect(f('qualityGuaranteePeriod')).toMatchObject({ enabled: true, rule: '1d' });
    expect(f('batchNo')).toMatchObject({ enabled: false, prefix: '', suffix: '', dateFormat: 'YYYYMMDD' });
    expect(f('productGrade')).toMatchObject({ enabled: false, value: '合格品' });
    expect(f('price').enabled).toBe(false);
    expect(c.saltConversionTip).toMatchObject({ enabled: true, sodiumMg: 1, saltMg: 2.5 });
    // the org config path itself stays unset until someone saves
    expect((await req('GET', '/v1/config/org?path=foodLabelConfig')).body.data).toEqual({ foodLabelConfig: null });
  });

  it('persists a reorder, a switch and a custom label; reset gives the defaults back', async () => {
    const d = defaultFoodLabelConfig();
    const fields = d.fields.map((f) => {
      if (f.field === 'price') return { ...f, sort: 1, enabled: true };
      if (f.group === 'foodbase') return { ...f, sort: f.sort + 1 };
      if (f.field === 'producer') return { ...f, customLabel: '加工单位' };
      return f;
    });
    const put = await req<Label>('PUT', '/v1/config/foodlabel', { fields, saltConversionTip: d.saltConversionTip });
    expect(put.status).toBe(200);
    const got = (await req<Label>('GET', '/v1/config/foodlabel')).body.data;
    expect(got.isDefault).toBe(false);
    expect(got.fields.filter((f) => f.group === 'foodbase').map((f) => f.field).slice(0, 2)).toEqual(['price', 'foodName']);
    expect(got.fields.find((f) => f.field === 'price')!.enabled).toBe(true);
    expect(got.fields.find((f) => f.field === 'producer')!.customLabel).toBe('加工单位');
    // another org-app is untouched
    const other = await signIn(server, DEMO.dietitian, SCHOOL_B);
    expect((await req<Label>('GET', '/v1/config/foodlabel', undefined, other)).body.data.isDefault).toBe(true);

    expect((await req('DELETE', '/v1/config/foodlabel')).status).toBe(200);
    const reset = (await req<Label>('GET', '/v1/config/foodlabel')).body.data;
    expect(reset.fields).toEqual(defaultFoodLabelConfig().fields);
  });

  it('refuses an invalid configuration with a readable message, nothing written', async () => {
    const d = defaultFoodLabelConfig();
    const before = await eventCount(server);
    const off = await req('PUT', '/v1/config/foodlabel', { ...d, fields: d.fields.map((f) => (f.field === 'foodName' ? { ...f, enabled: false } : f)) });
    expect(off.status).toBe(400);
    expect(off.body.status_text).toMatch(/必填/);
    const missing = await req('PUT', '/v1/config/foodlabel', { ...d, fields: d.fields.slice(1) });
    expect(missing.body.status_text).toMatch(/缺少系统字段 foodName/);
    expect((await req('PUT', '/v1/config/foodlabel', { fields: 'x', saltConversionTip: {} })).status).toBe(400);
    expect(await eventCount(server)).toBe(before);
  });

  it('needs the config power to write', async () => {
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const before = await eventCount(server);
    expect((await req('GET', '/v1/config/foodlabel', undefined, purchaser)).status).toBe(200);
    expect((await req('PUT', '/v1/config/foodlabel', defaultFoodLabelConfig(), purchaser)).status).toBe(403);
    expect((await req('DELETE', '/v1/config/foodlabel', undefined, purchaser)).status).toBe(403);
    expect((await req('PUT', '/v1/config/settings', { path: 'titleName', value: 'x' }, purchaser)).status).toBe(403);
    expect(await eventCount(server)).toBe(before);
  });
});

describe('validated settings paths', () => {
  it('writes the notice, the names, nutritiousmeals and recipeConfig', async () => {
    const notify = { enable: true, content: '新学期食堂开放时间调整', style: { color: '#ffffff', background: '#0F6CBD', fontSize: '14px' } };
    expect((await req('PUT', '/v1/config/settings', { path: 'systemNotify', value: notify })).status).toBe(200);
    expect((await req('GET', '/v1/config/org?path=systemNotify')).body.data).toEqual({ systemNotify: notify });
    const nm = (await req<{ nutritiousmeals: Record<string, unknown> }>('GET', '/v1/config/org?path=nutritiousmeals')).body.data.nutritiousmeals;
    const next = { ...nm, priceIsEffectiveOnMonthly: true, semester: { first: { start: '08-25', end: '01-20' }, second: { start: '02-15', end: '07-10' }, year: 2026 } };
    expect((await req('PUT', '/v1/config/settings', { path: 'nutritiousmeals', value: next })).status).toBe(200);
    expect((await req('GET', '/v1/config/org?path=nutritiousmeals.semester.first')).body.data).toEqual({ 'nutritiousmeals.semester.first': { start: '08-25', end: '01-20' } });
    const rc = (await req<{ recipeConfig: { aiMealsAllocate: Record<string, unknown> } }>('GET', '/v1/config/org?path=recipeConfig')).body.data.recipeConfig;
    const rc2 = { ...rc, recipeApprovalEnable: true, aiMealsAllocate: { ...rc.aiMealsAllocate, enable: true, label: 'AI配餐' } };
    expect((await req('PUT', '/v1/config/settings', { path: 'recipeConfig', value: rc2 })).status).toBe(200);
    expect((await req('PUT', '/v1/config/settings', { path: 'titleName', value: '阳光营养餐' })).status).toBe(200);
    expect((await req('GET', '/v1/config/org?path=titleName')).body.data).toEqual({ titleName: '阳光营养餐' });
  });

  it.each([
    ['enabled notice without content', 'systemNotify', { enable: true, content: ' ' }, /内容不能为空/],
    ['notice style with script', 'systemNotify', { enable: false, content: '', style: { color: 'red;background:url(x)' } }, /颜色/],
    ['overlapping semesters', 'nutritiousmeals', { semester: { first: { start: '09-01', end: '03-01' }, second: { start: '02-01', end: '08-31' } } }, /重叠/],
    ['impossible semester day', 'nutritiousmeals', { semester: { first: { start: '02-30', end: '01-31' }, second: { start: '02-01', end: '08-31' } } }, /第一学期开始日期/],
    ['unknown recipe flag', 'recipeConfig', { recipeApprovalEnabled: true }, /不是可设置的字段/],
    ['bad dosage mode', 'recipeConfig', { dosageMode: 'x' }, /dosageMode/],
    ['empty title', 'titleName', '', /名称/],
    ['unknown path', 'ysdadminTheme', {}, /path/],
  ])('%s → 400, nothing written', async (_, path, value, text) => {
    const before = await eventCount(server);
    const res = await req('PUT', '/v1/config/settings', { path, value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status_code: 400, data: null });
    expect(res.body.status_text).toMatch(text);
    expect(await eventCount(server)).toBe(before);
  });
});

describe('holidays and working days', () => {
  type Rows = { rows: { date: string; type: number; name: string }[] };
  it('a system provider adds, changes and removes a date', async () => {
    const provider = await signIn(server, DEMO.provider, SCHOOL_A);
    const add = await req('POST', '/v1/datetime/holidays', { date: '2031-06-02', type: 1, name: '端午节' }, provider);
    expect(add.status).toBe(200);
    await req('POST', '/v1/datetime/holidays', { date: '2031-06-08', type: 0, name: '端午调休上班' }, provider);
    let june = (await req<Rows>('GET', '/v1/datetime/holidays?date=2031-06')).body.data.rows;
    // each date carries the version of its own last change in the year's stream (issue 31)
    expect(june).toEqual([{ date: '2031-06-02', type: 1, name: '端午节', version: 1 }, { date: '2031-06-08', type: 0, name: '端午调休上班', version: 2 }]);
    expect((await req('POST', '/v1/datetime/holidays', { date: '2031-06-02', type: 1 }, provider)).status).toBe(409);
    expect((await req('PUT', '/v1/datetime/holidays', { date: '2031-06-02', type: 0 }, provider)).status).toBe(200);
    expect((await req('DELETE', '/v1/datetime/holidays', { date: '2031-06-08' }, provider)).status).toBe(200);
    june = (await req<Rows>('GET', '/v1/datetime/holidays?date=2031-06')).body.data.rows;
    expect(june).toEqual([{ date: '2031-06-02', type: 0, name: '端午节', version: 3 }]);
    expect((await req('DELETE', '/v1/datetime/holidays', { date: '2031-06-08' }, provider)).status).toBe(404);
    expect((await req('PUT', '/v1/datetime/holidays', { date: '2031-06-09', type: 1 }, provider)).status).toBe(404);
  });

  it('refuses everyone else with 403, nothing written', async () => {
    const sessions = [await signIn(server, DEMO.purchaser, SCHOOL_A), await signIn(server, DEMO.userAdmin, SCHOOL_A), await signIn(server, DEMO.dietitian, SCHOOL_A)];
    const before = await eventCount(server);
    for (const s of sessions) {
      expect((await req('POST', '/v1/datetime/holidays', { date: '2031-07-01', type: 1 }, s)).status).toBe(403);
      expect((await req('PUT', '/v1/datetime/holidays', { date: '2031-06-02', type: 1 }, s)).status).toBe(403);
      expect((await req('DELETE', '/v1/datetime/holidays', { date: '2031-06-02' }, s)).status).toBe(403);
    }
    expect((await call(server, 'POST', '/v1/datetime/holidays', { body: { date: '2031-07-01', type: 1 } })).status).toBe(401);
    expect(await eventCount(server)).toBe(before);
  });

  it.each([
    ['not a date', { date: '2031-6-1', type: 1 }],
    ['impossible date', { date: '2031-02-30', type: 1 }],
    ['bad type', { date: '2031-07-01', type: 2 }],
    ['missing type', { date: '2031-07-01' }],
    ['unknown field', { date: '2031-07-01', type: 1, extra: true }],
  ])('bad input (%s) → 400, nothing written', async (_, body) => {
    const provider = await signIn(server, DEMO.provider, SCHOOL_A);
    const before = await eventCount(server);
    const res = await req('POST', '/v1/datetime/holidays', body, provider);
    expect(res.status).toBe(400);
    expect(res.body.status_code).toBe(400);
    expect(await eventCount(server)).toBe(before);
  });
});

describe('every settings, holiday and notice endpoint refuses outsiders and users without the power', () => {
  it('403 for a user of another org (with this org-app key) and for writes without the power; nothing written', async () => {
    const outsider = await signIn(server, DEMO.supplier);
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const d = defaultFoodLabelConfig();
    const endpoints: [string, string, unknown, boolean][] = [
      // method, path, body, needs the power (or provider)
      ['GET', '/v1/config/foodlabel', undefined, false],
      ['PUT', '/v1/config/foodlabel', d, true],
      ['DELETE', '/v1/config/foodlabel', undefined, true],
      ['PUT', '/v1/config/settings', { path: 'titleName', value: 'x' }, true],
      ['POST', '/v1/datetime/holidays', { date: '2032-01-02', type: 1 }, true],
      ['PUT', '/v1/datetime/holidays', { date: '2032-01-02', type: 1 }, true],
      ['DELETE', '/v1/datetime/holidays', { date: '2032-01-02' }, true],
      ['GET', '/v1/notices', undefined, false],
      ['GET', '/v1/notices/x', undefined, false],
      ['POST', '/v1/notices', { title: 'x' }, true],
      ['PUT', '/v1/notices/x', { title: 'x' }, true],
      ['DELETE', '/v1/notices/x', undefined, true],
      ['PUT', '/v1/notices/x/read', undefined, false],
    ];
    const before = await eventCount(server);
    for (const [method, path, body, needsPower] of endpoints) {
      const res = await call(server, method, path, { token: outsider.token, key: admin.key, body });
      expect(res.status, `${method} ${path} by an outsider`).toBe(403);
      expect(res.body.data).toBeNull();
      if (needsPower) expect((await req(method, path, body, purchaser)).status, `${method} ${path} without the power`).toBe(403);
    }
    expect(await eventCount(server)).toBe(before);
  });
});

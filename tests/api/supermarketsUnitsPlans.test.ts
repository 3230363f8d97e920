// Issue 35, the attacks first: supermarket shelf prices (only a bureau records them, in its own supermarkets; the
// reference and the org's margin), the unit import (a bureau only into its area; each row one whole org, made as a
// single creation makes it), and the service plan (no org extends its own plan without a payment it cannot
// confirm itself; another org's key refused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, firstSignIn, signIn, DEMO, OWN_PASSWORD, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, newProduct, purchaserGroups } from './mallApi.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { SUPERMARKET_GROUP, SUPERMARKET_MARGIN_DEFAULT } from '../../domain/supermarketPrice.ts';
import { addYears, type ServiceEditionOffer } from '../../domain/servicePlan.ts';

let server: TestServer;
let bureau: Session;
let supplier: Session;
let schoolAdmin: Session;
let userAdmin: Session;
let provider: Session;
// this deployment's own editions and prices (SERVICE_EDITIONS), none of the defaults': orders must be priced from these
const EDITIONS: ServiceEditionOffer[] = [
  { key: 'basic', name: '基础版', userLimit: 20, yearlyPrice: 1500 },
  { key: 'standard', name: '标准版', userLimit: 100, yearlyPrice: 3888.8 },
  { key: 'professional', name: '专业版', userLimit: 500, yearlyPrice: 12000 },
];
const SERVICE_EDITIONS = Object.fromEntries(EDITIONS.map((e) => [e.key, e])) as Record<'basic' | 'standard' | 'professional', ServiceEditionOffer>;
beforeAll(async () => {
  server = await startTestServer({ serviceEditions: EDITIONS });
  [bureau, supplier, schoolAdmin, userAdmin, provider] = await Promise.all([
    signIn(server, DEMO.bureau), signIn(server, DEMO.supplier), signIn(server, DEMO.schoolAdmin, SCHOOL_A), signIn(server, DEMO.userAdmin, SCHOOL_A),
    signIn(server, DEMO.provider, SCHOOL_A),
  ]);
});
afterAll(async () => { await server?.close(); });

const photo = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

describe('supermarket shelf prices', () => {
  it('only the bureau records them, in its own supermarkets; another org\'s key is refused; nothing is written on a refusal', async () => {
    const made = await call<{ rows: { id: string }[] }>(server, 'POST', '/v2/category', { ...auth(bureau), body: { groupName: SUPERMARKET_GROUP, name: '城东大润发', extraInfo: { address: '城东路 1 号' } } });
    expect(made.status, made.body.status_text).toBe(200);
    const shopId = made.body.data.rows[0].id;
    // a supermarket of another org (the supplier's own category of that group) is no supermarket of the bureau's
    const foreign = await call<{ rows: { id: string }[] }>(server, 'POST', '/v2/category', { ...auth(supplier), body: { groupName: SUPERMARKET_GROUP, name: '供应商自设超市' } });
    const { productId, skuIds: [a] } = await newProduct(server, supplier, '商超测试鸡蛋', 1);
    const today = dayOf(new Date());
    const row = { skuId: a, priceClass: 'dqbd', price: 10, surveyDate: today, supermarketId: shopId, photo };

    const before = await eventCount(server);
    for (const s of [userAdmin, schoolAdmin, supplier]) {
      const refused = await call(server, 'POST', '/v5/mall/price/survey', { ...auth(s), body: { surveys: [row] } });
      expect(refused.status, `${s.orgApp?.orgName}`).toBe(403);
    }
    // the bureau's token with another org's key
    expect((await call(server, 'POST', '/v5/mall/price/survey', { token: bureau.token, key: supplier.key, body: { surveys: [row] } })).status).toBe(403);
    const bad = await call(server, 'POST', '/v5/mall/price/survey', {
      ...auth(bureau), body: { surveys: [{ ...row, supermarketId: foreign.body.data.rows[0].id }, { ...row, photo: 'javascript:alert(1)' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.status_text).toContain('商超不存在');
    expect(bad.body.status_text).toContain('第 2 行');
    expect(await eventCount(server)).toBe(before);

    const recorded = await call<{ rows: { supermarketId: string; source: string; photo: string }[] }>(server, 'POST', '/v5/mall/price/survey', {
      ...auth(bureau), body: { surveys: [row, { productId, priceClass: 'dqbd', price: 14, surveyDate: today, supermarketId: shopId }] },
    });
    expect(recorded.status, recorded.body.status_text).toBe(200);
    expect(recorded.body.data.rows[0]).toMatchObject({ supermarketId: shopId, source: '城东大润发', photo });
    // the vouchers draw on the same records
    const vouchers = await call<{ rows: { supermarketId: string | null; skuId: string | null }[] }>(server, 'GET', `/v5/mall/price/survey?skuId=${a}`, auth(bureau));
    expect(vouchers.body.data.rows).toEqual([expect.objectContaining({ supermarketId: shopId, skuId: a })]);
    const shelf = await call<{ rows: unknown[] }>(server, 'GET', '/v5/mall/price/survey?shelf=true', auth(bureau));
    expect(shelf.body.data.rows).toHaveLength(2);

    // the reference of the SKU (its own shelf price), with the bureau's margin
    const ref = await call<{ rows: { skuId: string; reference: number; supermarkets: number; margin: number }[] }>(server, 'GET', `/v5/mall/price/supermarket/reference?skuId=${a}`, auth(bureau));
    expect(ref.body.data.rows).toEqual([{ skuId: a, reference: 10, supermarkets: 1, latestDate: today, margin: SUPERMARKET_MARGIN_DEFAULT }]);
    // a school sees no reference of goods of its area it does not decide
    const asSchool = await call<{ rows: unknown[] }>(server, 'GET', `/v5/mall/price/supermarket/reference?skuId=${a}`, auth(schoolAdmin));
    expect(asSchool.body.data.rows).toEqual([]);
  });

  it('the margin is the bureau\'s setting: a school, its user admin or a supplier cannot set it; bad values are refused', async () => {
    for (const s of [schoolAdmin, userAdmin, supplier]) expect((await call(server, 'PUT', '/v5/mall/supermarket/margin', { ...auth(s), body: { margin: 50 } })).status).toBe(403);
    for (const margin of [-1, 5000, 'x']) expect((await call(server, 'PUT', '/v5/mall/supermarket/margin', { ...auth(bureau), body: { margin } })).status).toBe(400);
    const set = await call<{ margin: number }>(server, 'PUT', '/v5/mall/supermarket/margin', { ...auth(bureau), body: { margin: 25 } });
    expect(set.status, set.body.status_text).toBe(200);
    expect((await call<{ margin: number }>(server, 'GET', '/v5/mall/supermarket/margin', auth(bureau))).body.data.margin).toBe(25);
    // the school's own margin is untouched
    expect((await call<{ margin: number }>(server, 'GET', '/v5/mall/supermarket/margin', auth(schoolAdmin))).body.data.margin).toBe(SUPERMARKET_MARGIN_DEFAULT);
    const { skuIds: [b] } = await newProduct(server, supplier, '商超测试牛奶', 1);
    const { withApproval } = await purchaserGroups(server, supplier);
    await call(server, 'POST', '/v5/mall/price/survey', { ...auth(bureau), body: { surveys: [{ skuId: b, priceClass: 'dqbd', price: 4, surveyDate: dayOf(new Date()), supermarketId: undefined, source: '菜场' }] } });
    const created = await call(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: b, price: 5, roleGroupId: withApproval.roleGroupId }] } });
    expect(created.status).toBe(200);
    // a survey that names no supermarket is no shelf price: no reference
    expect((await call<{ rows: unknown[] }>(server, 'GET', `/v5/mall/price/supermarket/reference?skuId=${b}`, auth(bureau))).body.data.rows).toEqual([]);
  });
});

interface ImportResult { row: number; orgName: string; orgId?: string; area: string; error?: string }

describe('unit import', () => {
  it('a bureau makes schools of its own area only, each whole or not at all, as one creation makes it', async () => {
    const templates = await call<{ rows: { id: string; name: string }[] }>(server, 'GET', '/v3/orgappinit/import/template', auth(bureau));
    expect(templates.status, templates.body.status_text).toBe(200);
    const school = templates.body.data.rows.find((t) => t.name === '学校模板')!;
    expect((await call<{ area: string }>(server, 'GET', '/v3/orgappinit/import/area', auth(bureau))).body.data).toEqual({ platform: false, area: '城东区' });

    const orgsBefore = await server.store.db.selectFrom('orgs').select('org_id').execute();
    const res = await call<{ rows: ImportResult[] }>(server, 'POST', '/v3/orgappinit/import', {
      ...auth(bureau),
      body: {
        templateId: school.id,
        rows: [
          { orgName: '导入第一小学', adminPhone: '13966660001', adminName: '孙校长', expiration: '2030-08-31' },
          { orgName: '导入第二小学', adminPhone: '123' },
          { orgName: '导入第三小学', adminPhone: '13966660003', area: '城西区' },
          { orgName: SCHOOL_A, adminPhone: '13966660004' },
          { orgName: '导入第一小学', adminPhone: '13966660005' },
        ],
      },
    });
    expect(res.status, res.body.status_text).toBe(200);
    const [ok1, badPhone, otherArea, taken, twice] = res.body.data.rows;
    expect(ok1).toMatchObject({ row: 0, orgName: '导入第一小学', area: '城东区' });
    expect(ok1.error).toBeUndefined();
    expect(badPhone.error).toContain('管理员手机号格式不正确');
    expect(otherArea.error).toBe('只能导入本区域的单位：城西区');
    expect(taken.error).toBe(`机构名称已存在：${SCHOOL_A}`);
    expect(twice.error).toBe('机构名称已存在：导入第一小学');
    const orgsAfter = await server.store.db.selectFrom('orgs').selectAll().execute();
    expect(orgsAfter.length).toBe(orgsBefore.length + 1);
    expect(orgsAfter.find((o) => o.org_id === ok1.orgId)).toMatchObject({ name: '导入第一小学', area: '城东区', kind: 'school' });
    // the admin must change the deployment's initial password, then works in the new school with the template's menu
    const admin = await firstSignIn(server, '13966660001', '导入第一小学');
    const menu = await call<{ rows: { moduleId: string }[] }>(server, 'GET', '/v2/permission/user/menu?groupName=pcMenu', auth(admin));
    expect(menu.body.data.rows.map((m) => m.moduleId)).toEqual(expect.arrayContaining(['home', 'contacts']));
    // row errors come in the caller's language
    const en = await call<{ rows: ImportResult[] }>(server, 'POST', '/v3/orgappinit/import', {
      ...auth(bureau), headers: { 'accept-language': 'en-US' }, body: { templateId: school.id, rows: [{ orgName: '导入第四小学', adminPhone: '13966660006', area: '城西区' }] },
    });
    expect(en.body.data.rows[0].error).toMatch(/area/i);
  });

  it('the platform names any area; schools, user admins and suppliers may not import; bad input refused', async () => {
    const school = (await call<{ rows: { id: string; name: string }[] }>(server, 'GET', '/v3/orgappinit/import/template', auth(provider))).body.data.rows.find((t) => t.name === '学校模板')!;
    const res = await call<{ rows: ImportResult[] }>(server, 'POST', '/v3/orgappinit/import', {
      ...auth(provider), body: { templateId: school.id, rows: [{ orgName: '城西导入小学', adminPhone: '13966660011', area: '城西区' }] },
    });
    expect(res.body.data.rows[0]).toMatchObject({ area: '城西区' });
    expect((await server.store.db.selectFrom('orgs').select('area').where('org_id', '=', res.body.data.rows[0].orgId!).executeTakeFirstOrThrow()).area).toBe('城西区');

    const before = await eventCount(server);
    for (const s of [schoolAdmin, userAdmin, supplier]) {
      expect((await call(server, 'POST', '/v3/orgappinit/import', { ...auth(s), body: { templateId: school.id, rows: [{ orgName: '越权小学', adminPhone: '13966660012' }] } })).status).toBe(403);
      expect((await call(server, 'GET', '/v3/orgappinit/import/template', auth(s))).status).toBe(403);
    }
    expect((await call(server, 'POST', '/v3/orgappinit/import', { token: bureau.token, key: schoolAdmin.key, body: { templateId: school.id, rows: [{ orgName: '越权小学', adminPhone: '13966660012' }] } })).status).toBe(403);
    expect((await call(server, 'POST', '/v3/orgappinit/import', { ...auth(bureau), body: { templateId: school.id, rows: [] } })).status).toBe(400);
    expect((await call(server, 'POST', '/v3/orgappinit/import', { ...auth(bureau), body: { templateId: school.id, rows: Array.from({ length: 51 }, (_, i) => ({ orgName: `批量${i}`, adminPhone: '13966660013' })) } })).status).toBe(400);
    const noTemplate = await call<{ rows: ImportResult[] }>(server, 'POST', '/v3/orgappinit/import', { ...auth(bureau), body: { templateId: 'tpl-none', rows: [{ orgName: '无模板小学', adminPhone: '13966660014' }] } });
    expect(noTemplate.body.data.rows[0].error).toBe('初始化模板不存在');
    expect(await eventCount(server)).toBe(before);
  });
});

interface Order { id: string; status: string; amount: number; edition: string; expiration: string | null }

describe('the service plan', () => {
  const orgRow = () => server.store.db.selectFrom('orgs').select(['expiration', 'user_limit']).where('org_id', '=', schoolAdmin.orgApp!.orgId).executeTakeFirstOrThrow();

  it('a school cannot extend its plan without a payment, nor confirm its own bank transfer; the platform\'s confirmation extends it', async () => {
    const plan = await call<{ methods: string[]; editions: ServiceEditionOffer[]; recipeUserLimit: number }>(server, 'GET', '/v1/serviceplan', auth(schoolAdmin));
    expect(plan.status, plan.body.status_text).toBe(200);
    expect(plan.body.data.methods).toEqual(['bankTransfer', 'simulated']);
    expect(plan.body.data.editions).toEqual(EDITIONS);
    expect(plan.body.data.recipeUserLimit).toBe(5);

    const start = await orgRow();
    const placed = await call<{ order: Order; payment: { state: string; instructions: { memo: string } } }>(server, 'POST', '/v1/serviceplan/order', {
      ...auth(schoolAdmin), body: { edition: 'basic', years: 1, method: 'bankTransfer' },
    });
    expect(placed.status, placed.body.status_text).toBe(200);
    const order = placed.body.data.order;
    expect(order).toMatchObject({ status: 'pending', amount: SERVICE_EDITIONS.basic.yearlyPrice });
    expect(placed.body.data.payment).toMatchObject({ state: 'awaitingTransfer', instructions: { memo: order.id } });
    expect(await orgRow()).toEqual(start);

    // the school's admin confirming his own transfer, his user admin buying, another org's key, a price sent in
    expect((await call(server, 'POST', `/v1/serviceplan/order/${order.id}/confirm`, { ...auth(schoolAdmin), body: { reference: 'FAKE' } })).status).toBe(403);
    expect((await call(server, 'POST', '/v1/serviceplan/order', { ...auth(userAdmin), body: { edition: 'basic', years: 1, method: 'bankTransfer' } })).status).toBe(403);
    expect((await call(server, 'POST', '/v1/serviceplan/order', { token: schoolAdmin.token, key: bureau.key, body: { edition: 'basic', years: 1, method: 'bankTransfer' } })).status).toBe(403);
    expect((await call(server, 'GET', '/v1/serviceplan', { token: schoolAdmin.token, key: bureau.key })).status).toBe(403);
    expect((await call(server, 'POST', '/v1/serviceplan/order', { ...auth(schoolAdmin), body: { edition: 'basic', years: 1, method: 'bankTransfer', amount: 0.01 } })).status).toBe(400);
    for (const body of [{ edition: 'gold', years: 1, method: 'bankTransfer' }, { edition: 'basic', years: 9, method: 'bankTransfer' }, { edition: 'basic', years: 1, method: 'cash' }]) {
      expect((await call(server, 'POST', '/v1/serviceplan/order', { ...auth(schoolAdmin), body })).status).toBe(400);
    }
    expect((await call(server, 'GET', '/v1/serviceplan/orders?status=pending', auth(schoolAdmin))).status).toBe(403);
    expect(await orgRow()).toEqual(start);

    // the platform sees it waiting and confirms the money arrived
    const pending = await call<{ rows: (Order & { orgName: string })[] }>(server, 'GET', '/v1/serviceplan/orders?status=pending', auth(provider));
    expect(pending.body.data.rows).toEqual(expect.arrayContaining([expect.objectContaining({ id: order.id, orgName: SCHOOL_A })]));
    const confirmed = await call<Order>(server, 'POST', `/v1/serviceplan/order/${order.id}/confirm`, { ...auth(provider), body: { reference: 'BANK-20261129-01' } });
    expect(confirmed.status, confirmed.body.status_text).toBe(200);
    const after = await orgRow();
    const from = start.expiration && new Date(start.expiration) > new Date() ? new Date(start.expiration) : null;
    if (from) expect(new Date(after.expiration!).toISOString()).toBe(addYears(from, 1).toISOString());
    else expect(Math.abs(new Date(after.expiration!).getTime() - addYears(new Date(), 1).getTime())).toBeLessThan(60_000);
    expect(after.user_limit).toBe(SERVICE_EDITIONS.basic.userLimit);
    expect((await call(server, 'POST', `/v1/serviceplan/order/${order.id}/confirm`, { ...auth(provider), body: { reference: 'BANK-AGAIN' } })).status).toBe(409);
  });

  it('a gateway order is paid by the gateway\'s answer; a pending order is cancelled by its org only', async () => {
    const start = await orgRow();
    const paid = await call<{ order: Order; payment: { state: string } }>(server, 'POST', '/v1/serviceplan/order', { ...auth(schoolAdmin), body: { edition: 'standard', years: 2, method: 'simulated' } });
    expect(paid.status, paid.body.status_text).toBe(200);
    expect(paid.body.data.order.status).toBe('paid');
    const after = await orgRow();
    expect(new Date(after.expiration!).toISOString()).toBe(addYears(new Date(start.expiration!), 2).toISOString());
    expect(after.user_limit).toBe(SERVICE_EDITIONS.standard.userLimit);
    // the platform cannot "confirm" what only a gateway pays
    expect((await call(server, 'POST', `/v1/serviceplan/order/${paid.body.data.order.id}/confirm`, { ...auth(provider), body: { reference: 'x' } })).status).toBe(409);

    const pending = (await call<{ order: Order }>(server, 'POST', '/v1/serviceplan/order', { ...auth(schoolAdmin), body: { edition: 'professional', years: 1, method: 'bankTransfer' } })).body.data.order;
    // the admin of another org (the school the import above made) asking to cancel: as absent as an unknown order
    const otherAdmin = await signIn(server, '13966660001', '导入第一小学', OWN_PASSWORD);
    expect((await call(server, 'POST', `/v1/serviceplan/order/${pending.id}/cancel`, auth(otherAdmin))).status).toBe(404);
    expect((await call(server, 'POST', `/v1/serviceplan/order/${pending.id}/cancel`, auth(userAdmin))).status).toBe(403);
    const cancelled = await call<Order>(server, 'POST', `/v1/serviceplan/order/${pending.id}/cancel`, auth(schoolAdmin));
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await call(server, 'POST', `/v1/serviceplan/order/${pending.id}/confirm`, { ...auth(provider), body: { reference: 'x' } })).status).toBe(409);
    expect(await orgRow()).toEqual(after);
  });
});

// Issue 27 findings 7 and 8, as an outsider probed them: script and data URLs and foreign frames stored in menu
// entries, 10 × the ordered quantity received (and payable), a quantity sent as the string "5" taken as 5, and
// dates the store cannot hold answered with a 500. Each now gets a 4xx with its reason, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import { orderParties, inDays, SUPPLIER_ORG, type OrderParties } from './ordersApi.ts';
import type { OrderDetail } from '../../contracts/orders.ts';
import { FRAME_HOSTS_PATH, MENU_URL_TEXT } from '../../domain/menuUrl.ts';
import { ORDER_TEXT, countedReceiveLimit } from '../../domain/order.ts';
import { USER_TEXT } from '../../domain/aggregates/user.ts';

let server: TestServer;
let admin: Session;
let parties: OrderParties;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  parties = await orderParties(server);
});
afterAll(async () => { await server?.close(); });

const req = <T = unknown>(s: Session, method: string, path: string, body?: unknown) => call<T>(server, method, path, { ...auth(s), body });

/** Asserts the call is refused with `status` and writes no event. */
async function refusedUnwritten(status: number, run: () => Promise<{ status: number; body: { status_text: string } }>, text?: string | RegExp) {
  const before = await eventCount(server);
  const res = await run();
  expect(res.status, res.body.status_text).toBe(status);
  if (typeof text === 'string') expect(res.body.status_text).toBe(text);
  else if (text) expect(res.body.status_text).toMatch(text);
  expect(await eventCount(server)).toBe(before);
}

describe('menu entries (finding 7)', () => {
  const entry = (extraInfo: Record<string, unknown>, moduleId = `probe${Math.random().toString(36).slice(2, 8)}`) =>
    req<{ permissionId: string }>(admin, 'POST', '/v2/permission', { moduleId, groupName: 'pcMenu', parentId: '-1', moduleName: '探针', extraInfo });

  it('refuses script, data and other non-http(s) addresses wherever an entry holds one', async () => {
    for (const extraInfo of [
      { url: 'javascript:alert(document.cookie)' }, { url: ' JavaScript:alert(1)' }, { url: 'data:text/html,<script>alert(1)</script>' },
      { url: 'vbscript:msgbox(1)' }, { url: 'file:///etc/passwd' }, { meta: { url: 'javascript:alert(1)' } },
      { badgeConfig: { enable: true, url: 'javascript:alert(1)' } }, { url: 42 },
    ]) await refusedUnwritten(400, () => entry(extraInfo), MENU_URL_TEXT.badScheme);
  });

  it('frames only the console itself and the hosts the org allowed (org config frameAllowedHosts)', async () => {
    await refusedUnwritten(400, () => entry({ url: 'https://evil.example.com/login' }), MENU_URL_TEXT.hostNotAllowed('evil.example.com'));
    await refusedUnwritten(400, () => entry({ url: '//evil.example.com/login' }), MENU_URL_TEXT.badScheme);
    // the console's own pages are always allowed: a path, or its own origin
    expect((await entry({ url: '/jydd.html#/home' })).status).toBe(200);
    expect((await entry({ url: `${server.url}/yyxc.html` })).status).toBe(200);
    // a badge count may be fetched from any http(s) address (it is not shown)
    expect((await entry({ badgeConfig: { enable: true, url: 'https://count.example.com/n' } })).status).toBe(200);

    // the org allows a host, and its subdomains with *.
    await refusedUnwritten(400, () => req(admin, 'PUT', '/v1/config/org', { path: FRAME_HOSTS_PATH, value: ['javascript:alert(1)'] }), /frameAllowedHosts/);
    const allow = await req(admin, 'PUT', '/v1/config/org', { path: FRAME_HOSTS_PATH, value: ['reports.example.cn', '*.edu.example.cn'] });
    expect(allow.status, allow.body.status_text).toBe(200);
    expect((await entry({ url: 'https://reports.example.cn/weekly' })).status).toBe(200);
    expect((await entry({ meta: { url: 'https://a.edu.example.cn/x' } })).status).toBe(200);
    await refusedUnwritten(400, () => entry({ url: 'https://reports.example.cn.evil.com/' }), MENU_URL_TEXT.hostNotAllowed('reports.example.cn.evil.com'));

    // an edit is checked as a new entry is
    const made = await entry({ url: '/ok' });
    await refusedUnwritten(400, () => req(admin, 'PUT', `/v2/permission/${made.body.data.permissionId}`, { extraInfo: { url: 'javascript:alert(1)' } }), MENU_URL_TEXT.badScheme);
  });
});

describe('receiving (finding 7)', () => {
  async function delivered(quantity: number): Promise<OrderDetail> {
    const placed = await req<OrderDetail>(parties.school, 'POST', '/v4/mall/order', {
      supplierId: SUPPLIER_ORG, deliveryDate: inDays(5), items: [{ skuId: parties.prices[0]!.skuId, quantity }],
    });
    expect(placed.status, placed.body.status_text).toBe(200);
    for (const action of ['confirm', 'dispatch', 'deliver']) expect((await req(parties.supplier, 'PUT', `/v4/mall/order/${placed.body.data.id}`, { action })).status).toBe(200);
    return placed.body.data;
  }

  it('refuses 10 × the ordered quantity, shows the most it may receive, and the payable stays the order', async () => {
    const order = await delivered(3);
    const skuId = parties.prices[0]!.skuId;
    await refusedUnwritten(422, () => req(parties.school, 'PUT', `/v4/mall/order/${order.id}`, { action: 'receive', lines: [{ skuId, receivedQuantity: 30 }] }),
      ORDER_TEXT.receivedBeyondLimit(skuId, countedReceiveLimit(3)));
    await refusedUnwritten(422, () => req(parties.school, 'PUT', `/v4/mall/order/${order.id}`, { action: 'receive', lines: [{ skuId, receivedQuantity: countedReceiveLimit(3) + 0.001 }] }));
    const detail = await req<OrderDetail>(parties.school, 'GET', `/v4/mall/order/${order.id}`);
    expect(detail.body.data.status).toBe('delivered');
    // up to the limit it is taken
    const ok = await req<OrderDetail>(parties.school, 'PUT', `/v4/mall/order/${order.id}`, { action: 'receive', lines: [{ skuId, receivedQuantity: countedReceiveLimit(3) }] });
    expect(ok.status, ok.body.status_text).toBe(200);
    expect(ok.body.data.status).toBe('received');
  });

  it('takes no quantity sent as a string, a boolean or null (no type coercion)', async () => {
    const order = await delivered(2);
    const skuId = parties.prices[0]!.skuId;
    for (const receivedQuantity of ['5', '2', true, null]) {
      await refusedUnwritten(400, () => req(parties.school, 'PUT', `/v4/mall/order/${order.id}`, { action: 'receive', lines: [{ skuId, receivedQuantity }] }));
    }
    for (const quantity of ['5', true, null]) {
      await refusedUnwritten(400, () => req(parties.school, 'POST', '/v4/mall/order', { supplierId: SUPPLIER_ORG, deliveryDate: inDays(6), items: [{ skuId, quantity }] }));
    }
  });
});

describe('no type coercion anywhere in a JSON body; the querystring reads its text (finding 7)', () => {
  it('refuses "5", true and null where the body wants a number, a boolean or a string', async () => {
    const spec = { cutoffDays: 1, cutoffTime: '18:00', minimumAmount: 0, supplierMayChangeQuantity: false };
    for (const wrong of [{ cutoffDays: '5' }, { cutoffDays: true }, { cutoffDays: null }, { minimumAmount: '0' }, { supplierMayChangeQuantity: 'false' }, { supplierMayChangeQuantity: 0 }, { cutoffTime: 1800 }]) {
      await refusedUnwritten(400, () => req(parties.supplier, 'PUT', '/v4/mall/order/spec', { ...spec, ...wrong }));
    }
    // an array where one value is due is not that value either
    await refusedUnwritten(400, () => req(parties.supplier, 'PUT', '/v4/mall/order/spec', { ...spec, cutoffDays: [1] }));
    expect((await req(parties.supplier, 'PUT', '/v4/mall/order/spec', spec)).status).toBe(200);
  });

  it('still reads numbers from the querystring (?$limit=2) and refuses a query that is not one', async () => {
    const page = await req<{ rows: unknown[] }>(parties.school, 'GET', '/v4/mall/order?$limit=2&$skip=1');
    expect(page.status, page.body.status_text).toBe(200);
    expect(page.body.data.rows.length).toBeLessThanOrEqual(2);
    expect((await req(parties.school, 'GET', '/v4/mall/order?$limit=two')).status).toBe(400);
  });
});

describe('dates (finding 8)', () => {
  it('refuses an expiration of the wrong type or beyond the years a date may name with 400, never 500', async () => {
    const made = await req<{ userId: string; username: string }>(admin, 'POST', '/v2/users', { username: '13988880001', name: '到期测试' });
    expect(made.status, made.body.status_text).toBe(200);
    for (const expiration of [12345, true, { at: 1 }]) await refusedUnwritten(400, () => req(admin, 'PUT', '/v2/users/13988880001', { expiration }));
    for (const expiration of ['+275760-09-13T00:00:00.000Z', '10000-01-01', '0001-01-01', '2026-02-30', '2026-13-01', '2026-01-01T25:00:00Z', 'tomorrow', '12345']) {
      await refusedUnwritten(400, () => req(admin, 'PUT', '/v2/users/13988880001', { expiration }), USER_TEXT.badExpiration);
      await refusedUnwritten(400, () => req(admin, 'POST', '/v2/users', { username: '13988880002', name: '到期', expiration }), USER_TEXT.badExpiration);
    }
    const fine = await req<{ expiration: string }>(admin, 'PUT', '/v2/users/13988880001', { expiration: '2030-06-30T15:59:59.000Z' });
    expect(fine.status, fine.body.status_text).toBe(200);
    expect(fine.body.data.expiration).toBe('2030-06-30T15:59:59.000Z');
    expect((await req<{ expiration: string }>(admin, 'PUT', '/v2/users/13988880001', { expiration: '2031-01-31' })).body.data.expiration).toBe('2031-01-31T00:00:00.000Z');
  });

  it('refuses them on an org-app too (the platform sets its expiration)', async () => {
    const provider = await signIn(server, DEMO.provider);
    for (const expiration of ['+275760-09-13T00:00:00.000Z', 12345]) {
      await refusedUnwritten(400, () => req(provider, 'PUT', `/v2/config/orgapp/org/${admin.orgApp!.orgId}`, { expiration }));
    }
  });
});

// Order fixtures for API tests over real HTTP: a school and its supplier signed in, the supplier's approved
// prices the school sees, and an order of the school taken through to received.
import { expect } from 'vitest';
import type { TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { OrderDetail } from '../../contracts/orders.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { isPackageUnit } from '../../domain/wholePackages.ts';

export const SUPPLIER_ORG = 'org-xfsp';
/** The demo's org ids the order tests name: the two suppliers (鲜丰, 集采) and schools A and B. */
export const ORGS = { XFSP: SUPPLIER_ORG, JCPS: 'org-jcps', A: 'org-ygsy', B: 'org-mdzx' } as const;
export interface EffectivePrice { skuId: string; price: number; isCheck: number; unit: string }
export interface OrderParties { school: Session; supplier: Session; prices: EffectivePrice[] }

export const inDays = (n: number) => dayOf(new Date(Date.now() + n * 86_400_000));

/**
 * School A's purchaser, the demo supplier and (at least two of) the supplier's approved prices the school sees,
 * weighed goods first: tests order fractional quantities of the first ones, and a package unit takes whole ones only
 * (the list's own order among prices of one day is not fixed, so a bag of 鸡精 could otherwise come first).
 */
export async function orderParties(server: TestServer): Promise<OrderParties> {
  const school = await signIn(server, DEMO.purchaser, SCHOOL_A);
  const supplier = await signIn(server, DEMO.supplier);
  const res = await call<{ rows: EffectivePrice[] }>(server, 'GET', `/v5/mall/sku/price/latest-price?supplierId=${SUPPLIER_ORG}&$limit=20`, auth(school));
  const prices = res.body.data.rows.filter((p) => p.isCheck === 1).sort((a, b) => Number(isPackageUnit(a.unit)) - Number(isPackageUnit(b.unit)));
  expect(prices.length).toBeGreaterThanOrEqual(2);
  return { school, supplier, prices };
}

/**
 * An order of the school placed `days` ahead and taken through to received: line a 4 ordered / `receivedA`
 * received, line b 2 / 2 (a and b the first two prices).
 */
export async function receivedOrder(server: TestServer, { school, supplier, prices }: OrderParties, days: number, receivedA: number): Promise<OrderDetail> {
  const [a, b] = prices;
  const act = (s: Session, id: string, body: unknown) => call<OrderDetail>(server, 'PUT', `/v4/mall/order/${id}`, { ...auth(s), body });
  const placed = await call<OrderDetail>(server, 'POST', '/v4/mall/order', {
    ...auth(school), body: { supplierId: SUPPLIER_ORG, deliveryDate: inDays(days), items: [{ skuId: a!.skuId, quantity: 4 }, { skuId: b!.skuId, quantity: 2 }] },
  });
  expect(placed.status, placed.body.status_text).toBe(200);
  const id = placed.body.data.id;
  for (const action of ['confirm', 'dispatch', 'deliver']) expect((await act(supplier, id, { action })).status).toBe(200);
  const received = await act(school, id, { action: 'receive', lines: [{ skuId: a!.skuId, receivedQuantity: receivedA }, { skuId: b!.skuId, receivedQuantity: 2 }] });
  expect(received.status, received.body.status_text).toBe(200);
  return received.body.data;
}

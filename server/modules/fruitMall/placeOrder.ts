// Issue 34: placing a fruit order, for a member on the storefront and for a group buy that succeeded alike. The facts
// the decider needs (domain/aggregates/fruitOrder.ts) are read here under the SKU's stock lock, so two orders never
// take the same unit; the price, the campaign discount and the days are the decider's. The money moves after the
// order is written (chargeOrder): a declined charge cancels the order it was for.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { decideAndAppend, lockKey, runDecisions } from '../../store/command.ts';
import { HttpError } from '../../http/errors.ts';
import {
  fruitOrderDecider, fruitOrderStream, type FruitOrderCommand, type FruitOrderMember, type FruitOrderPlaced, type PlaceFacts,
} from '../../../domain/aggregates/fruitOrder.ts';
import { DEFAULT_MEMBER_LEVEL } from '../../../domain/constants.ts';
import { FRUIT_TEXT, fruitOfferOf, type FruitPayment, type FruitPlan } from '../../../domain/fruitMall.ts';
import type { Campaign } from '../../../domain/mall/campaign.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import type { Payments } from '../../payments/PaymentAdapter.ts';

export interface OrderSpec {
  skuId: string;
  child: { name: string; schoolOrgId: string; grade: string; className: string };
  plan: FruitPlan;
  startDay: string;
  quantity: number;
  payment: FruitPayment;
}

/** The fruit org's member as the order records him (his level read now, from the org's member list). */
export async function orderMemberOf(db: Kysely<Database> | Tx, orgId: string, memberId: string): Promise<FruitOrderMember | null> {
  const row = await db.selectFrom('product_members').select(['user_id', 'name', 'phone_number', 'config'])
    .where('org_id', '=', orgId).where('user_id', '=', memberId).executeTakeFirst();
  if (!row) return null;
  const level = (row.config as { level?: unknown } | null)?.level;
  return { phone: row.phone_number, orgId, userId: row.user_id, name: row.name, level: typeof level === 'string' && level ? level : DEFAULT_MEMBER_LEVEL };
}

/** The campaigns the fruit org runs (the decider keeps those serving the member's level now). */
export async function campaignsOf(db: Kysely<Database> | Tx, orgId: string): Promise<(Campaign & { id: string })[]> {
  const rows = await db.selectFrom('mall_records').select(['record_id', 'data']).where('org_id', '=', orgId).where('kind', '=', 'campaign').execute();
  return rows.map((r) => ({ ...(r.data as Campaign), id: r.record_id }));
}

/** What the decider needs to place the order (read under the SKU's stock lock when placing). */
export async function placeFacts(tx: Kysely<Database> | Tx, orgId: string, memberId: string, spec: OrderSpec, now: Date, groupon?: PlaceFacts['groupon']): Promise<PlaceFacts> {
  const sku = await tx.selectFrom('skus as s')
    .innerJoin('products as p', (j) => j.onRef('p.org_id', '=', 's.org_id').onRef('p.id', '=', 's.product_id'))
    .innerJoin('orgs as o', (j) => j.onRef('o.org_id', '=', 's.org_id').on('o.kind', '=', 'fruit'))
    .select(['s.sku_id', 's.product_id', 'p.name', 's.spec', 's.unit', 'p.is_uppershelf', 's.extra_info'])
    .where('s.org_id', '=', orgId).where('s.sku_id', '=', spec.skuId).where('s.is_delete', '=', false).where('p.is_delete', '=', false)
    .executeTakeFirst();
  const offer = sku ? fruitOfferOf(sku.extra_info) : null;
  const [school, member, holidays, ordered, campaigns] = await Promise.all([
    tx.selectFrom('fruit_schools as l').innerJoin('orgs as s', 's.org_id', 'l.school_org_id').select('s.name')
      .where('l.org_id', '=', orgId).where('l.school_org_id', '=', spec.child.schoolOrgId).executeTakeFirst(),
    orderMemberOf(tx, orgId, memberId),
    tx.selectFrom('holidays').select(['date', 'type']).execute(),
    tx.selectFrom('fruit_order_days as d')
      .innerJoin('fruit_orders as f', (j) => j.onRef('f.org_id', '=', 'd.org_id').onRef('f.id', '=', 'd.order_id'))
      .select(['d.day', (eb) => eb.fn.sum<string>('d.quantity').as('n')])
      .where('d.org_id', '=', orgId).where('d.sku_id', '=', spec.skuId).where('d.status', '<>', 'refunded').where('f.status', '<>', 'cancelled')
      .groupBy('d.day').execute(),
    groupon ? Promise.resolve([]) : campaignsOf(tx, orgId),
  ]);
  return {
    sku: sku && offer ? { skuId: sku.sku_id, productId: sku.product_id, name: sku.name, spec: sku.spec, unit: sku.unit, offer, onShelf: sku.is_uppershelf } : null,
    serves: !!school,
    member,
    schoolName: school?.name ?? '',
    holidays: holidays.map((h) => ({ date: String(h.date), type: h.type })),
    today: dayOf(now),
    orderedByDay: Object.fromEntries(ordered.map((r) => [String(r.day), Number(r.n)])),
    campaigns,
    ...(groupon && { groupon }),
  };
}

export const placeCommand = (orderId: string, orderNo: string, now: Date, facts: PlaceFacts, spec: OrderSpec, idempotency?: { key: string; fingerprint: string }): FruitOrderCommand => ({
  type: 'PlaceFruitOrder', orderId, orderNo, at: now.toISOString(), facts, child: spec.child, plan: spec.plan, startDay: spec.startDay,
  quantity: spec.quantity, payment: spec.payment, ...(idempotency && { idempotency }),
});

/** Places the order in the transaction, one order at a time per SKU (the stock left per day is read under the lock). */
export async function placeFruitOrder(tx: Tx, p: {
  orgId: string; memberId: string; orderId: string; orderNo: string; spec: OrderSpec; now: Date; meta: EventMeta;
  groupon?: PlaceFacts['groupon']; idempotency?: { key: string; fingerprint: string };
}): Promise<FruitOrderPlaced> {
  await lockKey(tx, 'fruitStock', `${p.orgId}/${p.spec.skuId}`);
  const facts = await placeFacts(tx, p.orgId, p.memberId, p.spec, p.now, p.groupon);
  const { decided } = await decideAndAppend(tx, {
    orgId: p.orgId, streamId: fruitOrderStream(p.orderId), streamType: 'fruitOrder', decider: fruitOrderDecider, meta: p.meta,
    command: placeCommand(p.orderId, p.orderNo, p.now, facts, p.spec, p.idempotency),
  });
  return decided[0]!.data as FruitOrderPlaced;
}

/** Charges a placed order through its payment adapter: paid at once by a gateway, or left placed (paid at school). */
export async function chargeOrder(db: Kysely<Database>, payments: Payments, p: { orgId: string; orderId: string; orderNo: string; payment: FruitPayment; amount: number; meta: EventMeta; clock: () => Date }): Promise<void> {
  const adapter = p.payment === 'gateway' ? payments.gateway : payments.offline;
  if (!adapter) throw new HttpError(422, FRUIT_TEXT.paymentUnavailable);
  const command = (c: FruitOrderCommand) => runDecisions(db, (tx) => decideAndAppend(tx, {
    orgId: p.orgId, streamId: fruitOrderStream(p.orderId), streamType: 'fruitOrder', decider: fruitOrderDecider, meta: p.meta, command: c,
  }));
  let charge;
  try {
    charge = await adapter.charge({ orderId: p.orderId, orderNo: p.orderNo, amount: p.amount });
  } catch {
    await command({ type: 'CancelFruitOrder', orderId: p.orderId, by: 'member', at: p.clock().toISOString() });
    throw new HttpError(502, FRUIT_TEXT.paymentFailed);
  }
  if (charge.paid) await command({ type: 'PayFruitOrder', orderId: p.orderId, paymentRef: charge.ref, at: p.clock().toISOString() });
}

// Issue 34: group buys on the store: the decider of domain/aggregates/groupon.ts on one stream per group buy, the
// rows members and operators read, and the settling of those whose deadline passed. A fruit org's group buy that
// succeeds places each member's fruit order at the group price in the same transaction (the same order model and
// stock lock as any order), then charges it through the payment adapter; one that fails places and charges nothing.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { decideAndAppend, runDecisions } from '../../store/command.ts';
import { GROUPON_TEXT, grouponDecider, grouponStatusAt, membersNeeded, type GrouponCommand, type GrouponSucceeded } from '../../../domain/aggregates/groupon.ts';
import type { FruitOrderPlaced } from '../../../domain/aggregates/fruitOrder.ts';
import { HttpError } from '../../http/errors.ts';
import { chargeOrder, placeFruitOrder } from '../fruitMall/placeOrder.ts';
import type { Payments } from '../../payments/PaymentAdapter.ts';
import { mallStreams } from './access.ts';
import crypto from 'node:crypto';
import { dayOf } from '../../../domain/priceCycle.ts';
import { fruitOrderNo } from './fruitOrders.ts';
import { localizeServerText } from '../../../domain/serverTexts.ts';
import type { Locale } from '../../../domain/constants.ts';

/** `expectedVersion`: the version an operator's edit read (a stale one is a 409; docs/versions.md) */
export const grouponCommand = (tx: Tx, orgId: string, command: GrouponCommand, meta: EventMeta, expectedVersion?: number) => decideAndAppend(tx, {
  orgId, streamId: mallStreams.groupon(orgId, command.grouponId), streamType: 'groupon', decider: grouponDecider, command, meta, expectedVersion,
});

type Row = Selectable<Database['mall_groupons']>;

export interface GrouponView {
  id: string; title: string; productId: string; imageUrl: string | null; unitPrice: number; groupPrice: number;
  minPeople: number; maxPeople: number | null; deadline: string; status: string; joined: number; needed: number; createdAt: string;
}

export function grouponView(r: Row, now: Date): GrouponView {
  const terms = { minPeople: r.min_people, deadline: new Date(r.deadline).toISOString() };
  return {
    id: r.groupon_id, title: r.title, productId: r.product_id, imageUrl: r.image_url, unitPrice: Number(r.unit_price), groupPrice: Number(r.group_price),
    minPeople: r.min_people, maxPeople: r.max_people, deadline: terms.deadline,
    status: grouponStatusAt({ status: r.status as 'open', terms: { ...terms } as never }, now) ?? r.status,
    joined: r.joined, needed: membersNeeded(terms, r.joined), createdAt: new Date(r.created_at).toISOString(),
  };
}

export const grouponViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' }, title: { type: 'string' }, productId: { type: 'string' }, imageUrl: { type: ['string', 'null'] },
    unitPrice: { type: 'number' }, groupPrice: { type: 'number' }, minPeople: { type: 'integer' }, maxPeople: { type: ['integer', 'null'] },
    deadline: { type: 'string' }, status: { type: 'string' }, joined: { type: 'integer' }, needed: { type: 'integer' }, createdAt: { type: 'string' },
    myQuantity: { type: ['integer', 'null'] }, version: { type: 'integer' },
    /** the member's own order once a fruit group buy succeeded: placed (its number) or failed (why) */
    myOrder: { type: ['object', 'null'], properties: { status: { type: 'string', enum: ['placed', 'failed'] }, orderNo: { type: ['string', 'null'] }, reason: { type: ['string', 'null'] } } },
  },
} as const;

/**
 * Places the fruit orders of a fruit org's group buy that succeeded, at the group price, in the settle's transaction.
 * A member whose order the rules refuse (the stock gone, no school day left) gets none and pays nothing; the group
 * buy's stream records why (GrouponOrderFailed), so his "my group buys" and the operator's list of who joined show it.
 * Returns the orders placed, to charge once the transaction is committed.
 */
async function placeGrouponOrders(tx: Tx, orgId: string, grouponId: string, won: GrouponSucceeded, now: Date, meta: EventMeta) {
  const org = await tx.selectFrom('orgs').select('kind').where('org_id', '=', orgId).executeTakeFirst();
  if (org?.kind !== 'fruit') return [];
  const g = await tx.selectFrom('mall_groupons').select('product_id').where('org_id', '=', orgId).where('groupon_id', '=', grouponId).executeTakeFirstOrThrow();
  // the group buy's goods: the product, or the SKU itself (a fruit product has one SKU)
  const sku = await tx.selectFrom('skus').select('sku_id').where('org_id', '=', orgId).where('is_delete', '=', false)
    .where((eb) => eb.or([eb('product_id', '=', g.product_id), eb('sku_id', '=', g.product_id)])).orderBy('sku_id').executeTakeFirst();
  const placed: (FruitOrderPlaced & { memberId: string })[] = [];
  const failed: { memberId: string; reason: string }[] = [];
  for (const p of won.participants) {
    if (!p.order || !sku) { failed.push({ memberId: p.memberId, reason: sku ? GROUPON_TEXT.noOrder : GROUPON_TEXT.noGoods }); continue; }
    // a start day the deadline passed begins the plan today
    const startDay = p.order.startDay < dayOf(now) ? dayOf(now) : p.order.startDay;
    try {
      const order = await placeFruitOrder(tx, {
        orgId, memberId: p.memberId, orderId: crypto.randomUUID(), orderNo: fruitOrderNo(now),
        spec: { skuId: sku.sku_id, child: p.order.child, plan: p.order.plan, startDay, quantity: p.quantity, payment: p.order.payment }, now, meta,
        groupon: { grouponId, groupPrice: won.groupPrice },
      });
      placed.push({ ...order, memberId: p.memberId });
    } catch (e) {
      // a refusal writes nothing; anything else is a bug and rolls the settle back
      if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
      failed.push({ memberId: p.memberId, reason: e.message });
    }
  }
  await grouponCommand(tx, orgId, {
    type: 'RecordGrouponOrders', grouponId, failed,
    placed: placed.map((o) => ({ memberId: o.memberId, orderId: o.orderId, orderNo: o.orderNo })),
  }, meta);
  return placed;
}

/**
 * Settles the org's (or every org's) open group buys whose deadline passed or that are full: success or failure
 * as the decider decides. Each in its own transaction; one that another settle decided meanwhile is left as is.
 */
export async function settleDue(db: Kysely<Database>, orgId: string | null, now: Date, meta: EventMeta, payments?: Payments, log: (msg: string) => void = () => undefined): Promise<number> {
  let q = db.selectFrom('mall_groupons').select(['org_id', 'groupon_id']).where('status', '=', 'open')
    .where((eb) => eb.or([eb('deadline', '<=', now), eb.and([eb('max_people', 'is not', null), eb('joined', '>=', eb.ref('max_people'))])]));
  if (orgId) q = q.where('org_id', '=', orgId);
  const due = await q.limit(500).execute();
  let settled = 0;
  for (const g of due) {
    const { count, orders } = await runDecisions(db, async (tx) => {
      const { decided } = await decideAndAppend(tx, {
        orgId: g.org_id, streamId: mallStreams.groupon(g.org_id, g.groupon_id), streamType: 'groupon', decider: grouponDecider, meta,
        command: { type: 'SettleGroupon', grouponId: g.groupon_id, now: now.toISOString() },
      }).catch((e: unknown) => {
        // settled by another request meanwhile (closed), or not due after all: nothing to do
        if ((e as { statusCode?: number }).statusCode === 409) return { decided: [] };
        throw e;
      });
      const won = decided.find((e) => e.type === 'GrouponSucceeded');
      const orders = won ? await placeGrouponOrders(tx, g.org_id, g.groupon_id, won.data as GrouponSucceeded, now, meta) : [];
      return { count: decided.length, orders };
    });
    settled += count;
    // the money moves once the orders are written; a declined charge cancels that member's order only
    for (const o of orders) {
      if (!payments) continue;
      await chargeOrder(db, payments, { orgId: g.org_id, orderId: o.orderId, orderNo: o.orderNo, payment: o.payment, amount: o.amount, meta, clock: () => now })
        .catch((e: unknown) => log(`group buy ${g.groupon_id}: charging order ${o.orderNo} failed: ${(e as Error).message}`));
    }
  }
  return settled;
}

/** The member's own group-buy order as he reads it: placed (its number) or failed (why, in his language); null before. */
export function myOrderOf(row: { order_no: string | null; order_failure: string | null } | undefined, locale: Locale) {
  if (row?.order_failure) return { status: 'failed' as const, orderNo: null, reason: localizeServerText(row.order_failure, locale) };
  return row?.order_no ? { status: 'placed' as const, orderNo: row.order_no, reason: null } : null;
}

/** The meta of what the server does by itself (a deadline passing). */
export const systemMeta = (now: Date, route: string): EventMeta => ({ username: 'system', route, time: now.toISOString() });

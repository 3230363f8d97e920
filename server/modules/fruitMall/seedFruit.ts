// Issue 34 demo data: the demo fruit org serves both demo schools and sells a few fruits; its storefront is published
// (template open, a banner and a notice), runs a campaign (10% off for every level) and a group buy of bananas that
// one member already joined; its members ordered this week's fruit (one week subscription each, for a child of the
// second school) with the campaign's discount, paid; the days before today are delivered. Every record is decided by
// its decider, so the demo holds only what the rules allow.
import crypto from 'node:crypto';
import { appendToStream, streamVersion, type EventMeta, type Tx } from '../../store/eventStore.ts';
import { isRefusal } from '../../../domain/decider.ts';
import { productDecider, skuDecider, type ProductCreated, type SkuCreated } from '../../../domain/aggregates/product.ts';
import { fruitOrgDecider, fruitOrgStream } from '../../../domain/aggregates/fruitOrg.ts';
import { fruitOrderDecider, fruitOrderStream, type FruitOrderCommand } from '../../../domain/aggregates/fruitOrder.ts';
import { orderDaysOf, weekStartOf, type FruitOffer } from '../../../domain/fruitMall.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import type { Decider, DomainEvent } from '../../../domain/decider.ts';
import { mallStreams } from '../mall/streams.ts';
import { mallRecordDecider } from '../../../domain/aggregates/mallRecord.ts';
import { grouponDecider } from '../../../domain/aggregates/groupon.ts';
import type { Campaign } from '../../../domain/mall/campaign.ts';
import { mallStreams as storefrontStreams, TEMPLATE_RECORD_ID } from '../storefront/access.ts';
import { orderMemberOf } from './placeOrder.ts';

export interface SeedFruitInput {
  fruitOrgId: string;
  schoolOrgIds: string[];
  /** the school of the children the members ordered for */
  orderingSchoolId: string;
  now: Date;
}

const FRUITS: { name: string; spec: string; unit: string; offer: FruitOffer }[] = [
  { name: '红富士苹果', spec: '单果约200g', unit: '个', offer: { levelPrices: { LV1: 3.5, LV2: 3.2 }, dailyStock: 300, season: [] } },
  { name: '香蕉', spec: '单根约150g', unit: '根', offer: { levelPrices: { LV1: 2.5, LV2: 2.3 }, dailyStock: 300, season: [] } },
  { name: '砂糖橘', spec: '3个装', unit: '份', offer: { levelPrices: { LV1: 4, LV2: 3.6 }, dailyStock: 200, season: [1, 2, 3, 10, 11, 12] } },
];

export async function seedFruit(tx: Tx, meta: EventMeta, input: SeedFruitInput): Promise<number> {
  let events = 0;
  const orgId = input.fruitOrgId;
  const at = input.now.toISOString();
  async function decide<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, streamType: string, state: S, command: C): Promise<S> {
    const decision = decider.decide(command, state);
    if (isRefusal(decision)) throw new Error(`demo fruit data refused: ${decision.message}`);
    await appendToStream(tx, { orgId, streamId, streamType, expectedVersion: await streamVersion(tx, streamId), events: decision.map((e) => ({ type: e.type, data: e.data as Record<string, unknown> })), meta });
    events += decision.length;
    return decision.reduce(decider.evolve, state);
  }

  await decide(fruitOrgDecider, fruitOrgStream(orgId), 'fruitOrg', fruitOrgDecider.initialState(), {
    type: 'SetFruitSchools', orgId, at, kind: 'fruit', schools: input.schoolOrgIds.map((s) => ({ orgId: s, kind: 'school' as const })),
  });

  const skus: (SkuCreated & { offer: FruitOffer })[] = [];
  for (const f of FRUITS) {
    const product: ProductCreated = {
      id: crypto.randomUUID(), name: f.name, cid: null, categoryId: null, status: 1, isPackage: false, isUppershelf: true, rawRipe: '', unit: f.unit,
      priceClass: null, extraInfo: { images: [], fruit: true }, at,
    };
    await decide(productDecider, mallStreams.product(product.id), 'product', productDecider.initialState(), { type: 'CreateProduct', product, categoryKnown: true });
    const sku: SkuCreated = { skuId: crypto.randomUUID(), productId: product.id, name: f.name, spec: f.spec, unit: f.unit, sort: 0, enable: true, extraInfo: { fruit: f.offer }, at };
    await decide(skuDecider, mallStreams.sku(sku.skuId), 'sku', skuDecider.initialState(), { type: 'CreateSku', sku, productLive: true });
    skus.push({ ...sku, offer: f.offer });
  }

  // the storefront: published, with a banner, a notice, a campaign and a running group buy
  const DAY = 86_400_000;
  const record = async (kind: 'template' | 'content' | 'campaign', recordId: string, data: unknown) =>
    decide(mallRecordDecider, storefrontStreams.record(orgId, recordId), 'mallRecord', mallRecordDecider.initialState(), {
      type: 'SaveMallRecord', kind, recordId, data: data as never, create: true,
    });
  await record('template', TEMPLATE_RECORD_ID, { layout: 'classic', shopName: '鲜果园课间水果', blocks: [], open: true });
  await record('content', crypto.randomUUID(), { kind: 'banner', title: '新鲜水果每天送到班', imageUrl: '/favicon.svg' });
  await record('content', crypto.randomUUID(), { kind: 'notice', title: '订购说明', body: '<p>按周或按月订购，<b>上学日</b>每天课间送到班级；缺送的日子可申请退款。</p>' });
  const campaign: Campaign & { id: string } = {
    id: crypto.randomUUID(), name: '开学季九折', kind: 'discount', percentOff: 10, levels: [], enabled: true,
    startsAt: new Date(input.now.getTime() - 7 * DAY).toISOString(), endsAt: new Date(input.now.getTime() + 60 * DAY).toISOString(),
  };
  const { id: campaignId, ...campaignData } = campaign;
  await record('campaign', campaignId, campaignData);
  const banana = skus.find((k) => k.name === '香蕉')!;
  const grouponId = crypto.randomUUID();
  let groupon = await decide(grouponDecider, storefrontStreams.groupon(orgId, grouponId), 'groupon', grouponDecider.initialState(), {
    type: 'CreateGroupon', grouponId, now: at,
    terms: { title: '香蕉一周拼团', productId: banana.productId, unitPrice: 2.5, groupPrice: 2, minPeople: 3, deadline: new Date(input.now.getTime() + 3 * DAY).toISOString() },
  });

  // this week's orders (from Monday, so the days before today can be delivered)
  const today = dayOf(input.now);
  const monday = weekStartOf(today);
  const holidays = (await tx.selectFrom('holidays').select(['date', 'type']).execute()).map((h) => ({ date: String(h.date), type: h.type }));
  const members = (await tx.selectFrom('product_members').select('user_id').where('org_id', '=', orgId).orderBy('phone_number').execute()).map((m) => m.user_id);
  const school = await tx.selectFrom('orgs').select('name').where('org_id', '=', input.orderingSchoolId).executeTakeFirstOrThrow();
  const ordered: Record<string, Record<string, number>> = {};
  const classes = [{ grade: '七年级', className: '1班' }, { grade: '七年级', className: '2班' }];
  const children = ['小雨', '明明'];
  // a week without school days (a holiday week) has nothing to order
  if (!orderDaysOf('week', monday, holidays).length) return events;
  for (const [i, memberId] of members.entries()) {
    const member = await orderMemberOf(tx, orgId, memberId);
    if (!member) continue;
    if (i === members.length - 1) {
      // the last member joined the group buy for his child's next week
      groupon = await decide(grouponDecider, storefrontStreams.groupon(orgId, grouponId), 'groupon', groupon, {
        type: 'JoinGroupon', grouponId, memberId, name: member.name, quantity: 1, now: at,
        order: { child: { name: `${member.name.slice(0, 1)}小飞`, schoolOrgId: input.orderingSchoolId, grade: '七年级', className: '2班' }, plan: 'week', startDay: weekStartOf(dayOf(new Date(input.now.getTime() + 7 * DAY))), payment: 'offline' },
      });
    }
    const sku = skus[i % skus.length]!;
    const orderId = crypto.randomUUID();
    const streamId = fruitOrderStream(orderId);
    const place: FruitOrderCommand = {
      type: 'PlaceFruitOrder', orderId, orderNo: `XG${monday.replace(/-/g, '')}${String(i + 1).padStart(6, '0')}`, at,
      child: { name: `${member.name.slice(0, 1)}${children[i % children.length]}`, schoolOrgId: input.orderingSchoolId, ...classes[i % classes.length]! },
      plan: 'week', startDay: monday, quantity: 1 + (i % 2), payment: i % 2 ? 'offline' : 'gateway',
      facts: {
        sku: { skuId: sku.skuId, productId: sku.productId, name: sku.name, spec: sku.spec, unit: sku.unit, offer: sku.offer, onShelf: true }, serves: true,
        member, schoolName: school.name, holidays, today: monday, orderedByDay: ordered[sku.skuId] ?? {}, campaigns: [campaign],
      },
    };
    let state = await decide(fruitOrderDecider, streamId, 'fruitOrder', fruitOrderDecider.initialState(), place);
    if (state.status !== 'placed') continue;
    state = await decide(fruitOrderDecider, streamId, 'fruitOrder', state, { type: 'PayFruitOrder', orderId, paymentRef: i % 2 ? 'OFFLINE-demo' : 'SIM-demo', at });
    for (const day of Object.keys(state.days)) {
      (ordered[sku.skuId] ??= {})[day] = ((ordered[sku.skuId] ?? {})[day] ?? 0) + place.quantity;
      if (day < today) state = await decide(fruitOrderDecider, streamId, 'fruitOrder', state, { type: 'DeliverFruitDay', orderId, day, at } satisfies FruitOrderCommand);
    }
  }
  return events;
}

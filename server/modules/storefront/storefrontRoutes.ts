// Issue 34: what a signed-in member does on the storefront: his org's home, an article or notice, the group buys he
// may join or leave, and his own group buys. The org is always the member session's (request.member.orgId), never a
// value the client sent; a record of another org is not found.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { runDecisions } from '../../store/command.ts';
import { sanitiseRichText } from '../../http/richText.ts';
import { GROUPON_TEXT } from '../../../domain/aggregates/groupon.ts';
import { MALL_RECORD_TEXT } from '../../../domain/aggregates/mallRecord.ts';
import { isLiveAt } from '../../../domain/mall/schedule.ts';
import type { MallContent } from '../../../domain/mall/content.ts';
import { buildHome, homeSchema } from './home.ts';
import { grouponCommand, grouponView, grouponViewSchema, myOrderOf, settleDue, systemMeta } from './groupons.ts';
import { serverLocale } from '../../../domain/serverTexts.ts';
import { openShop, STOREFRONT_TEXT } from './memberSignIn.ts';
import { paymentsOfApp } from '../fruitMall/routes.ts';
import { badRequest, unprocessable } from '../../http/errors.ts';
import { FRUIT_TEXT, isDay } from '../../../domain/fruitMall.ts';
import type { GrouponOrder } from '../../../domain/aggregates/groupon.ts';

const tags = ['storefront'];
const member = { auth: 'member' } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

export default async function storefrontRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db, clock } = ctx;
  /** settles what is due, placing and charging a fruit group buy's orders */
  const settle = (orgId: string | null, why: string) =>
    settleDue(db, orgId, clock(), systemMeta(clock(), why), paymentsOfApp(app), (msg) => app.log.warn(msg));
  const who = (request: FastifyRequest) => request.member!;
  const meta = (request: FastifyRequest) => ({
    username: `member:${who(request).memberId}`, memberId: who(request).memberId, requestId: request.id,
    route: `${request.method} ${request.routeOptions.url ?? ''}`, time: clock().toISOString(),
  });
  /** the shop must still be open: an org that closed its storefront serves its members nothing */
  const shopOf = async (request: FastifyRequest) => {
    const shop = await openShop(db, who(request).orgId);
    if (!shop) throw notFound(STOREFRONT_TEXT.closed);
    return shop;
  };

  app.get('/v1/storefront/home', {
    config: member,
    schema: { tags, summary: "The member's storefront home: template blocks, live content, campaigns of his level, open group buys", response: { 200: envelopeSchema(homeSchema) } },
  }, async (request) => {
    await shopOf(request);
    const m = who(request);
    await settle(m.orgId, 'storefront home');
    return ok(await buildHome(db, m.orgId, clock(), { level: m.level, memberId: m.memberId }));
  });

  const contentSchema = { type: 'object', properties: { id: { type: 'string' }, kind: { type: 'string' }, title: { type: 'string' }, body: { type: 'string' }, imageUrl: { type: ['string', 'null'] }, startsAt: { type: ['string', 'null'] } } } as const;
  app.get<{ Params: { id: string } }>('/v1/storefront/content/:id', {
    config: member,
    schema: { tags, summary: 'A published notice or article of his storefront', params: idParams, response: { 200: envelopeSchema(contentSchema) } },
  }, async (request) => {
    await shopOf(request);
    const row = await db.selectFrom('mall_records').select(['record_id', 'data']).where('org_id', '=', who(request).orgId)
      .where('kind', '=', 'content').where('record_id', '=', request.params.id).executeTakeFirst();
    const c = row?.data as MallContent | undefined;
    if (!row || !c || !isLiveAt(c, clock())) throw notFound(MALL_RECORD_TEXT.missing.content);
    return ok({ id: row.record_id, kind: c.kind, title: c.title, body: sanitiseRichText(c.body ?? ''), imageUrl: c.imageUrl ?? null, startsAt: c.startsAt ?? null });
  });

  const grouponOf = async (request: FastifyRequest, id: string) => {
    const m = who(request);
    const [g, mine] = await Promise.all([
      db.selectFrom('mall_groupons').selectAll().where('org_id', '=', m.orgId).where('groupon_id', '=', id).executeTakeFirst(),
      db.selectFrom('mall_groupon_members').select(['quantity', 'order_no', 'order_failure']).where('org_id', '=', m.orgId).where('groupon_id', '=', id).where('member_id', '=', m.memberId).executeTakeFirst(),
    ]);
    if (!g) throw notFound(GROUPON_TEXT.missing);
    return { ...grouponView(g, clock()), myQuantity: mine?.quantity ?? null, myOrder: myOrderOf(mine, serverLocale(request.headers['accept-language'])) };
  };

  app.get<{ Params: { id: string } }>('/v1/storefront/groupon/:id', {
    config: member,
    schema: { tags, summary: 'A group buy of his storefront (the shared link opens it) and his part in it', params: idParams, response: { 200: envelopeSchema(grouponViewSchema) } },
  }, async (request) => {
    await shopOf(request);
    await settle(who(request).orgId, 'storefront groupon');
    return ok(await grouponOf(request, request.params.id));
  });

  /** A fruit org's group buy orders fruit for a child: the order the member's join carries, checked now. */
  async function grouponOrderOf(orgId: string, order: GrouponOrder | undefined): Promise<GrouponOrder | undefined> {
    const org = await db.selectFrom('orgs').select('kind').where('org_id', '=', orgId).executeTakeFirst();
    if (org?.kind !== 'fruit') return undefined;
    const child = order?.child;
    if (!order || !child?.name.trim() || !child.grade.trim() || !child.className.trim() || !isDay(order.startDay)) throw badRequest(FRUIT_TEXT.grouponOrderRequired);
    const serves = await db.selectFrom('fruit_schools').select('school_org_id').where('org_id', '=', orgId).where('school_org_id', '=', child.schoolOrgId).executeTakeFirst();
    if (!serves) throw unprocessable(FRUIT_TEXT.notServed);
    if (order.payment === 'gateway' && !paymentsOfApp(app).gateway) throw unprocessable(FRUIT_TEXT.paymentUnavailable);
    return { child: { name: child.name.trim(), schoolOrgId: child.schoolOrgId, grade: child.grade.trim(), className: child.className.trim() }, plan: order.plan, startDay: order.startDay, payment: order.payment };
  }
  const str32 = { type: 'string', maxLength: 32 } as const;
  const orderSchema = {
    type: 'object', additionalProperties: false, required: ['child', 'plan', 'startDay', 'payment'],
    properties: {
      child: {
        type: 'object', additionalProperties: false, required: ['name', 'schoolOrgId', 'grade', 'className'],
        properties: { name: { type: 'string', maxLength: 64 }, schoolOrgId: { type: 'string', minLength: 1, maxLength: 64 }, grade: str32, className: str32 },
      },
      plan: { type: 'string', enum: ['day', 'week', 'month'] }, startDay: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      payment: { type: 'string', enum: ['offline', 'gateway'] },
    },
  } as const;

  app.post<{ Params: { id: string }; Body: { quantity?: number; order?: GrouponOrder } | null }>('/v1/storefront/groupon/:id/join', {
    config: member,
    schema: {
      tags, summary: 'Join a group buy (or change his quantity) before its deadline; nothing is charged unless it succeeds. A fruit org\'s names the child\'s order',
      params: idParams,
      body: { type: ['object', 'null'], additionalProperties: false, properties: { quantity: { type: 'integer', minimum: 1, maximum: 99 }, order: orderSchema } },
      response: { 200: envelopeSchema(grouponViewSchema) },
    },
  }, async (request) => {
    await shopOf(request);
    const m = who(request);
    await grouponOf(request, request.params.id);
    const order = await grouponOrderOf(m.orgId, request.body?.order);
    await runDecisions(db, (tx) => grouponCommand(tx, m.orgId, {
      type: 'JoinGroupon', grouponId: request.params.id, memberId: m.memberId, name: m.name, quantity: request.body?.quantity ?? 1, now: clock().toISOString(),
      ...(order && { order }),
    }, meta(request)));
    return ok(await grouponOf(request, request.params.id));
  });

  app.post<{ Params: { id: string } }>('/v1/storefront/groupon/:id/leave', {
    config: member,
    schema: { tags, summary: 'Leave a group buy before its deadline', params: idParams, response: { 200: envelopeSchema(grouponViewSchema) } },
  }, async (request) => {
    await shopOf(request);
    const m = who(request);
    await grouponOf(request, request.params.id);
    await runDecisions(db, (tx) => grouponCommand(tx, m.orgId, { type: 'LeaveGroupon', grouponId: request.params.id, memberId: m.memberId, now: clock().toISOString() }, meta(request)));
    return ok(await grouponOf(request, request.params.id));
  });

  app.get('/v1/storefront/mine/groupons', {
    config: member,
    schema: { tags, summary: 'The group buys he joined, newest first, with how each ended', response: { 200: listSchema(grouponViewSchema) } },
  }, async (request) => {
    await shopOf(request);
    const m = who(request);
    await settle(m.orgId, 'storefront mine');
    const rows = await db.selectFrom('mall_groupon_members as p')
      .innerJoin('mall_groupons as g', (j) => j.onRef('g.org_id', '=', 'p.org_id').onRef('g.groupon_id', '=', 'p.groupon_id'))
      .selectAll('g').select(['p.quantity as my_quantity', 'p.order_no', 'p.order_failure'])
      .where('p.org_id', '=', m.orgId).where('p.member_id', '=', m.memberId).orderBy('p.joined_at', 'desc').limit(200).execute();
    const now = clock();
    const locale = serverLocale(request.headers['accept-language']);
    return list(rows.map((r) => ({ ...grouponView(r, now), myQuantity: r.my_quantity, myOrder: myOrderOf(r, locale) })));
  });

  // the deadlines pass without anyone asking: every minute the server settles what is due, in every org
  const timer = setInterval(() => {
    settle(null, 'groupon deadline').catch((e: unknown) => app.log.warn({ err: e }, 'settling group buys failed'));
  }, 60_000);
  timer.unref();
  app.addHook('onClose', async () => { clearInterval(timer); });
}

// payToBuy 购买服务 (issue 35): an org's service plan and the orders that renew or upgrade it. The org's admin places
// an order (priced from the deployment's editions, ctx.settings.serviceEditions, by domain/servicePlan.ts) and pays it
// through the payment adapters every order shares (server/payments/PaymentAdapter.ts): a bank transfer is the offline
// adapter, which waits for the platform to confirm the money arrived; the gateway's answer pays it at once. A paid order sets
// the org's expiration and user limit (the org's stream, as the platform's org settings do) in the same transaction.
// No one extends a plan any other way here, and no org confirms its own transfer.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { platformOnly } from '../../http/guards.ts';
import { streams } from '../users/streams.ts';
import { orgUserCount } from '../users/userCommands.ts';
import { orgDecider } from '../../../domain/aggregates/org.ts';
import { serviceOrderDecider, type ServiceOrderCommand, type ServiceOrderState } from '../../../domain/aggregates/serviceOrder.ts';
import {
  DEFAULT_SERVICE_EDITIONS, PAYMENT_METHODS, SERVICE_TEXT, SERVICE_YEARS_MAX, type PaymentMethod,
} from '../../../domain/servicePlan.ts';
import { RECIPE_USER_LIMIT_DEFAULT } from '../../../domain/constants.ts';
import { recipeUserLimit } from '../../../domain/recipeCycle.ts';
import { isAdmin, isManageAdmin } from '../../../domain/roles.ts';
import { paymentsOf, type ChargeResult, type PaymentAdapter } from '../../payments/PaymentAdapter.ts';
import { serviceOrderStream } from './projection.ts';

const tags = ['servicePlan'];
const str = { type: 'string' } as const;

/** Who buys for an org: its admin (admin_, manage_admin_), or the platform; a user admin manages people, not money. */
export function requirePlanBuyer(request: FastifyRequest): void {
  if (request.platform || isAdmin(request.roles ?? []) || isManageAdmin(request.roles ?? [])) return;
  throw forbidden('只有机构管理员可以购买服务');
}

const orderOf = (r: Selectable<Database['service_orders']> & { org_name?: string | null }) => ({
  id: r.id, orgId: r.org_id, orgName: r.org_name ?? '', edition: r.edition, years: r.years, amount: Number(r.amount), method: r.method, status: r.status,
  placedBy: r.placed_by, placedAt: new Date(r.placed_at).toISOString(), reference: r.reference, paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
  expiration: r.expiration ? new Date(r.expiration).toISOString() : null,
});
const orderSchema = {
  type: 'object',
  properties: {
    id: str, orgId: str, orgName: str, edition: str, years: { type: 'integer' }, amount: { type: 'number' }, method: str, status: str, placedBy: str, placedAt: str,
    reference: str, paidAt: { type: ['string', 'null'] }, expiration: { type: ['string', 'null'] },
  },
} as const;

/** What the console is told to do next: wait for the transfer (its instructions), go to a gateway, or nothing (paid). */
function paymentStartOf(charged: ChargeResult) {
  if (charged.paid) return { state: 'paid' as const, reference: charged.ref };
  if ('redirect' in charged) return { state: 'redirect' as const, url: charged.redirect };
  return { state: 'awaitingTransfer' as const, instructions: charged.instructions };
}

/** The order's state, read under its stream's lock by the command handler. */
const orderCommand = (tx: Tx, request: FastifyRequest, now: Date, orgId: string, id: string, command: ServiceOrderCommand) =>
  decideAndAppend(tx, {
    orgId, streamId: serviceOrderStream(id), streamType: 'serviceOrder', decider: serviceOrderDecider, meta: metaOf(request, now), command,
  });

export default async function servicePlanRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const bankAccount = ctx.settings.bankAccount ?? { payee: '', bank: '', account: '' };
  const editions = ctx.settings.serviceEditions ?? DEFAULT_SERVICE_EDITIONS;
  const payments = paymentsOf(ctx.settings.paymentGateway, bankAccount);
  // a bank transfer is the offline adapter; 'simulated' the gateway, where the deployment has that one
  const adapters = new Map<PaymentMethod, PaymentAdapter>([['bankTransfer', payments.offline]]);
  if (payments.gateway?.name === 'simulated') adapters.set('simulated', payments.gateway);
  const methods = PAYMENT_METHODS.filter((m) => adapters.has(m));

  /** Pays an order: the order's event, then the org's new expiration and user limit, in the caller's transaction. */
  async function pay(tx: Tx, request: FastifyRequest, now: Date, orgId: string, id: string, reference: string, by: Extract<ServiceOrderCommand, { type: 'ConfirmPayment' }>['by']) {
    const org = await tx.selectFrom('orgs').select(['expiration']).where('org_id', '=', orgId).executeTakeFirst();
    if (!org) throw notFound('机构不存在');
    const { decided } = await orderCommand(tx, request, now, orgId, id, {
      type: 'ConfirmPayment', reference, at: now.toISOString(), by, currentExpiration: org.expiration ? new Date(org.expiration).toISOString() : null,
    });
    const paid = decided.find((e) => e.type === 'ServiceOrderPaid');
    if (!paid) return;
    await decideAndAppend(tx, {
      orgId, streamId: streams.org(orgId), streamType: 'org', decider: orgDecider, meta: metaOf(request, now),
      command: { type: 'SetOrgSettings', settings: { orgId, expiration: paid.data.expiration, userLimit: paid.data.userLimit }, agentExists: false, nameTaken: false },
    });
  }

  app.get('/v1/serviceplan', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "The current org's plan: edition, user limit and count, expiration, the recipe quota; the editions on sale, the payment methods, its orders",
      response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const [org, userCount, orders, app] = await Promise.all([
      db.selectFrom('orgs').select(['name', 'expiration', 'user_limit']).where('org_id', '=', orgId).executeTakeFirst(),
      orgUserCount(db, orgId),
      db.selectFrom('service_orders').selectAll().where('org_id', '=', orgId).orderBy('placed_at', 'desc').limit(100).execute(),
      db.selectFrom('apps').select(sql<unknown>`config->'mallRecipeUserLimite'`.as('limit')).where('app_id', '=', appId).executeTakeFirst(),
    ]);
    if (!org) throw notFound('机构不存在');
    const lastPaid = orders.find((o) => o.status === 'paid');
    return ok({
      orgId, orgName: org.name, edition: lastPaid?.edition ?? null, expiration: org.expiration ? new Date(org.expiration).toISOString() : null,
      userLimit: org.user_limit, userCount,
      // §7 config.mallRecipeUserLimite, §9 default 5: the cycles each user may create (domain/recipeCycle.ts)
      recipeUserLimit: recipeUserLimit({ limit: typeof app?.limit === 'number' ? app.limit : RECIPE_USER_LIMIT_DEFAULT }),
      editions, yearsMax: SERVICE_YEARS_MAX,
      methods, bankAccount, orders: orders.map((o) => orderOf({ ...o, org_name: org.name })),
    });
  });

  app.post<{ Body: { edition: string; years: number; method: PaymentMethod } }>('/v1/serviceplan/order', {
    config: { auth: 'orgApp', guard: requirePlanBuyer },
    schema: {
      tags, summary: 'Place an order renewing or upgrading the plan; the price is the edition\'s; a gateway that pays at once extends the plan at once, a bank transfer waits for the platform',
      body: {
        type: 'object', additionalProperties: false, required: ['edition', 'years', 'method'],
        properties: { edition: { type: 'string', maxLength: 32 }, years: { type: 'integer' }, method: { type: 'string', enum: [...PAYMENT_METHODS] } },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { order: orderSchema, payment: { type: 'object', additionalProperties: true } } }) },
    },
  }, async (request) => {
    const { orgId } = request.orgApp!;
    const now = ctx.clock();
    const id = crypto.randomUUID();
    const adapter = adapters.get(request.body.method);
    const payment = await runDecisions(db, async (tx) => {
      const { state } = await orderCommand(tx, request, now, orgId, id, {
        type: 'PlaceOrder', id, orgId, edition: request.body.edition, years: request.body.years, method: request.body.method, placedBy: request.user!.userId,
        at: now.toISOString(), userCount: await orgUserCount(tx, orgId), methodEnabled: !!adapter, editions,
      });
      const placed = state as Extract<ServiceOrderState, { order: unknown }>;
      const charged = await adapter!.charge({ orderId: id, orderNo: id, amount: placed.order.amount });
      // the gateway's own answer pays the order; nobody's word does
      if (charged.paid) await pay(tx, request, now, orgId, id, charged.ref, { gateway: request.body.method });
      return paymentStartOf(charged);
    });
    const row = await db.selectFrom('service_orders').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirstOrThrow();
    return ok({ order: orderOf(row), payment });
  });

  app.post<{ Params: { id: string }; Body: { reference: string } }>('/v1/serviceplan/order/:id/confirm', {
    config: { auth: 'orgApp', guard: platformOnly('银行转账只能由平台确认到账') },
    schema: {
      tags, summary: 'The platform confirms a bank transfer arrived (its bank reference): the order is paid and the org\'s plan extended',
      params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } },
      body: { type: 'object', additionalProperties: false, required: ['reference'], properties: { reference: { type: 'string', minLength: 1, maxLength: 64 } } },
      response: { 200: envelopeSchema(orderSchema) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const found = await db.selectFrom('service_orders').select('org_id').where('id', '=', request.params.id).executeTakeFirst();
    if (!found) throw notFound(SERVICE_TEXT.notFound);
    await runDecisions(db, (tx) => pay(tx, request, now, found.org_id, request.params.id, request.body.reference, { platform: true, userId: request.user!.userId }));
    const row = await db.selectFrom('service_orders').selectAll().where('org_id', '=', found.org_id).where('id', '=', request.params.id).executeTakeFirstOrThrow();
    return ok(orderOf(row));
  });

  app.post<{ Params: { id: string } }>('/v1/serviceplan/order/:id/cancel', {
    config: { auth: 'orgApp', guard: requirePlanBuyer },
    schema: {
      tags, summary: 'Cancel a pending order of the own org (the platform: of any org)',
      params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } },
      response: { 200: envelopeSchema(orderSchema) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const found = await db.selectFrom('service_orders').select('org_id').where('id', '=', request.params.id).executeTakeFirst();
    // another org's order is as absent as one that never was
    if (!found || (found.org_id !== request.orgApp!.orgId && !request.platform)) throw notFound(SERVICE_TEXT.notFound);
    await runDecisions(db, (tx) => orderCommand(tx, request, now, found.org_id, request.params.id, { type: 'CancelOrder', by: request.user!.userId, at: now.toISOString() }));
    const row = await db.selectFrom('service_orders').selectAll().where('org_id', '=', found.org_id).where('id', '=', request.params.id).executeTakeFirstOrThrow();
    return ok(orderOf(row));
  });

  app.get<{ Querystring: { status?: string } }>('/v1/serviceplan/orders', {
    config: { auth: 'orgApp', guard: platformOnly('只有平台可以查看所有机构的订单') },
    schema: {
      tags, summary: "Every org's service orders (the platform confirms bank transfers from here)",
      querystring: { type: 'object', properties: { status: { type: 'string', enum: ['pending', 'paid', 'cancelled'] } } },
      response: { 200: listSchema(orderSchema) },
    },
  }, async (request) => {
    let q = db.selectFrom('service_orders').leftJoin('orgs', 'orgs.org_id', 'service_orders.org_id').selectAll('service_orders').select('orgs.name as org_name');
    if (request.query.status) q = q.where('service_orders.status', '=', request.query.status);
    const rows = await q.orderBy('service_orders.placed_at', 'desc').limit(1000).execute();
    return list(rows.map(orderOf));
  });
}

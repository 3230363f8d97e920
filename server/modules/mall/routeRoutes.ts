// Delivery routes (routeManage; §7 /v4/mall/route, §3 Route objectId and isDelete; §6 M7: the supplier and the
// system provider see every route of the org, others only routes whose manageRoleNames hold one of their roles).
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Tx } from '../../store/eventStore.ts';
import { handleCommand, lockKey, requestCommand, runDecisions, decideAndAppend } from '../../store/command.ts';
import { deliveryRouteDecider, type DeliveryRouteCommand, type MallRouteCreated } from '../../../domain/aggregates/deliveryRoute.ts';
import { streamVersionOf } from '../../store/versions.ts';
import { PAGE } from '../../../domain/constants.ts';
import { routeVisible, seesAllRoutes } from '../../../domain/roleGroupVisibility.ts';
import { isSupplierSide } from './access.ts';
import { paged } from '../../http/listQuery.ts';

const tags = ['routes'];
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
export const ROUTE_GROUP_CODE = 'M7';
export const routeStream = (id: string) => `mallRoute-${id}`;
const routeVersion = streamVersionOf('mall_routes', 'mallRoute', 'object_id');

const routeOf = (r: Selectable<Database['mall_routes']> & { version?: string | number | null }) => ({
  version: Number(r.version ?? 0),
  objectId: r.object_id, id: r.object_id, orgId: r.org_id, name: r.name, roleGroupId: r.role_group_id, manageRoleNames: r.manage_role_names as string[],
  purchaserOrgIds: r.purchaser_org_ids as string[], deliveryUserIds: r.delivery_user_ids as string[], sort: r.sort, remark: r.remark, isDelete: r.is_delete ? 1 : 0,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const strings = { type: 'array', maxItems: 1000, items: idStr } as const;
const routeFields = {
  name: { type: 'string', minLength: 1, maxLength: 100 }, roleGroupId: { type: ['string', 'null'], maxLength: 128 }, manageRoleNames: strings, purchaserOrgIds: strings,
  deliveryUserIds: strings, sort: { type: 'integer' }, remark: { type: 'string', maxLength: 500 },
  version: { type: 'integer', minimum: 0, description: 'the version read (updates): a stale one is refused with 409' },
} as const;
type RouteBody = Partial<Omit<MallRouteCreated, 'objectId' | 'at'>> & { version?: number };

export default async function routeRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const seesAll = (request: FastifyRequest) => seesAllRoutes(request.roles);
  // the supplier side writes routes: the supplier and admins all of them, a salesman those he may see
  const requireRouteEditor = (request: FastifyRequest) => {
    if (!seesAll(request) && !isSupplierSide(request)) throw forbidden('只有供应商可以维护配送路线');
  };

  const listRoutes = async (request: FastifyRequest<{ Querystring: { name?: string; keyword?: string; objectId?: string } }>) => {
    const q = request.query;
    let base = db.selectFrom('mall_routes').where('org_id', '=', request.orgApp!.orgId).where('is_delete', '=', false);
    if (!seesAll(request)) {
      const names = request.roles.map((r) => r.name);
      if (!names.length) return list([], 0);
      base = base.where((eb) => eb.or(names.map((n) => eb('manage_role_names', '@>', JSON.stringify([n])))));
    }
    const kw = q.keyword ?? q.name;
    if (kw) base = base.where('name', 'like', `%${kw.replace(/[%_\\]/g, '\\$&')}%`);
    if (q.objectId) base = base.where('object_id', '=', q.objectId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await paged(base.selectAll().select(routeVersion.as('version')).orderBy('sort').orderBy('name'), request).execute();
    return list(rows.map(routeOf), Number(total?.n ?? 0));
  };
  const routeList = { auth: 'orgApp', listPage: { size: PAGE.generic, max: PAGE.generic } } as const;
  const listSchemaOf = (summary: string) => ({
    tags, summary,
    querystring: { type: 'object', properties: { name: { type: 'string', maxLength: 100 }, keyword: { type: 'string', maxLength: 100 }, objectId: idStr } },
    response: { 200: listSchema({ type: 'object', additionalProperties: true }) },
  });
  app.get('/v4/mall/route', { config: routeList, schema: listSchemaOf('Delivery routes of the org (M7 visibility)') }, listRoutes);
  app.get('/v4/mall/route/search', { config: routeList, schema: listSchemaOf('Search delivery routes by name (keyword)') }, listRoutes);

  /** The facts the route decider needs from other aggregates, read under the org's route-name lock. */
  const checksOf = async (tx: Tx, orgId: string, b: RouteBody, objectId: string) => {
    await lockKey(tx, 'mallRoute-name', orgId);
    const g = b.roleGroupId ? await tx.selectFrom('role_groups').select('code').where('org_id', '=', orgId).where('role_group_id', '=', b.roleGroupId).executeTakeFirst() : null;
    const taken = b.name === undefined ? undefined : await tx.selectFrom('mall_routes').select('object_id').where('org_id', '=', orgId).where('name', '=', b.name.trim())
      .where('is_delete', '=', false).where('object_id', '!=', objectId).executeTakeFirst();
    return { nameTaken: !!taken, groupInvalid: !!b.roleGroupId && g?.code !== ROUTE_GROUP_CODE };
  };
  const routeCommand = (tx: Tx, request: FastifyRequest, orgId: string, objectId: string, command: DeliveryRouteCommand) =>
    decideAndAppend(tx, { ...requestCommand(request, ctx.clock()), orgId, streamId: routeStream(objectId), streamType: 'mallRoute', decider: deliveryRouteDecider, command });

  app.post<{ Body: RouteBody & { name: string } }>('/v4/mall/route', {
    config: { auth: 'orgApp', guard: requireRouteEditor },
    schema: { tags, summary: 'Create a delivery route', body: { type: 'object', additionalProperties: false, required: ['name'], properties: routeFields }, response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) } },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const b = request.body;
    const now = ctx.clock();
    const created: MallRouteCreated = {
      objectId: crypto.randomUUID(), name: b.name, roleGroupId: b.roleGroupId ?? null, manageRoleNames: b.manageRoleNames ?? [], purchaserOrgIds: b.purchaserOrgIds ?? [],
      deliveryUserIds: b.deliveryUserIds ?? [], sort: b.sort ?? 0, remark: b.remark ?? '', at: now.toISOString(),
    };
    await runDecisions(db, async (tx) => routeCommand(tx, request, orgId, created.objectId, { type: 'CreateRoute', route: created, ...await checksOf(tx, orgId, b, created.objectId) }));
    return ok(routeOf(await db.selectFrom('mall_routes').selectAll().select(routeVersion.as('version')).where('org_id', '=', orgId).where('object_id', '=', created.objectId).executeTakeFirstOrThrow()));
  });

  const own = async (request: FastifyRequest, id: string) => {
    const row = await db.selectFrom('mall_routes').selectAll().where('object_id', '=', id).where('is_delete', '=', false).executeTakeFirst();
    if (!row) throw notFound('配送路线不存在');
    if (row.org_id !== request.orgApp!.orgId) throw forbidden('无权修改其他机构的配送路线');
    // a route the caller may not see is one he may not change either (§6 M7)
    if (!routeVisible({ manageRoleNames: row.manage_role_names as string[] }, request.roles)) throw notFound('配送路线不存在');
    return row;
  };

  app.put<{ Params: { objectId: string }; Body: RouteBody }>('/v4/mall/route/:objectId', {
    config: { auth: 'orgApp', guard: requireRouteEditor },
    schema: {
      tags, summary: 'Update a delivery route', params: { type: 'object', required: ['objectId'], properties: { objectId: idStr } },
      body: { type: 'object', additionalProperties: false, properties: routeFields }, response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const row = await own(request, request.params.objectId);
    const { version: _version, ...b } = request.body;
    await runDecisions(db, async (tx) => routeCommand(tx, request, row.org_id, row.object_id, {
      type: 'UpdateRoute', change: { objectId: row.object_id, at: ctx.clock().toISOString(), ...b }, ...await checksOf(tx, row.org_id, b, row.object_id),
    }), _version === undefined);
    return ok(routeOf(await db.selectFrom('mall_routes').selectAll().select(routeVersion.as('version')).where('org_id', '=', row.org_id).where('object_id', '=', row.object_id).executeTakeFirstOrThrow()));
  });

  app.delete<{ Params: { id: string } }>('/v4/mall/route/:id', {
    config: { auth: 'orgApp', guard: requireRouteEditor },
    schema: { tags, summary: 'Delete a delivery route (isDelete)', params: { type: 'object', required: ['id'], properties: { id: idStr } }, response: { 200: envelopeSchema({ type: 'object', properties: { objectId: { type: 'string' } } }) } },
  }, async (request) => {
    const row = await own(request, request.params.id);
    await handleCommand(db, {
      ...requestCommand(request, ctx.clock()), orgId: row.org_id, streamId: routeStream(row.object_id), streamType: 'mallRoute', decider: deliveryRouteDecider,
      command: { type: 'DeleteRoute', objectId: row.object_id, at: ctx.clock().toISOString() },
    });
    return ok({ objectId: row.object_id });
  });
}

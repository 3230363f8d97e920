// Delivery routes (routeManage; §7 /v4/mall/route, §3 Route objectId and isDelete; §6 M7: the supplier and the
// system provider see every route of the org, others only routes whose manageRoleNames hold one of their roles).
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { appendToStream, streamVersion } from '../../store/eventStore.ts';
import { defineProjection } from '../../store/projections.ts';
import { metaOf, runCommand } from '../../store/command.ts';
import { PAGE } from '../../../domain/constants.ts';
import { routeVisible, seesAllRoutes } from '../../../domain/roleGroupVisibility.ts';
import { isSupplierSide } from './access.ts';

const tags = ['routes'];
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
export const ROUTE_GROUP_CODE = 'M7';
export const routeStream = (id: string) => `mallRoute-${id}`;

export interface MallRouteCreated {
  objectId: string; name: string; roleGroupId: string | null; manageRoleNames: string[]; purchaserOrgIds: string[]; deliveryUserIds: string[]; sort: number;
  remark: string; at: string;
}
export type MallRouteUpdated = { objectId: string; at: string } & Partial<Omit<MallRouteCreated, 'objectId' | 'at'>>;

defineProjection({
  MallRouteCreated: async (tx, { data, orgId }: { data: MallRouteCreated; orgId: string }) => {
    await tx.insertInto('mall_routes').values({
      org_id: orgId, object_id: data.objectId, name: data.name, role_group_id: data.roleGroupId, manage_role_names: JSON.stringify(data.manageRoleNames),
      purchaser_org_ids: JSON.stringify(data.purchaserOrgIds), delivery_user_ids: JSON.stringify(data.deliveryUserIds), sort: data.sort, remark: data.remark,
      is_delete: false, updated_at: data.at,
    }).execute();
  },
  MallRouteUpdated: async (tx, { data }: { data: MallRouteUpdated }) => {
    await tx.updateTable('mall_routes').set({
      updated_at: data.at, ...(data.name !== undefined && { name: data.name }), ...(data.roleGroupId !== undefined && { role_group_id: data.roleGroupId }),
      ...(data.manageRoleNames !== undefined && { manage_role_names: JSON.stringify(data.manageRoleNames) }),
      ...(data.purchaserOrgIds !== undefined && { purchaser_org_ids: JSON.stringify(data.purchaserOrgIds) }),
      ...(data.deliveryUserIds !== undefined && { delivery_user_ids: JSON.stringify(data.deliveryUserIds) }),
      ...(data.sort !== undefined && { sort: data.sort }), ...(data.remark !== undefined && { remark: data.remark }),
    }).where('object_id', '=', data.objectId).execute();
  },
  MallRouteDeleted: async (tx, { data, orgId }: { orgId: string; data: { objectId: string; at: string } }) => {
    await tx.updateTable('mall_routes').set({ is_delete: true, updated_at: data.at }).where('object_id', '=', data.objectId).where('org_id', '=', orgId).execute();
  },
});

const routeOf = (r: Selectable<Database['mall_routes']>) => ({
  objectId: r.object_id, id: r.object_id, orgId: r.org_id, name: r.name, roleGroupId: r.role_group_id, manageRoleNames: r.manage_role_names as string[],
  purchaserOrgIds: r.purchaser_org_ids as string[], deliveryUserIds: r.delivery_user_ids as string[], sort: r.sort, remark: r.remark, isDelete: r.is_delete ? 1 : 0,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const strings = { type: 'array', maxItems: 1000, items: idStr } as const;
const routeFields = {
  name: { type: 'string', minLength: 1, maxLength: 100 }, roleGroupId: { type: ['string', 'null'], maxLength: 128 }, manageRoleNames: strings, purchaserOrgIds: strings,
  deliveryUserIds: strings, sort: { type: 'integer' }, remark: { type: 'string', maxLength: 500 },
} as const;
type RouteBody = Partial<Omit<MallRouteCreated, 'objectId' | 'at'>>;

export default async function routeRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const seesAll = (request: FastifyRequest) => seesAllRoutes(request.roles);
  // the supplier side writes routes: the supplier and admins all of them, a salesman those he may see
  const requireRouteEditor = (request: FastifyRequest) => {
    if (!seesAll(request) && !isSupplierSide(request)) throw forbidden('只有供应商可以维护配送路线');
  };

  const listRoutes = async (request: FastifyRequest<{ Querystring: { name?: string; keyword?: string; objectId?: string; $limit?: number; $skip?: number } }>) => {
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
    const rows = await base.selectAll().orderBy('sort').orderBy('name').limit(q.$limit ?? PAGE.generic).offset(q.$skip ?? 0).execute();
    return list(rows.map(routeOf), Number(total?.n ?? 0));
  };
  const listSchemaOf = (summary: string) => ({
    tags, summary,
    querystring: { type: 'object', properties: { name: { type: 'string', maxLength: 100 }, keyword: { type: 'string', maxLength: 100 }, objectId: idStr, $limit: { type: 'integer', minimum: 0, maximum: PAGE.generic }, $skip: { type: 'integer', minimum: 0 } } },
    response: { 200: listSchema({ type: 'object', additionalProperties: true }) },
  });
  app.get('/v4/mall/route', { config: { auth: 'orgApp' }, schema: listSchemaOf('Delivery routes of the org (M7 visibility)') }, listRoutes);
  app.get('/v4/mall/route/search', { config: { auth: 'orgApp' }, schema: listSchemaOf('Search delivery routes by name (keyword)') }, listRoutes);

  const checkBody = async (orgId: string, b: RouteBody) => {
    if (b.roleGroupId) {
      const g = await db.selectFrom('role_groups').select(['org_id', 'code']).where('role_group_id', '=', b.roleGroupId).executeTakeFirst();
      if (!g || g.org_id !== orgId || g.code !== ROUTE_GROUP_CODE) throw badRequest('参数错误：配送路线分组不存在');
    }
  };

  app.post<{ Body: RouteBody & { name: string } }>('/v4/mall/route', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'Create a delivery route', body: { type: 'object', additionalProperties: false, required: ['name'], properties: routeFields }, response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) } },
  }, async (request) => {
    requireRouteEditor(request);
    const orgId = request.orgApp!.orgId;
    const b = request.body;
    await checkBody(orgId, b);
    const now = ctx.clock();
    const created: MallRouteCreated = {
      objectId: crypto.randomUUID(), name: b.name.trim(), roleGroupId: b.roleGroupId ?? null, manageRoleNames: b.manageRoleNames ?? [], purchaserOrgIds: b.purchaserOrgIds ?? [],
      deliveryUserIds: b.deliveryUserIds ?? [], sort: b.sort ?? 0, remark: b.remark ?? '', at: now.toISOString(),
    };
    await runCommand(db, async (tx) => {
      const dup = await tx.selectFrom('mall_routes').select('object_id').where('org_id', '=', orgId).where('name', '=', created.name).where('is_delete', '=', false).executeTakeFirst();
      if (dup) throw badRequest('参数错误：配送路线名称已存在');
      await appendToStream(tx, { orgId, streamId: routeStream(created.objectId), streamType: 'mallRoute', expectedVersion: 0, meta: metaOf(request, now), events: [{ type: 'MallRouteCreated', data: { ...created } }] });
    });
    return ok(routeOf(await db.selectFrom('mall_routes').selectAll().where('object_id', '=', created.objectId).executeTakeFirstOrThrow()));
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
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Update a delivery route', params: { type: 'object', required: ['objectId'], properties: { objectId: idStr } },
      body: { type: 'object', additionalProperties: false, properties: routeFields }, response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    requireRouteEditor(request);
    const row = await own(request, request.params.objectId);
    await checkBody(row.org_id, request.body);
    const now = ctx.clock();
    const b = request.body;
    await runCommand(db, async (tx) => {
      const update: MallRouteUpdated = { objectId: row.object_id, at: now.toISOString(), ...b, ...(b.name !== undefined && { name: b.name.trim() }) };
      await appendToStream(tx, { orgId: row.org_id, streamId: routeStream(row.object_id), streamType: 'mallRoute', expectedVersion: await streamVersion(tx, routeStream(row.object_id)), meta: metaOf(request, now), events: [{ type: 'MallRouteUpdated', data: { ...update } }] });
    });
    return ok(routeOf(await db.selectFrom('mall_routes').selectAll().where('object_id', '=', row.object_id).executeTakeFirstOrThrow()));
  });

  app.delete<{ Params: { id: string } }>('/v4/mall/route/:id', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'Delete a delivery route (isDelete)', params: { type: 'object', required: ['id'], properties: { id: idStr } }, response: { 200: envelopeSchema({ type: 'object', properties: { objectId: { type: 'string' } } }) } },
  }, async (request) => {
    requireRouteEditor(request);
    const row = await own(request, request.params.id);
    const now = ctx.clock();
    await runCommand(db, async (tx) => {
      await appendToStream(tx, { orgId: row.org_id, streamId: routeStream(row.object_id), streamType: 'mallRoute', expectedVersion: await streamVersion(tx, routeStream(row.object_id)), meta: metaOf(request, now), events: [{ type: 'MallRouteDeleted', data: { objectId: row.object_id, at: now.toISOString() } }] });
    });
    return ok({ objectId: row.object_id });
  });
}

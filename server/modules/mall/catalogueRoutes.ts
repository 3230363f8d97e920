// §7 mall: suppliers (types xg, sxps, jgpt), purchaser role group config (approval, modify limit, time rule,
// approval group), products (CRUD, count, shelf toggle, approval status) and SKUs (CRUD, SKU log).
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, lockKey, metaOf, runDecisions } from '../../store/command.ts';
import type { Decider, DomainEvent } from '../../../domain/decider.ts';
import { productDecider, skuDecider, supplierLinkDecider } from '../../../domain/aggregates/product.ts';
import { roleGroupDecider } from '../../../domain/aggregates/role.ts';
import { PAGE, SUPPLIER_TYPES, UNITS } from '../../../domain/constants.ts';
import { isPriceClass, isUnit, priceConfigOf, type RoleGroupPriceConfig } from '../../../domain/mallCatalogue.ts';
import { parseDuration } from '../../../domain/durations.ts';
import { isSystemProvider } from '../../../domain/roles.ts';
import { nextPermissions, parseSupplierPermissions, permissionsOf, SUPPLIER_PERMISSION_TEXT } from '../../../domain/supplierPermissions.ts';
import { streams } from '../users/streams.ts';
import { mallStreams } from './streams.ts';
import { withStreamVersions } from '../../store/versions.ts';
import { areaOrgIds, sameWorldOrgs } from '../../http/parties.ts';
import { categoryScopeOf, inCategoryScope, isBureau, isPlatform, isSupplierSide, pickSupplierOrgs, readableSupplierOrgs, requireSupplier, scopeLimits, viewerOf } from './access.ts';
import type { MallSupplierCreated, ProductCreated, ProductUpdated, SkuCreated, SkuUpdated } from '../../../domain/aggregates/product.ts';
import { commaList, paged } from '../../http/listQuery.ts';

const tags = ['mall'];
const str = { type: 'string' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const ids = { type: 'array', minItems: 1, maxItems: PAGE.generic, items: idStr } as const;
const flag = (v: unknown, dflt: boolean) => (v === undefined || v === null ? dflt : v === true || v === 1);
/** the catalogue lists page in SQL (server/http/listQuery.ts config.listPage) */
const catalogueList = { auth: 'orgApp', listPage: { size: PAGE.generic, max: PAGE.generic * 10 } } as const;

export const PURCHASER_GROUP_CODE = 'M1';

// ---- views ----
export const productOf = (r: Selectable<Database['products']>) => ({
  id: r.id, productId: r.id, orgId: r.org_id, name: r.name, cid: r.cid, categoryId: r.category_id, status: r.status, isPackage: r.is_package ? 1 : 0,
  isUppershelf: r.is_uppershelf ? 1 : 0, rawRipe: r.raw_ripe, unit: r.unit, priceClass: r.price_class, extraInfo: r.extra_info as Record<string, unknown>,
  createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
});
export const skuOf = (r: Selectable<Database['skus']>) => ({
  skuId: r.sku_id, id: r.sku_id, productId: r.product_id, orgId: r.org_id, name: r.name, spec: r.spec, unit: r.unit, sort: r.sort,
  enable: r.enable ? 1 : 0, extraInfo: r.extra_info as Record<string, unknown>, updatedAt: new Date(r.updated_at).toISOString(),
});
const supplierOf = (r: Selectable<Database['mall_suppliers']> & { purchaser_name?: string | null }) => ({
  objectId: r.object_id, orgId: r.org_id, supplierOrgId: r.supplier_org_id, name: r.name, type: r.type, typeName: SUPPLIER_TYPES[r.type as keyof typeof SUPPLIER_TYPES] ?? '',
  roleGroupId: r.role_group_id, status: r.status, enable: r.enable ? 1 : 0, extraInfo: r.extra_info as Record<string, unknown>,
  // the time the purchasing org froze this supplier's prices for it (extraInfo.permissions), null when not frozen
  priceFrozenAt: permissionsOf((r.extra_info as { permissions?: unknown } | null)?.permissions).priceFrozenAt ?? null,
  ...(r.purchaser_name !== undefined && { orgName: r.purchaser_name ?? '' }),
});

const productSchema = { type: 'object', additionalProperties: true, properties: { id: str, productId: str, name: str, version: { type: 'integer' } } } as const;
const skuSchema = { type: 'object', additionalProperties: true, properties: { skuId: str, productId: str, name: str, unit: str, version: { type: 'integer' } } } as const;
/** `version` (or If-Match): the version of the record the editor read (issue 31) */
const version = { type: 'integer', minimum: 0 } as const;
/** Rows as the lists answer them, each with the version of its stream, which an editor sends back with a change (issue 31). */
const productsOut = async (db: Kysely<Database>, rows: Selectable<Database['products']>[]) =>
  (await withStreamVersions(db, rows, (r) => ({ orgId: r.org_id, streamId: mallStreams.product(r.id) }))).map((r) => ({ ...productOf(r), version: r.version }));
const skusOut = async (db: Kysely<Database>, rows: Selectable<Database['skus']>[]) =>
  (await withStreamVersions(db, rows, (r) => ({ orgId: r.org_id, streamId: mallStreams.sku(r.sku_id) }))).map((r) => ({ ...skuOf(r), version: r.version }));
const suppliersOut = async (db: Kysely<Database>, rows: (Selectable<Database['mall_suppliers']> & { purchaser_name?: string | null })[]) =>
  (await withStreamVersions(db, rows, (r) => ({ orgId: r.org_id, streamId: mallStreams.supplier(r.object_id) }))).map((r) => ({ ...supplierOf(r), version: r.version }));
const supplierSchema = {
  type: 'object', additionalProperties: true,
  properties: { objectId: str, supplierOrgId: str, name: str, type: str, orgName: str, priceFrozenAt: { type: ['string', 'null'] }, version: { type: 'integer' } },
} as const;
const configSchema = {
  type: 'object', additionalProperties: true,
  properties: {
    roleGroupId: str, groupName: str, code: str, priceApprovalEnable: { type: 'boolean' }, priceModifyLimitEnable: { type: 'boolean' },
    priceApprovalTimeRule: str, priceApprovalGroup: { type: ['string', 'null'] },
  },
} as const;

/** A purchaser role group (M1) of the org with its §3 price config. */
export async function purchaserGroup(db: Database extends never ? never : Tx | ModuleContext['db'], roleGroupId: string) {
  const row = await db.selectFrom('role_groups').selectAll().where('role_group_id', '=', roleGroupId).executeTakeFirst();
  if (!row || row.code !== PURCHASER_GROUP_CODE) return null;
  return { orgId: row.org_id, roleGroupId: row.role_group_id, groupName: row.group_name, code: row.code, config: row.config as Record<string, unknown>, ...priceConfigOf(row.config) };
}

interface ProductBody {
  name?: string; cid?: string | null; categoryId?: string | null; status?: number; isPackage?: number | boolean; isUppershelf?: number | boolean;
  rawRipe?: string; unit?: string; priceClass?: string | null; extraInfo?: Record<string, unknown>;
  skus?: { name: string; spec?: string; unit: string; sort?: number; enable?: number | boolean; extraInfo?: Record<string, unknown> }[];
}
interface SkuBody { skuId?: string; productId?: string; name?: string; spec?: string; unit?: string; sort?: number; enable?: number | boolean; extraInfo?: Record<string, unknown> }

const productFields = {
  name: { type: 'string', minLength: 1, maxLength: 100 }, cid: { type: ['string', 'null'], maxLength: 128 }, categoryId: { type: ['string', 'null'], maxLength: 128 },
  status: { type: 'integer' }, isPackage: { type: ['integer', 'boolean'] }, isUppershelf: { type: ['integer', 'boolean'] },
  rawRipe: { type: 'string', enum: ['raw', 'ripe'] }, unit: { type: 'string', maxLength: 20 }, priceClass: { type: ['string', 'null'], maxLength: 20 }, extraInfo: anyObject,
} as const;
const skuFields = {
  name: { type: 'string', minLength: 1, maxLength: 100 }, spec: { type: 'string', maxLength: 100 }, unit: { type: 'string', minLength: 1, maxLength: 20 },
  sort: { type: 'integer' }, enable: { type: ['integer', 'boolean'] }, extraInfo: anyObject,
} as const;

function checkUnit(unit: string | undefined, required: boolean) {
  if (unit === undefined || unit === '') {
    if (required) throw badRequest('参数错误：请选择单位');
    return;
  }
  if (!isUnit(unit)) throw badRequest(`参数错误：单位「${unit}」不在可选单位中（${UNITS.join('、')}）`);
}

/** A product's category: the org's own or the standard org's, not deleted (true when none is named). */
async function categoryKnown(tx: Tx, orgId: string, categoryId: string | null | undefined): Promise<boolean> {
  if (!categoryId) return true;
  return !!await tx.selectFrom('categories').select('id').where('id', '=', categoryId).where('is_delete', '=', false)
    .where((eb) => eb.or([eb('org_id', '=', orgId), eb('org_id', '=', 'standard')])).executeTakeFirst();
}

export default async function catalogueRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const meta = (request: FastifyRequest) => metaOf(request, ctx.clock());
  /** Every catalogue write: the aggregate's decider on its stream, in the caller's transaction, at the version loaded. */
  const decideOn = <C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamType: string, streamOf: (id: string) => string) =>
    (tx: Tx, request: FastifyRequest, orgId: string, id: string, command: C, expectedVersion?: number) =>
      decideAndAppend(tx, { orgId, streamId: streamOf(id), streamType, decider, command, meta: meta(request), expectedVersion });
  const productCommand = decideOn(productDecider, 'product', mallStreams.product);
  const skuCommand = decideOn(skuDecider, 'sku', mallStreams.sku);
  const supplierCommand = decideOn(supplierLinkDecider, 'mallSupplier', mallStreams.supplier);
  const roleGroupCommand = decideOn(roleGroupDecider, 'roleGroup', streams.roleGroup);

  // ---- suppliers ----
  app.get<{ Querystring: { type?: string; supplierOrgId?: string; name?: string } }>('/v4/mall/supplier', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'The suppliers of the current org (a supplier org sees the orgs it serves, orgName, and priceFrozenAt where one froze its prices)',
      querystring: { type: 'object', properties: { type: { type: 'string', enum: Object.keys(SUPPLIER_TYPES) }, supplierOrgId: idStr, name: { type: 'string', maxLength: 100 } } },
      response: { 200: listSchema(supplierSchema) },
    },
  }, async (request) => {
    const { orgId } = request.orgApp!;
    const q = request.query;
    let base = db.selectFrom('mall_suppliers').leftJoin('orgs', 'orgs.org_id', 'mall_suppliers.org_id').selectAll('mall_suppliers').select('orgs.name as purchaser_name')
      .where((eb) => eb.or([eb('mall_suppliers.org_id', '=', orgId), eb('mall_suppliers.supplier_org_id', '=', orgId)]));
    if (q.type) base = base.where('mall_suppliers.type', '=', q.type);
    if (q.supplierOrgId) base = base.where('mall_suppliers.supplier_org_id', '=', q.supplierOrgId);
    if (q.name) base = base.where('mall_suppliers.name', 'like', `%${q.name.replace(/[%_\\]/g, '\\$&')}%`);
    return list(await suppliersOut(db, await base.orderBy('mall_suppliers.name').execute()));
  });

  const supplierBody = {
    name: { type: 'string', minLength: 1, maxLength: 100 }, type: { type: 'string', enum: Object.keys(SUPPLIER_TYPES) }, roleGroupId: { type: ['string', 'null'], maxLength: 128 },
    status: { type: 'integer' }, enable: { type: ['integer', 'boolean'] }, extraInfo: anyObject,
  } as const;

  const checkSupplierLink = async (tx: Tx, supplierOrgId: string, roleGroupId: string | null | undefined) => {
    const org = await tx.selectFrom('orgs').select('name').where('org_id', '=', supplierOrgId).executeTakeFirst();
    if (!org) throw badRequest('参数错误：供应商机构不存在');
    if (roleGroupId) {
      const g = await purchaserGroup(tx, roleGroupId);
      if (!g || g.orgId !== supplierOrgId) throw badRequest('参数错误：采购角色组不属于该供应商');
    }
    return org.name;
  };
  /**
   * The extraInfo to store for a link of `supplierOrgId`: extraInfo.permissions checked (shape, then categories of
   * group mallProduct of that supplier) and settled by the domain (priceFrozenAt is the server's). Without a
   * permissions key the stored permissions stay (`previous`, raw; undefined or null when none); null resets them to the defaults.
   */
  const settlePermissions = async (tx: Tx, supplierOrgId: string, extraInfo: Record<string, unknown>, previous: unknown) => {
    const stored = previous ?? undefined;
    if (!Object.hasOwn(extraInfo, 'permissions')) return stored === undefined ? extraInfo : { ...extraInfo, permissions: stored };
    const parsed = parseSupplierPermissions(extraInfo.permissions);
    if (!parsed.ok) throw badRequest(`${SUPPLIER_PERMISSION_TEXT.invalid}：${parsed.errors.join('；')}`);
    const ids = parsed.value.categoryIds;
    if (ids.length) {
      const found = new Set((await tx.selectFrom('categories').select('id').where('id', 'in', ids).where('org_id', '=', supplierOrgId)
        .where('group_name', '=', 'mallProduct').where('is_delete', '=', false).execute()).map((c) => c.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) {
        throw badRequest(`${SUPPLIER_PERMISSION_TEXT.invalid}：商品分类不属于该供应商：${missing.slice(0, 5).join('、')}${missing.length > 5 ? ` 等 ${missing.length} 个` : ''}`);
      }
    }
    return { ...extraInfo, permissions: nextPermissions(stored === undefined ? undefined : permissionsOf(stored), parsed.value, ctx.clock()) };
  };
  const requireSupplierManager = (request: FastifyRequest) => {
    // the purchasing org's admins, the bureau and the platform operator manage whom an org buys from
    if (isSystemProvider(request.roles) || isBureau(request)) return;
    throw forbidden('没有管理供应商的权限');
  };

  app.post<{ Body: { supplierOrgId: string; name?: string; type: string; roleGroupId?: string | null; status?: number; enable?: number | boolean; extraInfo?: Record<string, unknown> } }>('/v4/mall/supplier', {
    config: { auth: 'orgApp', guard: requireSupplierManager },
    schema: {
      tags, summary: 'Link a supplier org to the current org (type xg, sxps or jgpt; the supplier role group it buys under)',
      body: { type: 'object', additionalProperties: false, required: ['supplierOrgId', 'type'], properties: { ...supplierBody, supplierOrgId: idStr } },
      response: { 200: envelopeSchema(supplierSchema) },
    },
  }, async (request) => {
    const { orgId } = request.orgApp!;
    const b = request.body;
    const objectId = crypto.randomUUID();
    await runDecisions(db, async (tx) => {
      const orgName = await checkSupplierLink(tx, b.supplierOrgId, b.roleGroupId);
      // a sandbox buys only from its own practice suppliers, a real org never from one (issue 27)
      if (!(await sameWorldOrgs(tx, orgId, [b.supplierOrgId])).has(b.supplierOrgId)) throw forbidden('体验机构与正式机构之间不能建立供应关系');
      // one link per supplier and purchasing org: links of the org are decided one at a time
      await lockKey(tx, 'mallSupplier-link', orgId);
      const linked = !!await tx.selectFrom('mall_suppliers').select('object_id').where('org_id', '=', orgId).where('supplier_org_id', '=', b.supplierOrgId).executeTakeFirst();
      const link: MallSupplierCreated = {
        objectId, supplierOrgId: b.supplierOrgId, name: b.name?.trim() || orgName, type: b.type, roleGroupId: b.roleGroupId ?? null,
        status: b.status ?? 1, enable: flag(b.enable, true), extraInfo: await settlePermissions(tx, b.supplierOrgId, b.extraInfo ?? {}, undefined),
      };
      await supplierCommand(tx, request, orgId, objectId, { type: 'LinkSupplier', link, linked });
    });
    return ok((await suppliersOut(db, [await db.selectFrom('mall_suppliers').selectAll().where('object_id', '=', objectId).executeTakeFirstOrThrow()]))[0]);
  });

  app.put<{ Params: { objectId: string }; Body: { name?: string; type?: string; roleGroupId?: string | null; status?: number; enable?: number | boolean; extraInfo?: Record<string, unknown> } }>('/v4/mall/supplier/:objectId', {
    config: { auth: 'orgApp', guard: requireSupplierManager },
    schema: {
      tags,
      summary: 'Update a supplier link of the current org (by its admins; the supplier side may not). extraInfo.permissions = {categoryIds, priceEdit, order, delivery} ' +
        'is checked; priceEdit false freezes the prices this org sees at the time (permissions.priceFrozenAt, set by the server). Without a permissions key the stored ones stay.',
      params: { type: 'object', required: ['objectId'], properties: { objectId: idStr } },
      body: { type: 'object', additionalProperties: false, properties: { ...supplierBody, version } }, response: { 200: envelopeSchema(supplierSchema) },
    },
  }, async (request) => {
    const { objectId } = request.params;
    await runDecisions(db, async (tx) => {
      const row = await tx.selectFrom('mall_suppliers').selectAll().where('object_id', '=', objectId).executeTakeFirst();
      if (!row) throw notFound('供应商不存在');
      // only the purchasing org (or the platform operator) edits a link: an admin of the supplier org may not
      // change what a school lets it do
      if (row.org_id !== request.orgApp!.orgId && !isPlatform(request)) throw forbidden('无权修改其他机构的供应商');
      if (request.body.roleGroupId !== undefined) await checkSupplierLink(tx, row.supplier_org_id, request.body.roleGroupId);
      const b = request.body;
      const extraInfo = b.extraInfo === undefined ? undefined
        : await settlePermissions(tx, row.supplier_org_id, b.extraInfo, (row.extra_info as { permissions?: unknown } | null)?.permissions);
      await supplierCommand(tx, request, row.org_id, objectId, {
        type: 'UpdateSupplierLink',
        change: { objectId, name: b.name, type: b.type, roleGroupId: b.roleGroupId, status: b.status, enable: b.enable === undefined ? undefined : flag(b.enable, true), extraInfo },
      }, clientVersion(request));
    }, clientVersion(request) === undefined);
    return ok((await suppliersOut(db, [await db.selectFrom('mall_suppliers').selectAll().where('object_id', '=', objectId).executeTakeFirstOrThrow()]))[0]);
  });

  // ---- purchaser role group config (§3) ----
  app.get<{ Querystring: { roleGroupId?: string; orgId?: string } }>('/v4/mall/rolegroup/config', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Price config of the purchaser role groups (M1) of the current org (or of a supplier org of the bureau\'s area)',
      querystring: { type: 'object', properties: { roleGroupId: idStr, orgId: idStr } }, response: { 200: listSchema(configSchema) },
    },
  }, async (request) => {
    const orgId = request.query.orgId ?? request.orgApp!.orgId;
    if (orgId !== request.orgApp!.orgId) pickSupplierOrgs(await readableSupplierOrgs(db, await viewerOf(db, request)), orgId, request.orgApp!.orgId);
    let q = db.selectFrom('role_groups').selectAll().where('org_id', '=', orgId).where('code', '=', PURCHASER_GROUP_CODE);
    if (request.query.roleGroupId) q = q.where('role_group_id', '=', request.query.roleGroupId);
    const rows = await q.orderBy('sort').execute();
    return list(rows.map((r) => ({ roleGroupId: r.role_group_id, groupName: r.group_name, code: r.code, orgId: r.org_id, ...priceConfigOf(r.config) })));
  });

  app.put<{ Params: { roleGroupId: string }; Body: Partial<RoleGroupPriceConfig> }>('/v4/mall/rolegroup/config/:roleGroupId', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Set the price config of a purchaser role group: by the org\'s admins, the platform, or the bureau of the org\'s area',
      params: { type: 'object', required: ['roleGroupId'], properties: { roleGroupId: idStr } },
      body: {
        type: 'object', additionalProperties: false,
        properties: {
          priceApprovalEnable: { type: 'boolean' }, priceModifyLimitEnable: { type: 'boolean' }, priceApprovalTimeRule: { type: 'string', maxLength: 10 },
          priceApprovalGroup: { type: ['string', 'null'], maxLength: 128 },
        },
      },
      response: { 200: envelopeSchema(configSchema) },
    },
  }, async (request) => {
    const b = request.body;
    if (b.priceApprovalTimeRule && !parseDuration(b.priceApprovalTimeRule)) throw badRequest('参数错误：审核周期应为数字加 d、w、m 或 y，如 5d、2w、1m、0d');
    const group = await runDecisions(db, async (tx) => {
      const g = await purchaserGroup(tx, request.params.roleGroupId);
      if (!g) throw notFound('采购角色组不存在');
      const own = g.orgId === request.orgApp!.orgId && isSystemProvider(request.roles);
      const platform = isPlatform(request);
      // the bureau of the supplier's area (its org's kind and role, and the area by domain/orgKind inAreaOf: a
      // sandbox's bureau reaches only its sandbox, issue 27)
      const bureau = isBureau(request) && (await areaOrgIds(tx, request.orgApp!.orgId)).includes(g.orgId);
      if (b.priceApprovalGroup) {
        const c = await tx.selectFrom('categories').select('id').where('id', '=', b.priceApprovalGroup).where('group_name', '=', 'mallPriceApprovalGroups').executeTakeFirst();
        if (!c) throw badRequest('参数错误：价格审核组不存在');
      }
      const { state } = await roleGroupCommand(tx, request, g.orgId, g.roleGroupId, { type: 'SetPriceConfig', roleGroupId: g.roleGroupId, config: { ...b }, allowed: own || platform || bureau });
      return { ...g, ...priceConfigOf(state.group?.config) };
    });
    const { config: _c, ...view } = group;
    return ok(view);
  });

  // ---- products ----
  interface ProductQuery { id?: string; categoryId?: string; name?: string; isUppershelf?: number; status?: number; supplierId?: string; isPackage?: number }
  const productQuery = {
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 20000 }, categoryId: { type: 'string', maxLength: 20000 }, name: { type: 'string', maxLength: 100 },
      isUppershelf: { type: 'integer', enum: [0, 1] }, status: { type: 'integer' }, supplierId: idStr, isPackage: { type: 'integer', enum: [0, 1] },
    },
  } as const;
  const productBase = async (request: FastifyRequest, q: ProductQuery) => {
    const viewer = await viewerOf(db, request);
    const orgs = pickSupplierOrgs(await readableSupplierOrgs(db, viewer), q.supplierId ?? (viewer.kind === 'supplier' ? viewer.orgId : undefined), request.orgApp!.orgId);
    let base = db.selectFrom('products').where('is_delete', '=', false);
    if (orgs) base = base.where('org_id', 'in', orgs.length ? orgs : ['']);
    if (viewer.kind === 'purchaser') {
      base = base.where('is_uppershelf', '=', true);
      // the categories each supplier link allows (extraInfo.permissions.categoryIds and their descendants)
      const scope = await categoryScopeOf(db, viewer.links);
      if (scopeLimits(scope)) base = base.where(inCategoryScope(scope));
    }
    const ids = commaList(q.id);
    const categoryIds = commaList(q.categoryId);
    if (ids.length) base = base.where('id', 'in', ids);
    if (categoryIds.length) base = base.where((eb) => eb.or([eb('category_id', 'in', categoryIds), eb('cid', 'in', categoryIds)]));
    if (q.name) base = base.where('name', 'like', `%${q.name.replace(/[%_\\]/g, '\\$&')}%`);
    if (q.isUppershelf !== undefined) base = base.where('is_uppershelf', '=', q.isUppershelf === 1);
    if (q.isPackage !== undefined) base = base.where('is_package', '=', q.isPackage === 1);
    if (q.status !== undefined) base = base.where('status', '=', q.status);
    return base;
  };

  app.get<{ Querystring: ProductQuery }>('/v4/mall/product', {
    config: catalogueList,
    schema: { tags, summary: 'Products (a supplier: its own; a school: on-shelf goods of its suppliers; a bureau: its area)', querystring: productQuery, response: { 200: listSchema(productSchema) } },
  }, async (request) => {
    const base = await productBase(request, request.query);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await paged(base.selectAll().orderBy('name').orderBy('id'), request).execute();
    return list(await productsOut(db, rows), Number(total?.n ?? 0));
  });

  app.get<{ Querystring: ProductQuery }>('/v4/mall/product/count', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'How many products match', querystring: productQuery, response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) } },
  }, async (request) => {
    const total = await (await productBase(request, request.query)).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return ok({ count: Number(total?.n ?? 0) });
  });

  const productEvent = (b: ProductBody): Omit<ProductUpdated, 'id' | 'at'> => {
    if (b.priceClass && !isPriceClass(b.priceClass)) throw badRequest('参数错误：价格分类应为 jyjxj、dqbd 或 cqwd');
    if (b.unit) checkUnit(b.unit, false);
    return {
      ...(b.name !== undefined && { name: b.name.trim() }), ...(b.cid !== undefined && { cid: b.cid }), ...(b.categoryId !== undefined && { categoryId: b.categoryId }),
      ...(b.status !== undefined && { status: b.status }), ...(b.isPackage !== undefined && { isPackage: flag(b.isPackage, false) }),
      ...(b.isUppershelf !== undefined && { isUppershelf: flag(b.isUppershelf, true) }), ...(b.rawRipe !== undefined && { rawRipe: b.rawRipe }),
      ...(b.unit !== undefined && { unit: b.unit }), ...(b.priceClass !== undefined && { priceClass: b.priceClass }), ...(b.extraInfo !== undefined && { extraInfo: b.extraInfo }),
    };
  };

  app.post<{ Body: ProductBody & { name: string } }>('/v4/mall/product', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Create a product of the supplier (with its SKUs)',
      body: {
        type: 'object', additionalProperties: false, required: ['name'],
        properties: { ...productFields, skus: { type: 'array', maxItems: 100, items: { type: 'object', additionalProperties: false, required: ['name', 'unit'], properties: skuFields } } },
      },
      response: { 200: envelopeSchema({ type: 'object', additionalProperties: true, properties: { ...productSchema.properties, skus: { type: 'array', items: skuSchema } } }) },
    },
  }, async (request) => {
    const { orgId } = request.orgApp!;
    const b = request.body;
    const fields = productEvent(b);
    for (const s of b.skus ?? []) checkUnit(s.unit, true);
    const at = ctx.clock().toISOString();
    const product: ProductCreated = {
      id: crypto.randomUUID(), name: b.name.trim(), cid: b.cid ?? b.categoryId ?? null, categoryId: b.categoryId ?? b.cid ?? null, status: 1, isPackage: false,
      isUppershelf: true, rawRipe: 'raw', unit: '', priceClass: null, extraInfo: {}, ...fields, at,
    } as ProductCreated;
    const skuIds: string[] = [];
    await runDecisions(db, async (tx) => {
      skuIds.length = 0;
      await productCommand(tx, request, orgId, product.id, { type: 'CreateProduct', product, categoryKnown: await categoryKnown(tx, orgId, product.categoryId) });
      for (const [i, s] of (b.skus ?? []).entries()) {
        const sku: SkuCreated = { skuId: crypto.randomUUID(), productId: product.id, name: s.name, spec: s.spec ?? '', unit: s.unit, sort: s.sort ?? i, enable: flag(s.enable, true), extraInfo: s.extraInfo ?? {}, at };
        skuIds.push(sku.skuId);
        await skuCommand(tx, request, orgId, sku.skuId, { type: 'CreateSku', sku, productLive: true });
      }
    });
    const row = await db.selectFrom('products').selectAll().where('id', '=', product.id).executeTakeFirstOrThrow();
    const skus = skuIds.length ? await db.selectFrom('skus').selectAll().where('sku_id', 'in', skuIds).orderBy('sort').execute() : [];
    return ok({ ...(await productsOut(db, [row]))[0], skus: await skusOut(db, skus) });
  });

  const ownProduct = async (tx: Tx, request: FastifyRequest, id: string) => {
    const row = await tx.selectFrom('products').selectAll().where('id', '=', id).where('is_delete', '=', false).executeTakeFirst();
    if (!row) throw notFound('商品不存在');
    if (row.org_id !== request.orgApp!.orgId) throw forbidden('无权修改其他机构的商品');
    return row;
  };

  app.put<{ Params: { id: string }; Body: ProductBody }>('/v4/mall/product/:id', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Update a product (`version` or If-Match: the version read, a stale one is refused with 409)', params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: { type: 'object', additionalProperties: false, properties: { ...productFields, version } }, response: { 200: envelopeSchema(productSchema) },
    },
  }, async (request) => {
    const fields = productEvent(request.body);
    const expected = clientVersion(request);
    await runDecisions(db, async (tx) => {
      const row = await ownProduct(tx, request, request.params.id);
      await productCommand(tx, request, row.org_id, row.id, {
        type: 'UpdateProduct', change: { id: row.id, at: ctx.clock().toISOString(), ...fields }, categoryKnown: await categoryKnown(tx, row.org_id, fields.categoryId),
      }, expected);
    }, expected === undefined);
    return ok((await productsOut(db, [await db.selectFrom('products').selectAll().where('id', '=', request.params.id).executeTakeFirstOrThrow()]))[0]);
  });

  app.delete<{ Params: { id: string } }>('/v4/mall/product/:id', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: { tags, summary: 'Delete a product and its SKUs', params: { type: 'object', required: ['id'], properties: { id: idStr } }, response: { 200: envelopeSchema({ type: 'object', properties: { id: str } }) } },
  }, async (request) => {
    const expected = clientVersion(request);
    await runDecisions(db, async (tx) => {
      const row = await ownProduct(tx, request, request.params.id);
      await productCommand(tx, request, row.org_id, row.id, { type: 'DeleteProduct', id: row.id, at: ctx.clock().toISOString() }, expected);
    }, expected === undefined);
    return ok({ id: request.params.id });
  });

  const batchProducts = async (request: FastifyRequest, productIds: string[], fields: Omit<ProductUpdated, 'id' | 'at'>) => {
    await runDecisions(db, async (tx) => {
      for (const id of [...new Set(productIds)]) {
        const row = await ownProduct(tx, request, id);
        await productCommand(tx, request, row.org_id, row.id, { type: 'UpdateProduct', change: { id: row.id, at: ctx.clock().toISOString(), ...fields }, categoryKnown: true });
      }
    });
    const rows = await db.selectFrom('products').selectAll().where('id', 'in', productIds).execute();
    return list(await productsOut(db, rows));
  };

  app.put<{ Body: { productIds: string[]; isUppershelf: number | boolean } }>('/v4/mall/product/package/uppershelf', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Put products on or off the shelf (§4 isUppershelf), all or nothing',
      body: { type: 'object', additionalProperties: false, required: ['productIds', 'isUppershelf'], properties: { productIds: ids, isUppershelf: { type: ['integer', 'boolean'] } } },
      response: { 200: listSchema(productSchema) },
    },
  }, async (request) => {
    return batchProducts(request, request.body.productIds, { isUppershelf: flag(request.body.isUppershelf, true) });
  });

  app.put<{ Body: { productIds: string[]; status: number } }>('/v4/mall/product/batchupdate/approvalstatus', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Set the approval status of many products, all or nothing',
      body: { type: 'object', additionalProperties: false, required: ['productIds', 'status'], properties: { productIds: ids, status: { type: 'integer', minimum: -2, maximum: 9 } } },
      response: { 200: listSchema(productSchema) },
    },
  }, async (request) => {
    return batchProducts(request, request.body.productIds, { status: request.body.status });
  });

  // ---- SKUs ----
  app.get<{ Querystring: { productId?: string; skuId?: string; supplierId?: string; name?: string } }>('/v4/mall/sku', {
    config: catalogueList,
    schema: {
      tags, summary: 'SKUs by product or id (comma-separated lists; §9 batches of 60 ids)',
      querystring: { type: 'object', properties: { productId: { type: 'string', maxLength: 20000 }, skuId: { type: 'string', maxLength: 20000 }, supplierId: idStr, name: { type: 'string', maxLength: 100 } } },
      response: { 200: listSchema(skuSchema) },
    },
  }, async (request) => {
    const q = request.query;
    const viewer = await viewerOf(db, request);
    const orgs = pickSupplierOrgs(await readableSupplierOrgs(db, viewer), q.supplierId ?? (viewer.kind === 'supplier' ? viewer.orgId : undefined), request.orgApp!.orgId);
    let base = db.selectFrom('skus').where('is_delete', '=', false);
    if (orgs) base = base.where('org_id', 'in', orgs.length ? orgs : ['']);
    if (viewer.kind === 'purchaser') {
      // a purchasing org sees SKUs of goods on the shelf only, as it sees the goods (issue 16)
      base = base.where('skus.product_id', 'in', db.selectFrom('products').select('products.id').where('products.is_uppershelf', '=', true).where('products.is_delete', '=', false));
      // SKUs of goods in the categories the supplier links allow (a semi-join, so paging and counts stay right)
      const scope = await categoryScopeOf(db, viewer.links);
      const limited = [...scope.entries()].filter(([, ids]) => ids !== null).map(([orgId]) => orgId);
      if (limited.length) {
        base = base.where((eb) => eb.or([
          eb('skus.org_id', 'not in', limited),
          eb('skus.product_id', 'in', db.selectFrom('products').select('products.id').where('products.org_id', 'in', limited).where(inCategoryScope(scope))),
        ]));
      }
    }
    const productIds = commaList(q.productId);
    const skuIds = commaList(q.skuId);
    if (productIds.length) base = base.where('product_id', 'in', productIds);
    if (skuIds.length) base = base.where('sku_id', 'in', skuIds);
    if (q.name) base = base.where('name', 'like', `%${q.name.replace(/[%_\\]/g, '\\$&')}%`);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await paged(base.selectAll().orderBy('product_id').orderBy('sort').orderBy('sku_id'), request).execute();
    return list(await skusOut(db, rows), Number(total?.n ?? 0));
  });

  app.post<{ Body: SkuBody & { productId: string; name: string; unit: string } }>('/v4/mall/sku', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Create a SKU of a product (unit from §9)',
      body: { type: 'object', additionalProperties: false, required: ['productId', 'name', 'unit'], properties: { ...skuFields, productId: idStr } },
      response: { 200: envelopeSchema(skuSchema) },
    },
  }, async (request) => {
    const b = request.body;
    checkUnit(b.unit, true);
    const at = ctx.clock().toISOString();
    const sku: SkuCreated = { skuId: crypto.randomUUID(), productId: b.productId, name: b.name, spec: b.spec ?? '', unit: b.unit, sort: b.sort ?? 99, enable: flag(b.enable, true), extraInfo: b.extraInfo ?? {}, at };
    await runDecisions(db, async (tx) => {
      const product = await ownProduct(tx, request, b.productId);
      await skuCommand(tx, request, product.org_id, sku.skuId, { type: 'CreateSku', sku, productLive: true });
    });
    return ok((await skusOut(db, [await db.selectFrom('skus').selectAll().where('sku_id', '=', sku.skuId).executeTakeFirstOrThrow()]))[0]);
  });

  const ownSku = async (tx: Tx, request: FastifyRequest, skuId: string) => {
    const row = await tx.selectFrom('skus').selectAll().where('sku_id', '=', skuId).where('is_delete', '=', false).executeTakeFirst();
    if (!row) throw notFound('SKU 不存在');
    if (row.org_id !== request.orgApp!.orgId) throw forbidden('无权修改其他机构的 SKU');
    return row;
  };

  app.put<{ Body: SkuBody & { skuId: string } }>('/v4/mall/sku', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Update a SKU (`version` or If-Match: the version read, a stale one is refused with 409)',
      body: { type: 'object', additionalProperties: false, required: ['skuId'], properties: { ...skuFields, skuId: idStr, version } },
      response: { 200: envelopeSchema(skuSchema) },
    },
  }, async (request) => {
    const b = request.body;
    if (b.unit !== undefined) checkUnit(b.unit, true);
    const expected = clientVersion(request);
    await runDecisions(db, async (tx) => {
      const row = await ownSku(tx, request, b.skuId);
      const change: SkuUpdated = {
        skuId: row.sku_id, at: ctx.clock().toISOString(), name: b.name, spec: b.spec, unit: b.unit, sort: b.sort,
        enable: b.enable === undefined ? undefined : flag(b.enable, true), extraInfo: b.extraInfo,
      };
      await skuCommand(tx, request, row.org_id, row.sku_id, { type: 'UpdateSku', change, rowLive: true }, expected);
    }, expected === undefined);
    return ok((await skusOut(db, [await db.selectFrom('skus').selectAll().where('sku_id', '=', b.skuId).executeTakeFirstOrThrow()]))[0]);
  });

  app.delete<{ Body: { skuId: string } }>('/v4/mall/sku', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Delete a SKU (`version` or If-Match: the version read)', body: { type: 'object', additionalProperties: false, required: ['skuId'], properties: { skuId: idStr, version } },
      response: { 200: envelopeSchema({ type: 'object', properties: { skuId: str } }) },
    },
  }, async (request) => {
    const expected = clientVersion(request);
    await runDecisions(db, async (tx) => {
      const row = await ownSku(tx, request, request.body.skuId);
      await skuCommand(tx, request, row.org_id, row.sku_id, { type: 'DeleteSku', skuId: row.sku_id, at: ctx.clock().toISOString(), rowLive: true }, expected);
    }, expected === undefined);
    return ok({ skuId: request.body.skuId });
  });

  // the log is the supplier's own (or the platform's): viewerOf's supplier and platform kinds, known from the roles
  const requireSkuLogReader = (request: FastifyRequest) => {
    if (!isPlatform(request) && !isSupplierSide(request)) throw forbidden('只有供应商可以查看 SKU 日志');
  };
  app.get<{ Querystring: { skuId?: string; productId?: string } }>('/v4/mall/sku/log', {
    config: { ...catalogueList, guard: requireSkuLogReader },
    schema: {
      tags, summary: 'SKU log (productSkuLog): the events of the supplier\'s SKUs, products and prices, newest first',
      querystring: { type: 'object', properties: { skuId: idStr, productId: idStr } },
      response: { 200: listSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const q = request.query;
    const orgId = request.orgApp!.orgId;
    let base = db.selectFrom('events').where('org_id', '=', orgId);
    if (q.skuId) {
      const priceStreams = db.selectFrom('sku_prices').select(sql<string>`'skuprice-' || id`.as('s')).where('sku_id', '=', q.skuId);
      base = base.where((eb) => eb.or([eb('stream_id', '=', mallStreams.sku(q.skuId!)), eb('stream_id', 'in', priceStreams)]));
    } else if (q.productId) {
      base = base.where('stream_id', '=', mallStreams.product(q.productId));
    } else {
      base = base.where((eb) => eb.or([eb('stream_id', 'like', 'sku-%'), eb('stream_id', 'like', 'product-%'), eb('stream_id', 'like', 'skuprice-%')]));
    }
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await paged(base.select(['position', 'stream_id', 'stream_version', 'type', 'data', 'meta', 'created_at']).orderBy('position', 'desc'), request).execute();
    return list(rows.map(logOf), Number(total?.n ?? 0));
  });
}

/** One event as a log row: what happened, to which stream, by whom, when. */
export function logOf(r: { position: string | number; stream_id: string; stream_version: string | number; type: string; data: unknown; meta: unknown; created_at: unknown }) {
  const meta = (r.meta ?? {}) as { userId?: string; username?: string; time?: string; route?: string };
  return {
    id: Number(r.position), streamId: r.stream_id, version: Number(r.stream_version), type: r.type, data: r.data as Record<string, unknown>,
    userId: meta.userId ?? null, username: meta.username ?? null, route: meta.route ?? null, time: meta.time ?? new Date(r.created_at as string).toISOString(),
  };
}

// §7 SKU prices: list (tenant-filtered), create, change, decide (approve / reject many), delete, log, latest
// price per SKU and role group, search, and the all-or-nothing import. Approvers see each price beside the
// market average and the last approved price.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors.ts';
import { holdsPower } from '../../http/auth.ts';
import { ConcurrencyError } from '../../store/eventStore.ts';
import { decideAndAppend, metaOf, runCommand } from '../../store/command.ts';
import { BATCH, PAGE } from '../../../domain/constants.ts';
import { approvalStanding, IS_CHECK, priceStatus } from '../../../domain/priceApproval.ts';
import { priceDecider } from '../../../domain/aggregates/price.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import { priceConfigOf, writesGoods } from '../../../domain/mallCatalogue.ts';
import { newPriceFieldProblem } from '../../../domain/derivedFields.ts';
import { refusalError } from '../../http/refusal.ts';
import { priceCutoff } from '../../../domain/supplierPermissions.ts';
import { POWER } from '../permissions/powers.ts';
import { mallStreams } from './streams.ts';
import { logOf } from './catalogueRoutes.ts';
import { orgFacts, orgFactsOf, partyOfRequest } from '../../http/parties.ts';
import { inAreaOf } from '../../../domain/orgKind.ts';
import { categoryScopeOf, inCategoryScope, isBureau, isPlatform, isSupplierSide, pickSupplierOrgs, readableSupplierOrgs, requireSupplier, scopeLimits, viewerOf, type Viewer } from './access.ts';
import { changePrices, createPrices, deletePrices, loadedPrice, notifyPriceWatchers, type NewPriceInput, type PriceChangeInput, type PriceRow } from './priceCommands.ts';
import { commaList, listPage, paged } from '../../http/listQuery.ts';

const tags = ['prices'];
const str = { type: 'string' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const day = { type: ['string', 'null'], maxLength: 20 } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const priceValue = { type: ['number', 'string', 'null'], maxLength: 30 } as const;
const priceSchema = { type: 'object', additionalProperties: true, properties: { id: str, skuId: str, price: { type: 'number' }, isCheck: { type: 'integer' } } } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const numOrNull = { type: ['number', 'null'] } as const;
/**
 * A price as the lists present it (`present` below), every field named: Fastify's serialiser then writes a page of 50
 * without looking up each row's other keys (issue 32: the price list's serialisation was the largest in the mixed
 * load's profile). The type check after `present` keeps these keys and present's the same.
 */
const presentedPriceSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    id: str, skuPriceId: str, skuId: str, skuName: strOrNull, spec: strOrNull, unit: strOrNull, productId: str, productName: strOrNull,
    categoryId: strOrNull, priceClass: strOrNull, supplierId: strOrNull, supplierName: str, roleGroupId: strOrNull, roleGroupName: str,
    price: { type: 'number' }, marketAvg: numOrNull, isCheck: { type: 'integer' }, status: str, startDate: strOrNull, endDate: strOrNull,
    enable: { type: 'integer' }, isDelete: { type: 'integer' }, extraInfo: anyObject, version: { type: 'integer' },
    createdAt: str, updatedAt: str, checkedAt: strOrNull, lastApprovedPrice: numOrNull, lastApprovedAt: strOrNull,
  },
} as const;
const MAX_IMPORT_ROWS = 1000;

const newPriceItem = {
  type: 'object', additionalProperties: false,
  properties: {
    skuId: idStr, price: priceValue, roleGroupId: idStr, startDate: day, endDate: day, marketAvg: priceValue, enable: { type: ['boolean', 'integer'] }, extraInfo: anyObject,
    // §3 fields the server derives (issue 15): checked against the caller (domain/derivedFields.ts), then dropped
    supplierId: idStr, isCheck: { type: 'integer' }, isDelete: { type: ['boolean', 'integer'] },
  },
} as const;

type DerivedPriceFields = { supplierId?: string; isCheck?: number; isDelete?: number | boolean };

/** Refuses derived §3 fields that disagree with the caller; answers the items without them. */
async function withoutDerivedFields(db: ModuleContext['db'], supplierOrgId: string, items: (NewPriceInput & DerivedPriceFields)[]): Promise<NewPriceInput[]> {
  const groupIds = [...new Set(items.filter((i) => i.isCheck === 1 && i.roleGroupId).map((i) => i.roleGroupId!))];
  const groups = groupIds.length ? await db.selectFrom('role_groups').select(['role_group_id', 'config']).where('role_group_id', 'in', groupIds).execute() : [];
  const approval = new Map(groups.map((g) => [g.role_group_id, priceConfigOf(g.config).priceApprovalEnable]));
  return items.map(({ supplierId, isCheck, isDelete, ...rest }) => {
    // an unknown group is the price command's to refuse; here it counts as needing approval
    const approvalNeeded = rest.roleGroupId ? approval.get(rest.roleGroupId) ?? true : true;
    const problem = newPriceFieldProblem({ supplierId, isCheck, isDelete }, { supplierOrgId, approvalNeeded });
    if (problem) throw refusalError(problem);
    return rest;
  });
}

interface PriceQuery {
  id?: string; skuId?: string; productId?: string; supplierId?: string; roleGroupId?: string; isCheck?: string; categoryId?: string; keyword?: string;
  date?: string; effective?: number; includeDeleted?: number; $groupby?: string;
}
const priceQuery = {
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 20000 }, skuId: { type: 'string', maxLength: 20000 }, productId: { type: 'string', maxLength: 20000 }, supplierId: idStr,
    roleGroupId: { type: 'string', maxLength: 2000 }, isCheck: { type: 'string', pattern: '^(-?\\d)(,-?\\d)*$' }, categoryId: { type: 'string', maxLength: 2000 },
    keyword: { type: 'string', maxLength: 100 }, date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, effective: { type: 'integer', enum: [0, 1] },
    includeDeleted: { type: 'integer', enum: [0, 1] }, $groupby: { type: 'string', maxLength: 100 },
  },
} as const;

type PriceSelect = SelectQueryBuilder<Database & { sp: Database['sku_prices'] }, 'sp', object>;

export default async function priceRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  /**
   * Prices the viewer may see, filtered by the query. Purchasers see only effective approved prices of the goods
   * in the categories each supplier link allows; where the org froze a supplier's prices (priceEdit off), only
   * those approved at or before the freeze (domain/supplierPermissions priceCutoff), so the latest of them stays
   * effective for that org while newer approvals reach the other orgs of the role group.
   */
  const priceBase = async (request: FastifyRequest, viewer: Viewer, q: PriceQuery) => {
    // filters on goods are semi-joins, so counting and paging read sku_prices (and its indexes) alone
    let base: PriceSelect = db.selectFrom('sku_prices as sp');
    const products = () => db.selectFrom('products').select('id');
    if (viewer.kind === 'purchaser') {
      const links = viewer.links.filter((l) => !q.supplierId || l.supplierOrgId === q.supplierId);
      if (q.supplierId && !links.length) throw forbidden('无权查看其他供应商的数据');
      if (!links.length) return null;
      base = base.where((eb) => eb.or(links.map((l) => {
        const cutoff = priceCutoff(l.permissions);
        return eb.and([
          eb('sp.org_id', '=', l.supplierOrgId),
          ...(l.roleGroupId ? [eb('sp.role_group_id', '=', l.roleGroupId)] : []),
          ...(cutoff ? [eb('sp.checked_at', '<=', new Date(cutoff))] : []),
        ]);
      })));
      const d = q.date ?? dayOf(ctx.clock());
      const scope = await categoryScopeOf(db, links);
      let goods = products().where('is_uppershelf', '=', true);
      if (scopeLimits(scope)) goods = goods.where(inCategoryScope(scope));
      base = base.where('sp.is_check', '=', IS_CHECK.approved).where('sp.enable', '=', true).where('sp.is_delete', '=', false)
        .where('sp.start_date', '<=', d).where('sp.end_date', '>=', d).where('sp.product_id', 'in', goods);
    } else {
      const orgs = pickSupplierOrgs(await readableSupplierOrgs(db, viewer), q.supplierId ?? (viewer.kind === 'supplier' ? viewer.orgId : undefined), request.orgApp!.orgId);
      if (orgs) {
        if (!orgs.length) return null;
        base = base.where('sp.org_id', 'in', orgs);
      }
      if (q.includeDeleted !== 1) base = base.where('sp.is_delete', '=', false);
      if (commaList(q.isCheck).length) base = base.where('sp.is_check', 'in', commaList(q.isCheck).map(Number));
      if (q.effective === 1) {
        const d = q.date ?? dayOf(ctx.clock());
        base = base.where('sp.is_check', '=', IS_CHECK.approved).where('sp.enable', '=', true).where('sp.start_date', '<=', d).where('sp.end_date', '>=', d);
      }
    }
    if (commaList(q.id).length) base = base.where('sp.id', 'in', commaList(q.id));
    if (commaList(q.skuId).length) base = base.where('sp.sku_id', 'in', commaList(q.skuId));
    if (commaList(q.productId).length) base = base.where('sp.product_id', 'in', commaList(q.productId));
    if (commaList(q.roleGroupId).length) base = base.where('sp.role_group_id', 'in', commaList(q.roleGroupId));
    if (commaList(q.categoryId).length) base = base.where('sp.product_id', 'in', products().where('category_id', 'in', commaList(q.categoryId)));
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`;
      base = base.where((eb) => eb.or([
        eb('sp.product_id', 'in', products().where('name', 'like', like)),
        eb('sp.sku_id', 'in', db.selectFrom('skus').select('sku_id').where('name', 'like', like)),
      ]));
    }
    return base;
  };

  // the columns present() reads, no more: each one is parsed on every row of every page (issue 32)
  const columns = [
    'sp.id', 'sp.sku_id', 'sp.product_id', 'sp.supplier_id', 'sp.role_group_id', 'sp.price', 'sp.market_avg', 'sp.is_check', 'sp.start_date',
    'sp.end_date', 'sp.enable', 'sp.is_delete', 'sp.extra_info', 'sp.version', 'sp.created_at', 'sp.updated_at', 'sp.checked_at',
    'k.name as sku_name', 'k.spec as sku_spec', 'k.unit', 'p.name as product_name', 'p.category_id', 'p.price_class',
    // the supplier's and the role group's names in the same statement: two lookups per page were two more round trips
    // on every price list (issue 32); a subquery each, so a row is never repeated
    sql<string | null>`(SELECT o.name FROM orgs o WHERE o.org_id = sp.org_id)`.as('supplier_name'),
    sql<string | null>`(SELECT rg.group_name FROM role_groups rg WHERE rg.role_group_id = sp.role_group_id LIMIT 1)`.as('role_group_name'),
  ] as const;
  type Row = Omit<PriceRow, 'org_id' | 'checked_by'> & {
    sku_name: string; sku_spec: string; unit: string; product_name: string; category_id: string | null; price_class: string | null;
    supplier_name: string | null; role_group_name: string | null;
  };

  /** Rows as the §3 SKU price, with names, status, the mall average and the last approved price. */
  const present = async (rows: Row[], withComparison: boolean) => {
    if (!rows.length) return [];
    const lastApproved = new Map<string, { id: string; price: number; checkedAt: string }>();
    const mallAvg = new Map<string, number>();
    if (withComparison) {
      const skuIds = [...new Set(rows.map((r) => r.sku_id))];
      const approved = await db.selectFrom('sku_prices').select(['id', 'sku_id', 'role_group_id', 'price', 'checked_at']).distinctOn(['sku_id', 'role_group_id'])
        .where('sku_id', 'in', skuIds).where('is_check', '=', IS_CHECK.approved).where('is_delete', '=', false)
        .orderBy('sku_id').orderBy('role_group_id').orderBy('checked_at', 'desc').execute();
      for (const a of approved) lastApproved.set(`${a.sku_id}|${a.role_group_id}`, { id: a.id, price: Number(a.price), checkedAt: new Date(a.checked_at!).toISOString() });
      // the mall average: current approved prices of goods of the same name, across suppliers
      const names = [...new Set(rows.map((r) => r.product_name))];
      const avgs = await db.selectFrom('sku_prices as sp').innerJoin('products as p', 'p.id', 'sp.product_id')
        .select(['p.name', sql<string>`round(avg(sp.price), 2)`.as('avg')])
        .where('p.name', 'in', names).where('sp.is_check', '=', IS_CHECK.approved).where('sp.is_delete', '=', false).where('sp.enable', '=', true)
        .groupBy('p.name').execute();
      for (const a of avgs) mallAvg.set(a.name, Number(a.avg));
    }
    const today = dayOf(ctx.clock());
    return rows.map((r) => {
      const extraInfo = { ...(r.extra_info as Record<string, unknown>) };
      const last = lastApproved.get(`${r.sku_id}|${r.role_group_id}`);
      if (withComparison) extraInfo.mallAvgPrice = mallAvg.get(r.product_name) ?? null;
      const like = {
        isCheck: r.is_check, enable: r.enable, isDelete: r.is_delete, startDate: r.start_date, endDate: r.end_date, createdAt: new Date(r.created_at).toISOString(),
      };
      return {
        id: r.id, skuPriceId: r.id, skuId: r.sku_id, skuName: r.sku_name, spec: r.sku_spec, unit: r.unit, productId: r.product_id, productName: r.product_name,
        categoryId: r.category_id, priceClass: r.price_class, supplierId: r.supplier_id, supplierName: r.supplier_name ?? '',
        roleGroupId: r.role_group_id, roleGroupName: r.role_group_name ?? '', price: Number(r.price),
        marketAvg: r.market_avg === null ? null : Number(r.market_avg), isCheck: r.is_check, status: priceStatus(like, today),
        startDate: r.start_date, endDate: r.end_date, enable: r.enable ? 1 : 0, isDelete: r.is_delete ? 1 : 0, extraInfo, version: r.version,
        createdAt: like.createdAt, updatedAt: new Date(r.updated_at).toISOString(), checkedAt: r.checked_at ? new Date(r.checked_at).toISOString() : null,
        ...(withComparison && { lastApprovedPrice: last?.price ?? null, lastApprovedAt: last?.checkedAt ?? null }),
      };
    });
  };

  // presentedPriceSchema names exactly the keys present() writes: a key added to one and not the other fails here
  type Presented = Awaited<ReturnType<typeof present>>[number];
  const sameKeys: [keyof Presented, keyof typeof presentedPriceSchema.properties] extends [keyof typeof presentedPriceSchema.properties, keyof Presented] ? true : never = true;
  void sameKeys;

  const comparisonFor = (viewer: Viewer) => viewer.kind !== 'purchaser';

  /** The prices of `ids` with their SKU and product, in the order of `ids`. */
  const presentIds = async (ids: string[], withComparison = false) => {
    if (!ids.length) return [];
    const rows = await db.selectFrom('sku_prices as sp').innerJoin('skus as k', 'k.sku_id', 'sp.sku_id').innerJoin('products as p', 'p.id', 'sp.product_id')
      .select(columns as unknown as never[]).where('sp.id', 'in', ids).execute() as unknown as Row[];
    const order = new Map(ids.map((id, i) => [id, i]));
    return (await present(rows, withComparison)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  };

  app.get<{ Querystring: PriceQuery }>('/v5/mall/sku/price', {
    config: { auth: 'orgApp', listPage: { size: PAGE.generic, max: PAGE.allowlist[1] } },
    schema: {
      tags, summary: 'SKU prices: a supplier its own; a bureau those of its area (the approval queue with isCheck=0); a school only effective approved prices of its suppliers',
      querystring: priceQuery, response: { 200: listSchema(presentedPriceSchema) },
    },
  }, async (request) => {
    const viewer = await viewerOf(db, request);
    const base = await priceBase(request, viewer, request.query);
    if (!base) return list([], 0);
    // the page with its SKU, goods and names in one statement (not its ids, then their rows): the joins are inner,
    // as presentIds's, and run on the page's rows only. The count stays a statement of its own: tried as a window over
    // the page's statement (count(*) OVER ()), that statement's execution went from about 1 ms to 4.8 ms a call under
    // the mixed load (pg_stat_statements), far more than the round trip it saved (issue 32)
    const [total, page] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.innerJoin('skus as k', 'k.sku_id', 'sp.sku_id').innerJoin('products as p', 'p.id', 'sp.product_id')
        .select(columns as unknown as never[]).orderBy('sp.created_at', 'desc').orderBy('sp.id')
        .limit(listPage(request).limit).offset(listPage(request).skip).execute() as unknown as Promise<Row[]>,
    ]);
    return list(await present(page, comparisonFor(viewer)), Number(total?.n ?? 0));
  });

  const latest = async (request: FastifyRequest<{ Querystring: PriceQuery }>) => {
    const q = request.query;
    if (q.$groupby && q.$groupby.replace(/\s/g, '') !== 'skuId,roleGroupId') throw badRequest('参数错误：$groupby 只支持 skuId,roleGroupId');
    const viewer = await viewerOf(db, request);
    const base = await priceBase(request, viewer, q);
    if (!base) return list([], 0);
    // purchasers: the effective price (§4, most recently approved); others: the newest price of each pair
    const order = viewer.kind === 'purchaser' ? 'sp.checked_at' : 'sp.created_at';
    const page = await paged(base.select('sp.id').distinctOn(['sp.sku_id', 'sp.role_group_id'])
      .orderBy('sp.sku_id').orderBy('sp.role_group_id').orderBy(order, 'desc').orderBy('sp.created_at', 'desc'), request).execute();
    return list(await presentIds(page.map((r) => r.id), comparisonFor(viewer)));
  };

  /** the latest prices: every pair in one page unless `$limit` says */
  const latestPage = { size: PAGE.allowlist[1], max: PAGE.allowlist[1] };
  app.get<{ Querystring: PriceQuery }>('/v5/mall/sku/price/latest-price', {
    config: { auth: 'orgApp', listPage: latestPage },
    schema: { tags, summary: 'The latest price per SKU and role group ($groupby skuId,roleGroupId); a school gets the effective approved one', querystring: priceQuery, response: { 200: listSchema(presentedPriceSchema) } },
  }, latest);

  app.get<{ Querystring: PriceQuery }>('/v5/mall/sku/price/searchprice', {
    config: { auth: 'orgApp', listPage: latestPage },
    schema: { tags, summary: 'Search prices by product or SKU name (keyword): the latest per SKU and role group', querystring: priceQuery, response: { 200: listSchema(presentedPriceSchema) } },
  }, latest);

  // purchasers see effective prices, not their history: viewerOf's purchaser kind is every caller of none of the other roles
  const requirePriceLogReader = (request: FastifyRequest) => {
    if (!isPlatform(request) && !isSupplierSide(request) && !isBureau(request)) throw forbidden('无权查看价格日志');
  };
  app.get<{ Querystring: { skuPriceId?: string; id?: string; skuId?: string; roleGroupId?: string } }>('/v5/mall/sku/price/log', {
    config: { auth: 'orgApp', guard: requirePriceLogReader, listPage: { size: PAGE.generic, max: PAGE.allowlist[1] } },
    schema: {
      tags, summary: 'Price log: every creation, change and decision of the prices (events), newest first',
      querystring: { type: 'object', properties: { skuPriceId: idStr, id: idStr, skuId: idStr, roleGroupId: idStr } },
      response: { 200: listSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const viewer = await viewerOf(db, request);
    const q = request.query;
    const orgs = await readableSupplierOrgs(db, viewer);
    let prices = db.selectFrom('sku_prices').select(sql<string>`'skuprice-' || id`.as('s'));
    if (orgs) prices = prices.where('org_id', 'in', orgs.length ? orgs : ['']);
    const one = q.skuPriceId ?? q.id;
    if (one) prices = prices.where('id', '=', one);
    if (q.skuId) prices = prices.where('sku_id', '=', q.skuId);
    if (q.roleGroupId) prices = prices.where('role_group_id', '=', q.roleGroupId);
    const base = db.selectFrom('events').where('stream_id', 'in', prices);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await paged(base.select(['position', 'stream_id', 'stream_version', 'type', 'data', 'meta', 'created_at']).orderBy('position', 'desc'), request).execute();
    return list(rows.map((r) => ({ ...logOf(r), skuPriceId: r.stream_id.slice('skuprice-'.length) })), Number(total?.n ?? 0));
  });

  const requirePower = async (request: FastifyRequest, key: string) => {
    if (!(await holdsPower(db, request, key))) throw forbidden('没有该操作的权限');
  };

  app.post<{ Body: { skuPrice: NewPriceInput[]; startDate?: string | null } }>('/v5/mall/sku/price', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Price SKUs for purchaser role groups; pending (0) where the group needs approval, else approved (1). All or nothing.',
      body: {
        type: 'object', additionalProperties: false, required: ['skuPrice'],
        properties: { skuPrice: { type: 'array', minItems: 1, maxItems: MAX_IMPORT_ROWS, items: newPriceItem }, startDate: day },
      },
      response: { 200: listSchema(priceSchema) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const items = await withoutDerivedFields(db, request.orgApp!.orgId, request.body.skuPrice);
    const ids = await runCommand(db, (tx) => createPrices(tx, request.orgApp!.orgId, items, metaOf(request, now), now, { defaults: { startDate: request.body.startDate } }));
    return list(await presentIds(ids));
  });

  app.post<{ Body: { skuPrice: NewPriceInput[]; delPriceIds?: string[]; eduOrgId?: string; remark?: string } }>('/v5/mall/sku/importprice', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: `Import prices (the console sends batches of ${BATCH.priceUpload}): every row is checked; one bad row refuses the whole batch with row-level errors`,
      body: {
        type: 'object', additionalProperties: false, required: ['skuPrice'],
        properties: {
          skuPrice: { type: 'array', maxItems: MAX_IMPORT_ROWS, items: { ...newPriceItem, properties: { ...newPriceItem.properties, row: { type: 'integer', minimum: 1 } } } },
          delPriceIds: { type: 'array', maxItems: MAX_IMPORT_ROWS, items: idStr }, eduOrgId: idStr, remark: { type: 'string', maxLength: 500 },
        },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { rows: { type: 'array', items: priceSchema }, count: { type: 'integer' }, deleted: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const b = request.body;
    if (!b.skuPrice.length && !(b.delPriceIds ?? []).length) throw badRequest('参数错误：没有要导入的价格');
    if (b.eduOrgId) {
      const edu = await db.selectFrom('orgs').select('org_id').where('org_id', '=', b.eduOrgId).executeTakeFirst();
      if (!edu) throw badRequest('参数错误：教育局机构不存在');
    }
    const now = ctx.clock();
    const meta = metaOf(request, now);
    const supplierOrgId = request.orgApp!.orgId;
    const ids = await runCommand(db, async (tx) => {
      await deletePrices(tx, supplierOrgId, b.delPriceIds ?? [], meta, now);
      const extraInfo = { imported: true, ...(b.remark && { importRemark: b.remark }), ...(b.eduOrgId && { eduOrgId: b.eduOrgId }) };
      const inputs = await withoutDerivedFields(db, request.orgApp!.orgId, b.skuPrice.map(({ row: _row, ...rest }: NewPriceInput & { row?: number }) => rest));
      return createPrices(tx, supplierOrgId, inputs, meta, now, { extraInfo });
    });
    return ok({ rows: await presentIds(ids), count: ids.length, deleted: (b.delPriceIds ?? []).length });
  });

  interface PutItem extends PriceChangeInput { isCheck?: number; extraInfo?: { checkRemark?: string } }
  // One route, two callers: the supplier changing its prices (priceAdd) and the approver deciding them
  // (priceApprove). Before the body is read, a caller who can be neither is refused (a school sending a price
  // approval gets 403, not a validation error); which one the body asks for is checked in the handler.
  const requirePriceChangerOrApprover = async (request: FastifyRequest) => {
    if (writesGoods(request) && await holdsPower(db, request, POWER.priceAdd)) return;
    if (await holdsPower(db, request, POWER.priceApprove)) return;
    throw forbidden('没有该操作的权限');
  };
  app.put<{ Body: { skuPrice: PutItem[]; isCheckPrice?: boolean; isEduBureauOrg?: boolean; eduBureauOrgArea?: string; checkRemark?: string } }>('/v5/mall/sku/price', {
    config: { auth: 'orgApp', guard: requirePriceChangerOrApprover },
    schema: {
      tags,
      summary: 'With isCheckPrice: approve (isCheck 1) or reject (-2, extraInfo.checkRemark) many prices, by the bureau of the area or the configured approval group; ' +
        'concurrent decisions on one price: one wins, the other gets 409. Without: the supplier changes its prices.',
      body: {
        type: 'object', additionalProperties: false, required: ['skuPrice'],
        properties: {
          skuPrice: {
            type: 'array', minItems: 1, maxItems: MAX_IMPORT_ROWS,
            items: {
              type: 'object', additionalProperties: false, required: ['id'],
              properties: {
                id: idStr, price: priceValue, startDate: day, endDate: day, enable: { type: ['boolean', 'integer'] }, marketAvg: priceValue,
                version: { type: 'integer', minimum: 1 }, isCheck: { type: 'integer', enum: [1, -2] },
                extraInfo: { type: 'object', additionalProperties: true, properties: { checkRemark: { type: 'string', maxLength: 500 } } },
              },
            },
          },
          isCheckPrice: { type: 'boolean' }, isEduBureauOrg: { type: 'boolean' }, eduBureauOrgArea: { type: 'string', maxLength: 100 },
          checkRemark: { type: 'string', maxLength: 500 },
        },
      },
      response: { 200: listSchema(priceSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const now = ctx.clock();
    const meta = metaOf(request, now);
    if (!b.isCheckPrice) {
      requireSupplier(request);
      await requirePower(request, POWER.priceAdd);
      if (b.skuPrice.some((p) => p.isCheck !== undefined)) throw badRequest('参数错误：审核价格请传 isCheckPrice');
      const ids = await runCommand(db, (tx) => changePrices(tx, request.orgApp!.orgId, b.skuPrice, meta, now));
      return list(await presentIds(ids));
    }
    await requirePower(request, POWER.priceApprove);
    const approverOrgId = request.orgApp!.orgId;
    // the client's isEduBureauOrg / eduBureauOrgArea are hints only: the standing is worked out here
    const party = partyOfRequest(request);
    const ids = b.skuPrice.map((p) => p.id);
    if (new Set(ids).size !== ids.length) throw badRequest('参数错误：同一价格重复提交');
    try {
      await runCommand(db, async (tx) => {
        const rows = new Map((await tx.selectFrom('sku_prices').selectAll().where('id', 'in', ids).execute()).map((r) => [r.id, r]));
        const missing = ids.filter((id) => !rows.get(id) || rows.get(id)!.is_delete);
        if (missing.length) throw new HttpError(404, `价格不存在：${missing.slice(0, 5).join('、')}`);
        const supplierOrgs = [...new Set([...rows.values()].map((r) => r.org_id))];
        const approver = await orgFacts(tx, approverOrgId);
        const facts = await orgFactsOf(tx, supplierOrgs);
        const inArea = (supplierOrgId: string) => !!approver && facts.has(supplierOrgId) && inAreaOf(approver, facts.get(supplierOrgId)!);
        const groups = new Map((await tx.selectFrom('role_groups').select(['role_group_id', 'config']).where('role_group_id', 'in', [...new Set([...rows.values()].map((r) => r.role_group_id))]).execute())
          .map((g) => [g.role_group_id, priceConfigOf(g.config)]));
        const approvalGroups = [...new Set([...groups.values()].map((g) => g.priceApprovalGroup).filter((g): g is string => !!g))];
        const groupOrgs = new Map(approvalGroups.length
          ? (await tx.selectFrom('categories').select(['id', 'extra_info']).where('id', 'in', approvalGroups).where('group_name', '=', 'mallPriceApprovalGroups').execute())
            .map((c) => [c.id, ((c.extra_info as { orgIds?: unknown }).orgIds as string[] | undefined) ?? []])
          : []);
        for (const item of b.skuPrice) if (item.isCheck === undefined) throw badRequest('参数错误：请指定审核结果 isCheck（1 通过，-2 驳回）');
        // each decision on the price row as read, at its version (or the version the approver read): one of two
        // concurrent approvers wins, the other's append conflicts
        for (const item of b.skuPrice) {
          const row = rows.get(item.id)!;
          const config = groups.get(row.role_group_id) ?? priceConfigOf({});
          const standing = approvalStanding({
            party, approverOrgId, supplierInArea: inArea(row.org_id),
            approvalGroupOrgIds: config.priceApprovalGroup ? groupOrgs.get(config.priceApprovalGroup) ?? [] : [],
          });
          if (item.version !== undefined && item.version !== row.version) throw new ConcurrencyError(mallStreams.price(row.id), item.version);
          await decideAndAppend(tx, {
            orgId: row.org_id, streamId: mallStreams.price(row.id), streamType: 'skuprice', decider: priceDecider, meta,
            command: {
              type: 'DecidePrice', id: row.id, at: now.toISOString(), isCheck: item.isCheck!, remark: item.extraInfo?.checkRemark ?? b.checkRemark ?? '', standing,
              checkedBy: request.user!.userId, checkedOrgId: approverOrgId,
            },
            load: async () => loadedPrice(row),
          });
        }
        for (const orgId of supplierOrgs) await notifyPriceWatchers(tx, orgId, ['SkuPriceDecided']);
      });
    } catch (e) {
      if (e instanceof ConcurrencyError) throw conflict('该价格刚被他人审核或修改，本次审核未生效，请刷新后重试');
      throw e;
    }
    return list(await presentIds(ids));
  });

  app.delete<{ Body: { skuPriceId: string | string[] } }>('/v5/mall/sku/price', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Delete prices of the supplier (logical; the log keeps them)',
      body: { type: 'object', additionalProperties: false, required: ['skuPriceId'], properties: { skuPriceId: { anyOf: [idStr, { type: 'array', minItems: 1, maxItems: MAX_IMPORT_ROWS, items: idStr }] } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const ids = Array.isArray(request.body.skuPriceId) ? request.body.skuPriceId : [request.body.skuPriceId];
    const now = ctx.clock();
    await runCommand(db, (tx) => deletePrices(tx, request.orgApp!.orgId, [...new Set(ids)], metaOf(request, now), now));
    return ok({ count: new Set(ids).size });
  });
}

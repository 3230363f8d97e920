// All-or-nothing Excel imports (§7 /v5/mall/sku/importprice, /v4/mall/import/product; §9 price upload batches of 60).
//
// Design: a server-side import session. The console opens a session, POSTs the rows in batches (each batch is
// validated against the current state when it arrives, so row errors show while uploading, and staged), then
// commits: the commit appends every event of the whole import in ONE transaction (re-validating all rows
// together, so duplicates across batches and changes since staging are caught too). Until the commit nothing
// is written; a failed batch or commit leaves no price or product behind, and the console discards the session.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { appendDecided, decideEach, metaOf, runCommand, type BatchItem } from '../../store/command.ts';
import {
  productDecider, skuDecider, type ProductCommand, type ProductCreated, type ProductState, type ProductUpdated, type SkuCommand, type SkuCreated, type SkuState,
  type SkuUpdated,
} from '../../../domain/aggregates/product.ts';
import { loadProducts, loadSkus } from './catalogueState.ts';
import { BATCH, UNITS } from '../../../domain/constants.ts';
import { isPriceClass, isUnit } from '../../../domain/mallCatalogue.ts';
import { mallStreams } from './streams.ts';
import { requireSupplier } from './access.ts';
import { createPrices, deletePrices, planPrices, PriceRowsError, type NewPriceInput } from './priceCommands.ts';
import { rowsSummary, type RowError } from '../../http/rowErrors.ts';

const tags = ['imports'];
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const day = { type: ['string', 'null'], maxLength: 20 } as const;
const priceValue = { type: ['number', 'string', 'null'], maxLength: 30 } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
/** An import holds at most this many rows (a supplier's whole price list fits many times). */
export const MAX_IMPORT_ROWS = 20000;
const MAX_BATCH_ROWS = 1000;
const SESSION_HOURS = 2;

const priceRow = {
  type: 'object', additionalProperties: false, required: ['row'],
  properties: {
    row: { type: 'integer', minimum: 1 }, skuId: idStr, price: priceValue, roleGroupId: idStr, startDate: day, endDate: day, marketAvg: priceValue,
    enable: { type: ['boolean', 'integer'] }, extraInfo: anyObject,
  },
} as const;
const skuItem = {
  type: 'object', additionalProperties: false, required: ['name', 'unit'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, spec: { type: 'string', maxLength: 100 }, unit: { type: 'string', maxLength: 20 }, sort: { type: 'integer' } },
} as const;
const productRow = {
  type: 'object', additionalProperties: false, required: ['row', 'name'],
  properties: {
    row: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1, maxLength: 100 }, categoryId: { type: ['string', 'null'], maxLength: 128 },
    categoryName: { type: ['string', 'null'], maxLength: 100 }, unit: { type: 'string', maxLength: 20 }, priceClass: { type: ['string', 'null'], maxLength: 20 },
    rawRipe: { type: 'string', enum: ['raw', 'ripe'] }, isPackage: { type: ['integer', 'boolean'] }, isUppershelf: { type: ['integer', 'boolean'] },
    status: { type: 'integer' }, extraInfo: anyObject, skus: { type: 'array', maxItems: 100, items: skuItem },
  },
} as const;

type PriceImportRow = NewPriceInput & { row: number };
export interface ProductImportRow {
  row: number; name: string; categoryId?: string | null; categoryName?: string | null; unit?: string; priceClass?: string | null; rawRipe?: 'raw' | 'ripe';
  isPackage?: number | boolean; isUppershelf?: number | boolean; status?: number; extraInfo?: Record<string, unknown>;
  skus?: { name: string; spec?: string; unit: string; sort?: number }[];
}
interface PriceOptions { delPriceIds?: string[]; eduOrgId?: string; remark?: string }
interface ProductOptions { statusUpdatedPrductCIds?: string[]; file?: string }

const flag = (v: unknown, dflt: boolean) => (v === undefined || v === null ? dflt : v === true || v === 1);

/**
 * An import preview: the commit's checks in a read-only transaction, so the preview provably writes nothing
 * (a write would fail) and sees the same state the checks read.
 */
function preview<T>(db: ModuleContext['db'], fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().setAccessMode('read only').execute(fn);
}

/** Import row errors name the rows of the file (each row's `row`), not their index in the batch. */
async function inFileRows<T>(rows: PriceImportRow[], fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof PriceRowsError) throw new PriceRowsError(e.rows.map((r) => ({ ...r, row: rows[r.row - 1]?.row ?? r.row })), e.statusCode as 400 | 422);
    throw e;
  }
}

/** createPrices for import rows. */
const createImportedPrices = (tx: Tx, orgId: string, rows: PriceImportRow[], meta: EventMeta, now: Date, extraInfo?: Record<string, unknown>) =>
  inFileRows(rows, () => createPrices(tx, orgId, rows.map(({ row: _r, ...rest }) => rest), meta, now, { extraInfo }));

/** Row errors of a product import, refused as a whole (400). */
export class ProductRowsError extends PriceRowsError {
  constructor(rows: RowError[]) {
    super(rows);
    this.message = `商品导入失败：${rowsSummary(rows, 5)}${rows.length > 5 ? `；等 ${rows.length} 行有误` : ''}`;
  }
}

/**
 * Creates or updates the products of the rows for the supplier org, all or nothing. A row naming an existing
 * product (same name) updates it: its fields, SKUs of the same name changed, new SKUs added.
 */
export async function importProducts(tx: Tx, orgId: string, rows: ProductImportRow[], meta: EventMeta, now: Date, opts: ProductOptions = {}): Promise<{ created: number; updated: number; skus: number }> {
  const plans = await checkProductRows(tx, orgId, rows);
  const at = now.toISOString();
  const updatedIds = plans.filter((p) => p.productId).map((p) => p.productId!);
  const products = await loadProducts(tx, orgId, updatedIds);
  const existingSkus = updatedIds.length
    ? await tx.selectFrom('skus').select(['sku_id', 'product_id', 'name']).where('org_id', '=', orgId).where('product_id', 'in', updatedIds).where('is_delete', '=', false).execute()
    : [];
  const skus = await loadSkus(tx, orgId, existingSkus.map((s) => s.sku_id));
  // products go first, then SKUs (a SKU's row names its product); each list is decided, then appended in one batch
  const productItems: BatchItem<ProductCommand, ProductState>[] = [];
  const skuItems: BatchItem<SkuCommand, SkuState>[] = [];
  // the file row of each item, so a refusal names it
  const productRows: number[] = [];
  const skuRows: number[] = [];
  const fresh = { state: skuDecider.initialState(), version: 0 };
  let current = 0;
  const addSku = (skuId: string, command: SkuCommand) => {
    skuItems.push({ orgId, streamId: mallStreams.sku(skuId), streamType: 'sku', command, loaded: skus.get(skuId) ?? fresh });
    skuRows.push(current);
  };
  let created = 0;
  let skuCount = 0;
  for (const { row: r, categoryId, productId } of plans) {
    current = r.row;
    productRows.push(r.row);
    if (!productId) {
      const product: ProductCreated = {
        id: crypto.randomUUID(), name: r.name.trim(), cid: categoryId, categoryId, status: r.status ?? 1, isPackage: flag(r.isPackage, false),
        isUppershelf: flag(r.isUppershelf, true), rawRipe: r.rawRipe ?? 'raw', unit: r.unit ?? '', priceClass: r.priceClass ?? null,
        extraInfo: { ...(r.extraInfo ?? {}), imported: true, ...(opts.file && { importFile: opts.file }) }, at,
      };
      productItems.push({ orgId, streamId: mallStreams.product(product.id), streamType: 'product', command: { type: 'CreateProduct', product, categoryKnown: true }, loaded: { state: productDecider.initialState(), version: 0 } });
      created++;
      for (const [i, s] of (r.skus ?? []).entries()) {
        const sku: SkuCreated = { skuId: crypto.randomUUID(), productId: product.id, name: s.name.trim(), spec: s.spec ?? '', unit: s.unit, sort: s.sort ?? i, enable: true, extraInfo: {}, at };
        addSku(sku.skuId, { type: 'CreateSku', sku, productLive: true });
        skuCount++;
      }
      continue;
    }
    const change: ProductUpdated = {
      id: productId, at, ...(categoryId && { categoryId, cid: categoryId }), ...(r.unit && { unit: r.unit }), ...(r.priceClass !== undefined && { priceClass: r.priceClass }),
      ...(r.rawRipe && { rawRipe: r.rawRipe }), ...(r.isPackage !== undefined && { isPackage: flag(r.isPackage, false) }),
      ...(r.isUppershelf !== undefined && { isUppershelf: flag(r.isUppershelf, true) }), ...(r.status !== undefined && { status: r.status }),
    };
    productItems.push({ orgId, streamId: mallStreams.product(productId), streamType: 'product', command: { type: 'UpdateProduct', change, categoryKnown: true }, loaded: products.get(productId)! });
    const mine = existingSkus.filter((s) => s.product_id === productId);
    for (const [i, s] of (r.skus ?? []).entries()) {
      const same = mine.find((m) => m.name === s.name.trim());
      if (same) addSku(same.sku_id, { type: 'UpdateSku', change: { skuId: same.sku_id, at, ...(s.spec !== undefined && { spec: s.spec }), unit: s.unit }, rowLive: true });
      else {
        const sku: SkuCreated = { skuId: crypto.randomUUID(), productId, name: s.name.trim(), spec: s.spec ?? '', unit: s.unit, sort: s.sort ?? mine.length + i, enable: true, extraInfo: {}, at };
        addSku(sku.skuId, { type: 'CreateSku', sku, productLive: true });
      }
      skuCount++;
    }
  }
  const decidedProducts = decideEach(productDecider, productItems);
  const decidedSkus = decideEach(skuDecider, skuItems);
  const refused = [
    ...decidedProducts.refusals.map(({ index, refusal }) => ({ row: productRows[index], errors: [refusal.message] })),
    ...decidedSkus.refusals.map(({ index, refusal }) => ({ row: skuRows[index], errors: [refusal.message] })),
  ];
  if (refused.length) throw new ProductRowsError(refused);
  await appendDecided(tx, decidedProducts.decided, meta);
  await appendDecided(tx, decidedSkus.decided, meta);
  // statusUpdatedPrductCIds: products of these categories go back to approval status 0 (to be reviewed again)
  const cids = opts.statusUpdatedPrductCIds ?? [];
  if (cids.length) {
    const again = await tx.selectFrom('products').select('id').where('org_id', '=', orgId).where('is_delete', '=', false).where('category_id', 'in', cids).execute();
    const states = await loadProducts(tx, orgId, again.map((p) => p.id));
    const reset = decideEach(productDecider, again.map((p) => ({
      orgId, streamId: mallStreams.product(p.id), streamType: 'product', command: { type: 'UpdateProduct', change: { id: p.id, at, status: 0 }, categoryKnown: true } as ProductCommand,
      loaded: states.get(p.id)!,
    })));
    await appendDecided(tx, reset.decided, meta);
  }
  const updated = updatedIds.length;
  return { created, updated, skus: skuCount };
}

/** The checks of product rows, reading only (the preview runs them alone): what each row will create or update. */
async function checkProductRows(tx: Tx, orgId: string, rows: ProductImportRow[]) {
  const errors: RowError[] = [];
  const categories = await tx.selectFrom('categories').select(['id', 'name']).where('group_name', '=', 'mallProduct').where('is_delete', '=', false)
    .where((eb) => eb.or([eb('org_id', '=', orgId), eb('org_id', '=', 'standard')])).execute();
  const catById = new Set(categories.map((c) => c.id));
  const catByName = new Map(categories.map((c) => [c.name, c.id]));
  const existing = new Map((await tx.selectFrom('products').select(['id', 'name']).where('org_id', '=', orgId).where('is_delete', '=', false).execute()).map((p) => [p.name, p.id]));
  const seen = new Set<string>();
  const plans: { row: ProductImportRow; categoryId: string | null; productId: string | null }[] = [];
  for (const r of rows) {
    const errs: string[] = [];
    const name = r.name.trim();
    if (!name) errs.push('缺少商品名称');
    if (seen.has(name)) errs.push(`商品「${name}」重复`);
    seen.add(name);
    let categoryId: string | null = null;
    if (r.categoryId) {
      if (!catById.has(r.categoryId)) errs.push('商品分类不存在');
      else categoryId = r.categoryId;
    } else if (r.categoryName) {
      const id = catByName.get(r.categoryName.trim());
      if (!id) errs.push(`商品分类「${r.categoryName}」不存在`);
      else categoryId = id;
    }
    if (r.unit && !isUnit(r.unit)) errs.push(`单位「${r.unit}」不在可选单位中（${UNITS.join('、')}）`);
    if (r.priceClass && !isPriceClass(r.priceClass)) errs.push('价格分类应为 jyjxj、dqbd 或 cqwd');
    const skuNames = new Set<string>();
    for (const s of r.skus ?? []) {
      if (!isUnit(s.unit)) errs.push(`SKU「${s.name}」的单位「${s.unit}」不在可选单位中`);
      if (skuNames.has(s.name.trim())) errs.push(`SKU「${s.name}」重复`);
      skuNames.add(s.name.trim());
    }
    if (errs.length) errors.push({ row: r.row, errors: errs });
    else plans.push({ row: r, categoryId, productId: existing.get(name) ?? null });
  }
  if (errors.length) throw new ProductRowsError(errors);
  return plans;
}

export default async function importRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  const openSession = async (request: FastifyRequest, kind: string, options: object) => {
    const id = crypto.randomUUID();
    const now = ctx.clock();
    await db.deleteFrom('import_sessions').where('expires_at', '<', now).execute();
    await db.insertInto('import_sessions').values({
      id, org_id: request.orgApp!.orgId, user_id: request.user!.userId, kind, options: JSON.stringify(options), created_at: now,
      expires_at: new Date(now.getTime() + SESSION_HOURS * 3600_000),
    }).execute();
    return id;
  };
  const sessionOf = async (request: FastifyRequest, id: string, kind: string) => {
    const s = await db.selectFrom('import_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!s || s.kind !== kind || new Date(s.expires_at) < ctx.clock()) throw notFound('导入会话不存在或已过期，请重新导入');
    if (s.org_id !== request.orgApp!.orgId || s.user_id !== request.user!.userId) throw forbidden('无权访问该导入会话');
    return s;
  };
  const stage = async (sessionId: string, rows: { row: number }[]) => {
    const staged = await db.selectFrom('import_rows').select((eb) => eb.fn.countAll<number>().as('n')).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    if (Number(staged.n) + rows.length > MAX_IMPORT_ROWS) throw badRequest(`参数错误：一次最多导入 ${MAX_IMPORT_ROWS} 行`);
    if (new Set(rows.map((r) => r.row)).size !== rows.length) throw badRequest('参数错误：行号重复');
    await db.insertInto('import_rows').values(rows.map((r) => ({ session_id: sessionId, row: r.row, data: JSON.stringify(r) })))
      .onConflict((oc) => oc.columns(['session_id', 'row']).doUpdateSet((eb) => ({ data: eb.ref('excluded.data') }))).execute();
    return Number(staged.n) + rows.length;
  };
  const stagedRows = async <T>(sessionId: string) =>
    (await db.selectFrom('import_rows').select('data').where('session_id', '=', sessionId).orderBy('row').execute()).map((r) => r.data as T);
  const discard = (sessionId: string) => db.deleteFrom('import_sessions').where('id', '=', sessionId).execute();
  const sessionParams = { type: 'object', required: ['id'], properties: { id: idStr } } as const;
  const stagedSchema = envelopeSchema({ type: 'object', properties: { sessionId: { type: 'string' }, staged: { type: 'integer' } } });

  // ---- prices ----
  app.post<{ Body: PriceOptions }>('/v5/mall/sku/importprice/session', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Open a price import: batches are staged under the returned id and written only by the commit (all or nothing)',
      body: {
        type: 'object', additionalProperties: false,
        properties: { delPriceIds: { type: 'array', maxItems: MAX_IMPORT_ROWS, items: idStr }, eduOrgId: idStr, remark: { type: 'string', maxLength: 500 } },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' }, batchSize: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const b = request.body ?? {};
    if (b.eduOrgId && !(await db.selectFrom('orgs').select('org_id').where('org_id', '=', b.eduOrgId).executeTakeFirst())) throw badRequest('参数错误：教育局机构不存在');
    return ok({ id: await openSession(request, 'price', b), batchSize: BATCH.priceUpload });
  });

  app.post<{ Params: { id: string }; Body: { skuPrice: PriceImportRow[] } }>('/v5/mall/sku/importprice/session/:id', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: `Stage one batch of a price import (the console sends ${BATCH.priceUpload} rows): checked now, row-level errors in data.errors; nothing written`,
      params: sessionParams,
      body: { type: 'object', additionalProperties: false, required: ['skuPrice'], properties: { skuPrice: { type: 'array', minItems: 1, maxItems: MAX_BATCH_ROWS, items: priceRow } } },
      response: { 200: stagedSchema },
    },
  }, async (request) => {
    const s = await sessionOf(request, request.params.id, 'price');
    const rows = request.body.skuPrice;
    const now = ctx.clock();
    // the same decisions the commit makes, without appending
    await preview(db, (tx) => inFileRows(rows, () => planPrices(tx, s.org_id, rows.map(({ row: _r, ...rest }) => rest), now)));
    return ok({ sessionId: s.id, staged: await stage(s.id, rows) });
  });

  app.post<{ Params: { id: string } }>('/v5/mall/sku/importprice/session/:id/commit', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Commit a price import: every staged row is checked again and all prices are appended in one transaction, or none',
      params: sessionParams,
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' }, deleted: { type: 'integer' }, ids: { type: 'array', items: { type: 'string' } } } }) },
    },
  }, async (request) => {
    const s = await sessionOf(request, request.params.id, 'price');
    const options = s.options as PriceOptions;
    const rows = await stagedRows<PriceImportRow>(s.id);
    if (!rows.length && !(options.delPriceIds ?? []).length) throw badRequest('参数错误：没有要导入的价格');
    const now = ctx.clock();
    const meta = metaOf(request, now);
    const ids = await runCommand(db, async (tx) => {
      await deletePrices(tx, s.org_id, options.delPriceIds ?? [], meta, now);
      const extraInfo = { imported: true, importId: s.id, ...(options.remark && { importRemark: options.remark }), ...(options.eduOrgId && { eduOrgId: options.eduOrgId }) };
      return createImportedPrices(tx, s.org_id, rows, meta, now, extraInfo);
    });
    await discard(s.id);
    return ok({ count: ids.length, deleted: (options.delPriceIds ?? []).length, ids });
  });

  app.delete<{ Params: { id: string } }>('/v5/mall/sku/importprice/session/:id', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'Discard a price import (nothing was written)', params: sessionParams, response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' } } }) } },
  }, async (request) => {
    const s = await sessionOf(request, request.params.id, 'price');
    await discard(s.id);
    return ok({ id: s.id });
  });

  // ---- products ----
  app.post<{ Body: { products: ProductImportRow[]; statusUpdatedPrductCIds?: string[]; file?: string } }>('/v4/mall/import/product', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Import products with their SKUs in one transaction (all or nothing; row-level errors in data.errors). Larger files: the session endpoints.',
      body: {
        type: 'object', additionalProperties: false, required: ['products'],
        properties: {
          products: { type: 'array', minItems: 1, maxItems: MAX_BATCH_ROWS, items: productRow }, file: { type: 'string', maxLength: 200 },
          statusUpdatedPrductCIds: { type: 'array', maxItems: 1000, items: idStr },
        },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { created: { type: 'integer' }, updated: { type: 'integer' }, skus: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const b = request.body;
    return ok(await runCommand(db, (tx) => importProducts(tx, request.orgApp!.orgId, b.products, metaOf(request, now), now, b)));
  });

  app.post<{ Body: ProductOptions }>('/v4/mall/import/product/session', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Open a product import (batches staged, one commit)',
      body: { type: 'object', additionalProperties: false, properties: { file: { type: 'string', maxLength: 200 }, statusUpdatedPrductCIds: { type: 'array', maxItems: 1000, items: idStr } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' }, batchSize: { type: 'integer' } } }) },
    },
  }, async (request) => {
    return ok({ id: await openSession(request, 'product', request.body ?? {}), batchSize: BATCH.priceUpload });
  });

  app.post<{ Params: { id: string }; Body: { products: ProductImportRow[] } }>('/v4/mall/import/product/session/:id', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Stage one batch of a product import: checked now (row errors in data.errors), nothing written', params: sessionParams,
      body: { type: 'object', additionalProperties: false, required: ['products'], properties: { products: { type: 'array', minItems: 1, maxItems: MAX_BATCH_ROWS, items: productRow } } },
      response: { 200: stagedSchema },
    },
  }, async (request) => {
    const s = await sessionOf(request, request.params.id, 'product');
    await preview(db, (tx) => checkProductRows(tx, s.org_id, request.body.products));
    const before = await stagedRows<ProductImportRow>(s.id);
    const names = new Set(before.map((p) => p.name.trim()));
    const dup = request.body.products.filter((p) => names.has(p.name.trim()));
    if (dup.length) throw new ProductRowsError(dup.map((p) => ({ row: p.row, errors: [`商品「${p.name}」重复`] })));
    return ok({ sessionId: s.id, staged: await stage(s.id, request.body.products) });
  });

  app.post<{ Params: { id: string } }>('/v4/mall/import/product/session/:id/commit', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Commit a product import in one transaction (all or nothing)', params: sessionParams,
      response: { 200: envelopeSchema({ type: 'object', properties: { created: { type: 'integer' }, updated: { type: 'integer' }, skus: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const s = await sessionOf(request, request.params.id, 'product');
    const rows = await stagedRows<ProductImportRow>(s.id);
    if (!rows.length) throw badRequest('参数错误：没有要导入的商品');
    const now = ctx.clock();
    const result = await runCommand(db, (tx) => importProducts(tx, s.org_id, rows, metaOf(request, now), now, s.options as ProductOptions));
    await discard(s.id);
    return ok(result);
  });

  app.delete<{ Params: { id: string } }>('/v4/mall/import/product/session/:id', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'Discard a product import', params: sessionParams, response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' } } }) } },
  }, async (request) => {
    const s = await sessionOf(request, request.params.id, 'product');
    await discard(s.id);
    return ok({ id: s.id });
  });

  // ---- bulk SKUs ----
  interface BulkSku { row?: number; skuId?: string; productId?: string; name?: string; spec?: string; unit?: string; sort?: number; enable?: number | boolean; extraInfo?: Record<string, unknown> }
  const bulkItem = {
    type: 'object', additionalProperties: false,
    properties: {
      row: { type: 'integer', minimum: 1 }, skuId: idStr, productId: idStr, name: { type: 'string', minLength: 1, maxLength: 100 }, spec: { type: 'string', maxLength: 100 },
      unit: { type: 'string', maxLength: 20 }, sort: { type: 'integer' }, enable: { type: ['integer', 'boolean'] }, extraInfo: anyObject,
    },
  } as const;
  const bulk = (create: boolean) => async (request: FastifyRequest<{ Body: { skus: BulkSku[] } }>) => {
    const orgId = request.orgApp!.orgId;
    const now = ctx.clock();
    const at = now.toISOString();
    const meta = metaOf(request, now);
    const items = request.body.skus;
    const ids = await runCommand(db, async (tx) => {
      const errors: RowError[] = [];
      const productIds = [...new Set(items.map((s) => s.productId).filter((x): x is string => !!x))];
      const products = new Map(productIds.length
        ? (await tx.selectFrom('products').select(['id', 'org_id']).where('id', 'in', productIds).where('is_delete', '=', false).execute()).map((p) => [p.id, p]) : []);
      const skuIds = [...new Set(items.map((s) => s.skuId).filter((x): x is string => !!x))];
      const skus = new Map(skuIds.length
        ? (await tx.selectFrom('skus').select(['sku_id', 'org_id']).where('sku_id', 'in', skuIds).where('is_delete', '=', false).execute()).map((s) => [s.sku_id, s]) : []);
      for (const [i, s] of items.entries()) {
        const errs: string[] = [];
        if (s.unit !== undefined && !isUnit(s.unit)) errs.push(`单位「${s.unit}」不在可选单位中`);
        if (create) {
          if (!s.productId || !products.get(s.productId)) errs.push('商品不存在');
          else if (products.get(s.productId)!.org_id !== orgId) throw forbidden('无权修改其他机构的商品');
          if (!s.name) errs.push('缺少 SKU 名称');
          if (!s.unit) errs.push('请选择单位');
        } else {
          if (!s.skuId || !skus.get(s.skuId)) errs.push('SKU 不存在');
          else if (skus.get(s.skuId)!.org_id !== orgId) throw forbidden('无权修改其他机构的 SKU');
        }
        if (errs.length) errors.push({ row: s.row ?? i + 1, skuId: s.skuId, errors: errs });
      }
      if (errors.length) throw new ProductRowsError(errors);
      const out: string[] = [];
      const states = await loadSkus(tx, orgId, create ? [] : skuIds);
      const fresh = { state: skuDecider.initialState(), version: 0 };
      const batch = decideEach(skuDecider, items.map((s) => {
        if (create) {
          const sku: SkuCreated = {
            skuId: crypto.randomUUID(), productId: s.productId!, name: s.name!, spec: s.spec ?? '', unit: s.unit!, sort: s.sort ?? 99,
            enable: flag(s.enable, true), extraInfo: s.extraInfo ?? {}, at,
          };
          out.push(sku.skuId);
          return { orgId, streamId: mallStreams.sku(sku.skuId), streamType: 'sku', command: { type: 'CreateSku', sku, productLive: true } as SkuCommand, loaded: fresh };
        }
        out.push(s.skuId!);
        const change: SkuUpdated = {
          skuId: s.skuId!, at, name: s.name, spec: s.spec, unit: s.unit, sort: s.sort, enable: s.enable === undefined ? undefined : flag(s.enable, true), extraInfo: s.extraInfo,
        };
        // one SKU named twice is decided twice, the second on what the first left (decideEach)
        return { orgId, streamId: mallStreams.sku(s.skuId!), streamType: 'sku', command: { type: 'UpdateSku', change, rowLive: true } as SkuCommand, loaded: states.get(s.skuId!)! };
      }));
      if (batch.refusals.length) throw new ProductRowsError(batch.refusals.map(({ index, refusal }) => ({ row: items[index].row ?? index + 1, skuId: items[index].skuId, errors: [refusal.message] })));
      await appendDecided(tx, batch.decided, meta);
      return out;
    });
    const rows = await db.selectFrom('skus').selectAll().where('sku_id', 'in', ids).execute();
    const order = new Map(ids.map((id, i) => [id, i]));
    return ok({ rows: rows.sort((a, b) => order.get(a.sku_id)! - order.get(b.sku_id)!).map((r) => ({ skuId: r.sku_id, productId: r.product_id, name: r.name, spec: r.spec, unit: r.unit, sort: r.sort, enable: r.enable ? 1 : 0 })), count: ids.length });
  };
  const bulkSchema = (summary: string) => ({
    tags, summary,
    body: { type: 'object', additionalProperties: false, required: ['skus'], properties: { skus: { type: 'array', minItems: 1, maxItems: MAX_BATCH_ROWS, items: bulkItem } } },
    response: { 200: envelopeSchema({ type: 'object', properties: { rows: { type: 'array', items: anyObject }, count: { type: 'integer' } } }) },
  });
  app.post<{ Body: { skus: BulkSku[] } }>('/v4/mall/bulk/productsku', { config: { auth: 'orgApp', guard: requireSupplier }, schema: bulkSchema('Create many SKUs (all or nothing, row errors in data.errors)') }, bulk(true));
  app.put<{ Body: { skus: BulkSku[] } }>('/v4/mall/bulk/productsku', { config: { auth: 'orgApp', guard: requireSupplier }, schema: bulkSchema('Update many SKUs (all or nothing, row errors in data.errors)') }, bulk(false));

}

// Price surveys (priceSurveyVoucher, educationPriceSurveyVoucher): a bureau (4) records market prices of goods of
// its area, per supplier SKU (kind supplier) or per product name (kind education, the bureau's inquiry goods),
// with a §9 price class (jyjxj, dqbd, cqwd). They feed the market average: a new price created without
// marketAvg gets the average of its area's surveys of that SKU (or its product) in the current calendar month.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Tx } from '../../store/eventStore.ts';
import { decideAndAppend, handleCommand, requestCommand, runDecisions } from '../../store/command.ts';
import { PAGE, PRICE_CLASSES } from '../../../domain/constants.ts';
import { cycleOf, dayOf } from '../../../domain/priceCycle.ts';
import { priceSurveyDecider, surveyErrors, SURVEY_CYCLE_RULE, type RecordSurvey } from '../../../domain/aggregates/priceSurvey.ts';
import { isBureau, isPlatform, isSupplierSide } from './access.ts';
import { areaKeyOfOrg, orgFactsOf } from '../../http/parties.ts';
import { areaKeyOf } from '../../../domain/orgKind.ts';
import { SUPERMARKET_GROUP, SUPERMARKET_PHOTO_MAX } from '../../../domain/supermarketPrice.ts';
import { commaList, paged } from '../../http/listQuery.ts';

const tags = ['surveys'];
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
export const surveyStream = (id: string) => `pricesurvey-${id}`;

/** Average survey price per SKU (by the SKU, else its product) in the area of `supplierOrgId`, in the cycle of `day`. */
async function averagesOf(tx: Tx | ModuleContext['db'], area: string, skus: { skuId: string; productId: string }[], day: string): Promise<Map<string, { avg: number; count: number }>> {
  const out = new Map<string, { avg: number; count: number }>();
  if (!area || !skus.length) return out;
  const cycle = cycleOf(SURVEY_CYCLE_RULE, day)!;
  const rows = await tx.selectFrom('price_surveys').select(['sku_id', 'product_id', 'price']).where('area', '=', area).where('is_delete', '=', false)
    .where('survey_date', '>=', cycle.start).where('survey_date', '<=', cycle.end)
    .where((eb) => eb.or([eb('sku_id', 'in', skus.map((s) => s.skuId)), eb('product_id', 'in', skus.map((s) => s.productId))])).execute();
  for (const s of skus) {
    const bySku = rows.filter((r) => r.sku_id === s.skuId);
    const picked = bySku.length ? bySku : rows.filter((r) => !r.sku_id && r.product_id === s.productId);
    if (!picked.length) continue;
    const avg = Math.round((picked.reduce((n, r) => n + Number(r.price), 0) / picked.length) * 100) / 100;
    out.set(s.skuId, { avg, count: picked.length });
  }
  return out;
}

const surveyOf = (r: Selectable<Database['price_surveys']>) => ({
  id: r.id, orgId: r.org_id, area: r.area, kind: r.kind, supplierOrgId: r.supplier_org_id, productId: r.product_id, skuId: r.sku_id, productName: r.product_name,
  priceClass: r.price_class, priceClassName: PRICE_CLASSES[r.price_class as keyof typeof PRICE_CLASSES] ?? '', price: Number(r.price), surveyDate: r.survey_date,
  source: r.source, remark: r.remark, createdBy: r.created_by, createdAt: new Date(r.created_at).toISOString(),
  supermarketId: r.supermarket_id, photo: r.photo,
});

interface SurveyInput {
  skuId?: string; productId?: string; productName?: string; priceClass: string; price: number | string; surveyDate?: string; source?: string; remark?: string;
  supermarketId?: string; photo?: string;
}

export default async function surveyRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const requireSurveyor = (request: FastifyRequest) => {
    if (isBureau(request) || isPlatform(request)) return;
    throw forbidden('只有教育局可以录入询价');
  };
  const requireSurveyReader = (request: FastifyRequest) => {
    if (isBureau(request) || isPlatform(request) || isSupplierSide(request)) return;
    throw forbidden('无权查看询价记录');
  };

  app.get<{ Querystring: { kind?: string; priceClass?: string; keyword?: string; skuId?: string; from?: string; to?: string; supermarketId?: string; shelf?: boolean } }>('/v5/mall/price/survey', {
    config: { auth: 'orgApp', guard: requireSurveyReader, listPage: { size: PAGE.generic, max: PAGE.generic * 10 } },
    schema: {
      tags, summary: 'Price surveys: a bureau its own; a supplier those of its area about its goods; the platform all',
      querystring: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['supplier', 'education'] }, priceClass: { type: 'string', enum: Object.keys(PRICE_CLASSES) }, keyword: { type: 'string', maxLength: 100 },
          skuId: idStr, from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' },
          supermarketId: idStr, shelf: { type: 'boolean', description: 'only shelf prices read in a supermarket (supermarketManage)' },
        },
      },
      response: { 200: listSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const q = request.query;
    const orgId = request.orgApp!.orgId;
    let base = db.selectFrom('price_surveys').where('is_delete', '=', false);
    if (isPlatform(request)) { /* all */ } else if (isBureau(request)) base = base.where('org_id', '=', orgId);
    // requireSurveyReader let in no one else
    else base = base.where('area', '=', (await areaKeyOfOrg(db, orgId)) || '\u0000').where('supplier_org_id', '=', orgId);
    if (q.kind) base = base.where('kind', '=', q.kind);
    if (q.priceClass) base = base.where('price_class', '=', q.priceClass);
    if (q.skuId) base = base.where('sku_id', '=', q.skuId);
    if (q.supermarketId) base = base.where('supermarket_id', '=', q.supermarketId);
    if (q.shelf) base = base.where('supermarket_id', 'is not', null);
    if (q.from) base = base.where('survey_date', '>=', q.from);
    if (q.to) base = base.where('survey_date', '<=', q.to);
    if (q.keyword) base = base.where('product_name', 'like', `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await paged(base.selectAll().orderBy('survey_date', 'desc').orderBy('created_at', 'desc'), request).execute();
    return list(rows.map(surveyOf), Number(total?.n ?? 0));
  });

  app.post<{ Body: { kind?: 'supplier' | 'education'; surveys: SurveyInput[] } }>('/v5/mall/price/survey', {
    config: { auth: 'orgApp', guard: requireSurveyor },
    schema: {
      tags, summary: 'Record market prices (all or nothing): per SKU of a supplier of the area, or per product name; price class jyjxj, dqbd or cqwd',
      body: {
        type: 'object', additionalProperties: false, required: ['surveys'],
        properties: {
          kind: { type: 'string', enum: ['supplier', 'education'] },
          surveys: {
            type: 'array', minItems: 1, maxItems: PAGE.generic,
            items: {
              type: 'object', additionalProperties: false, required: ['priceClass', 'price'],
              properties: {
                skuId: idStr, productId: idStr, productName: { type: 'string', maxLength: 100 }, priceClass: { type: 'string' }, price: { type: ['number', 'string'], maxLength: 30 },
                surveyDate: { type: 'string', maxLength: 20 }, source: { type: 'string', maxLength: 200 }, remark: { type: 'string', maxLength: 500 },
                supermarketId: idStr, photo: { type: 'string', maxLength: SUPERMARKET_PHOTO_MAX },
              },
            },
          },
        },
      },
      response: { 200: listSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const kind = request.body.kind ?? 'supplier';
    const now = ctx.clock();
    const ids = await runDecisions(db, async (tx) => {
      // a sandbox's bureau surveys in its sandbox, never the real district (issue 27)
      const area = await areaKeyOfOrg(tx, orgId);
      const items = request.body.surveys;
      const skuIds = items.map((s) => s.skuId).filter((x): x is string => !!x);
      const productIds = items.map((s) => s.productId).filter((x): x is string => !!x);
      const skus = new Map(skuIds.length ? (await tx.selectFrom('skus').select(['sku_id', 'product_id', 'org_id']).where('sku_id', 'in', skuIds).where('is_delete', '=', false).execute()).map((s) => [s.sku_id, s]) : []);
      const allProductIds = [...new Set([...productIds, ...[...skus.values()].map((s) => s.product_id)])];
      const products = new Map(allProductIds.length ? (await tx.selectFrom('products').select(['id', 'name', 'org_id']).where('id', 'in', allProductIds).execute()).map((p) => [p.id, p]) : []);
      // a shelf price names a supermarket of the surveying org (its mallPriceSupermarket categories), never another org's
      const supermarketIds = [...new Set(items.map((s) => s.supermarketId).filter((x): x is string => !!x))];
      const supermarkets = new Map(supermarketIds.length
        ? (await tx.selectFrom('categories').select(['id', 'name']).where('org_id', '=', orgId).where('group_name', '=', SUPERMARKET_GROUP)
          .where('is_delete', '=', false).where('id', 'in', supermarketIds).execute()).map((c) => [c.id, { id: c.id, name: c.name }])
        : []);
      const orgAreas = new Map([...(await orgFactsOf(tx, [...new Set([...products.values()].map((p) => p.org_id))])).entries()].map(([id, o]) => [id, areaKeyOf(o)]));
      // every row is decided; the refusals are gathered so the bureau sees all bad rows at once, and nothing is written
      const errors: string[] = [];
      const ids: string[] = [];
      for (const [i, s] of items.entries()) {
        const sku = s.skuId ? skus.get(s.skuId) : undefined;
        const productId = sku?.product_id ?? s.productId;
        const product = productId ? products.get(productId) : undefined;
        const command: RecordSurvey = {
          type: 'RecordSurvey', id: crypto.randomUUID(), area, kind, createdBy: request.user!.userId, at: now.toISOString(),
          input: { ...s, surveyDate: s.surveyDate ?? dayOf(now) },
          sku: sku ? { skuId: sku.sku_id, productId: sku.product_id } : null,
          product: product ? { id: product.id, name: product.name, orgId: product.org_id, area: orgAreas.get(product.org_id) ?? '' } : null,
          anyArea: isPlatform(request),
          supermarket: s.supermarketId ? supermarkets.get(s.supermarketId) ?? null : undefined,
        };
        const errs = surveyErrors(command);
        if (errs.length) { errors.push(`第 ${i + 1} 行：${errs.join('；')}`); continue; }
        await decideAndAppend(tx, { ...requestCommand(request, now), orgId, streamId: surveyStream(command.id), streamType: 'pricesurvey', decider: priceSurveyDecider, command });
        ids.push(command.id);
      }
      if (errors.length) throw badRequest(`询价录入失败：${errors.slice(0, 5).join('；')}`);
      return ids;
    });
    const rows = await db.selectFrom('price_surveys').selectAll().where('id', 'in', ids).execute();
    return list(rows.map(surveyOf));
  });

  app.delete<{ Params: { id: string } }>('/v5/mall/price/survey/:id', {
    config: { auth: 'orgApp', guard: requireSurveyor },
    schema: { tags, summary: 'Delete a survey of the own org', params: { type: 'object', required: ['id'], properties: { id: idStr } }, response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' } } }) } },
  }, async (request) => {
    const row = await db.selectFrom('price_surveys').select(['org_id', 'is_delete']).where('id', '=', request.params.id).executeTakeFirst();
    if (!row || row.is_delete) throw notFound('询价记录不存在');
    if (row.org_id !== request.orgApp!.orgId && !isPlatform(request)) throw forbidden('无权删除其他机构的询价记录');
    await handleCommand(db, {
      ...requestCommand(request, ctx.clock()), orgId: row.org_id, streamId: surveyStream(request.params.id), streamType: 'pricesurvey',
      decider: priceSurveyDecider, command: { type: 'DeleteSurvey', id: request.params.id },
    });
    return ok({ id: request.params.id });
  });

  app.get<{ Querystring: { skuId: string; supplierId?: string; date?: string } }>('/v5/mall/price/survey/avg', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Market average of the surveys per SKU in the current month (what new prices get as marketAvg)',
      querystring: { type: 'object', required: ['skuId'], properties: { skuId: { type: 'string', maxLength: 20000 }, supplierId: idStr, date: { type: 'string', format: 'date' } } },
      response: { 200: listSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const skuIds = commaList(request.query.skuId);
    if (!skuIds.length) throw badRequest('参数错误：缺少 skuId');
    const skus = await db.selectFrom('skus').select(['sku_id', 'product_id', 'org_id']).where('sku_id', 'in', skuIds).execute();
    const area = await areaKeyOfOrg(db, orgId);
    const rows: { skuId: string; marketAvg: number; count: number }[] = [];
    const bySupplier = new Map<string, { skuId: string; productId: string }[]>();
    for (const s of skus) {
      if (!isPlatform(request) && s.org_id !== orgId && !isBureau(request)) continue;
      bySupplier.set(s.org_id, [...(bySupplier.get(s.org_id) ?? []), { skuId: s.sku_id, productId: s.product_id }]);
    }
    for (const [supplierOrgId, list_] of bySupplier) {
      const supplierArea = await areaKeyOfOrg(db, supplierOrgId);
      if (!supplierArea || (!isPlatform(request) && supplierArea !== area)) continue;
      for (const [skuId, a] of await averagesOf(db, supplierArea, list_, request.query.date ?? dayOf(ctx.clock()))) rows.push({ skuId, marketAvg: a.avg, count: a.count });
    }
    return list(rows);
  });
}

// supermarketManage (issue 35): the supermarket reference of goods whose prices are decided, and the org's margin
// above it. The supermarkets are the bureau's categories of group mallPriceSupermarket (the category routes); their
// shelf prices are price surveys naming one (POST /v5/mall/price/survey with supermarketId, photo). The price
// approval screen asks the reference of the pending prices' SKUs and flags those above it by the margin.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { clientVersion, runCommand } from '../../store/command.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import { marginOf, supermarketReferenceOf, SUPERMARKET_MARGIN_MAX, SUPERMARKET_MARGIN_PATH, SUPERMARKET_REFERENCE_DAYS } from '../../../domain/supermarketPrice.ts';
import { isBureau, isPlatform, isSupplierSide } from './access.ts';
import { areaKeyOfOrg } from '../../http/parties.ts';
import { configETag, readConfig, writeConfig } from '../config/orgConfig.ts';
import { commaList } from '../../http/listQuery.ts';

const tags = ['surveys'];

/** Who sets the org's margin: the one who records shelf prices and decides prices (a bureau), or the platform. */
export function requireMarginSetter(request: FastifyRequest): void {
  if (isBureau(request) || isPlatform(request)) return;
  throw forbidden('只有教育局可以设置商超价格浮动比例');
}

/** The org's margin above the supermarket reference, in % (the default when unset). */
export async function marginOfOrg(db: ModuleContext['db'], orgId: string, appId: string): Promise<number> {
  return marginOf((await readConfig(db, orgId, appId, [SUPERMARKET_MARGIN_PATH]))[SUPERMARKET_MARGIN_PATH]);
}

export default async function supermarketRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  app.get<{ Querystring: { skuId: string; date?: string } }>('/v5/mall/price/supermarket/reference', {
    config: { auth: 'orgApp' },
    schema: {
      tags,
      summary: `Supermarket reference per SKU: each supermarket's latest shelf price of the last ${SUPERMARKET_REFERENCE_DAYS} days in the supplier's area, averaged; with the caller org's margin`,
      querystring: { type: 'object', required: ['skuId'], properties: { skuId: { type: 'string', maxLength: 20000 }, date: { type: 'string', format: 'date' } } },
      response: {
        200: listSchema({
          type: 'object',
          properties: { skuId: { type: 'string' }, reference: { type: 'number' }, supermarkets: { type: 'integer' }, latestDate: { type: 'string' }, margin: { type: 'number' } },
        }),
      },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const skuIds = commaList(request.query.skuId);
    if (!skuIds.length) throw badRequest('参数错误：缺少 skuId');
    const day = request.query.date ?? dayOf(ctx.clock());
    const skus = await db.selectFrom('skus').select(['sku_id', 'product_id', 'org_id']).where('sku_id', 'in', skuIds).execute();
    const area = await areaKeyOfOrg(db, orgId);
    const margin = await marginOfOrg(db, orgId, appId);
    const rows: { skuId: string; reference: number; supermarkets: number; latestDate: string; margin: number }[] = [];
    // as the market average: a bureau reads the references of its area, a supplier of its own goods, the platform all
    const bySupplier = new Map<string, { skuId: string; productId: string }[]>();
    for (const s of skus) {
      if (!isPlatform(request) && !isBureau(request) && !(isSupplierSide(request) && s.org_id === orgId)) continue;
      bySupplier.set(s.org_id, [...(bySupplier.get(s.org_id) ?? []), { skuId: s.sku_id, productId: s.product_id }]);
    }
    for (const [supplierOrgId, goods] of bySupplier) {
      const supplierArea = await areaKeyOfOrg(db, supplierOrgId);
      if (!supplierArea || (!isPlatform(request) && supplierArea !== area)) continue;
      const since = new Date(new Date(`${day}T00:00:00Z`).getTime() - SUPERMARKET_REFERENCE_DAYS * 86_400_000).toISOString().slice(0, 10);
      const shelf = await db.selectFrom('price_surveys').select(['supermarket_id', 'sku_id', 'product_id', 'price', 'survey_date'])
        .where('area', '=', supplierArea).where('is_delete', '=', false).where('supermarket_id', 'is not', null)
        .where('survey_date', '>=', since).where('survey_date', '<=', day)
        .where((eb) => eb.or([eb('sku_id', 'in', goods.map((g) => g.skuId)), eb('product_id', 'in', goods.map((g) => g.productId))])).execute();
      const prices = shelf.map((r) => ({ supermarketId: r.supermarket_id!, skuId: r.sku_id, productId: r.product_id, price: Number(r.price), surveyDate: String(r.survey_date) }));
      for (const g of goods) {
        const ref = supermarketReferenceOf(prices, g, day);
        if (ref) rows.push({ skuId: g.skuId, reference: ref.price, supermarkets: ref.supermarkets, latestDate: ref.latestDate, margin });
      }
    }
    return list(rows);
  });

  app.get('/v5/mall/supermarket/margin', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: "The org's margin above the supermarket reference before a price is flagged, in % (ETag: its version)", response: { 200: envelopeSchema({ type: 'object', properties: { margin: { type: 'number' } } }) } },
  }, async (request, reply) => {
    await configETag(reply, db, request.orgApp!, SUPERMARKET_MARGIN_PATH);
    return ok({ margin: await marginOfOrg(db, request.orgApp!.orgId, request.orgApp!.appId) });
  });

  app.put<{ Body: { margin: number } }>('/v5/mall/supermarket/margin', {
    config: { auth: 'orgApp', guard: requireMarginSetter },
    schema: {
      tags, summary: "Set the org's margin above the supermarket reference, in % (0 to 1000; If-Match: the ETag read, stale → 409)",
      body: { type: 'object', additionalProperties: false, required: ['margin'], properties: { margin: { type: 'number', minimum: 0, maximum: SUPERMARKET_MARGIN_MAX } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { margin: { type: 'number' } } }) },
    },
  }, async (request, reply) => {
    const { orgId, appId } = request.orgApp!;
    const margin = Math.round(request.body.margin * 10) / 10;
    await runCommand(db, (tx) => writeConfig(tx, request, ctx.clock(), { orgId, appId }, SUPERMARKET_MARGIN_PATH, margin, clientVersion(request)));
    await configETag(reply, db, { orgId, appId }, SUPERMARKET_MARGIN_PATH);
    return ok({ margin });
  });
}

// §7 POST /v4/mall/import/productimage {products}: product images in bulk (productImageManage), all or nothing.
// Each item names a product of the supplier (by id, or by name as an image file named after the product would)
// and its image URLs; they are kept in the product's extraInfo.images (replacing, or appended with append).
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { HttpError } from '../../http/errors.ts';
import { productDecider } from '../../../domain/aggregates/product.ts';
import { PAGE } from '../../../domain/constants.ts';
import { mallStreams } from './streams.ts';
import { requireSupplier } from './access.ts';
import type { RowError } from '../../http/rowErrors.ts';
import { ProductRowsError } from './importRoutes.ts';

const url = { type: 'string', minLength: 1, maxLength: 1000, pattern: '^(https?://|/|data:image/)' } as const;
interface ImageItem { id?: string; name?: string; images: string[]; append?: boolean }
export const MAX_IMAGES = 20;

export default async function productImageRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  app.post<{ Body: { products: ImageItem[] } }>('/v4/mall/import/productimage', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags: ['imports'], summary: 'Set the images of many products (by id or name), all or nothing; row errors in data.errors',
      body: {
        type: 'object', additionalProperties: false, required: ['products'],
        properties: {
          products: {
            type: 'array', minItems: 1, maxItems: PAGE.generic,
            items: {
              type: 'object', additionalProperties: false, required: ['images'],
              properties: { id: { type: 'string', maxLength: 128 }, name: { type: 'string', maxLength: 100 }, images: { type: 'array', maxItems: MAX_IMAGES, items: url }, append: { type: 'boolean' } },
            },
          },
        },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const now = ctx.clock();
    const count = await runDecisions(db, async (tx) => {
      const products = await tx.selectFrom('products').select(['id', 'name']).where('org_id', '=', orgId).where('is_delete', '=', false).execute();
      const byId = new Map(products.map((p) => [p.id, p]));
      const byName = new Map(products.map((p) => [p.name, p]));
      const errors: RowError[] = [];
      for (const [i, item] of request.body.products.entries()) {
        const p = item.id ? byId.get(item.id) : item.name ? byName.get(item.name.trim()) : undefined;
        if (!p) { errors.push({ row: i + 1, errors: [`商品${item.name ? `「${item.name}」` : ''}不存在`] }); continue; }
        try {
          await decideAndAppend(tx, {
            orgId, streamId: mallStreams.product(p.id), streamType: 'product', decider: productDecider, meta: metaOf(request, now),
            command: { type: 'SetProductImages', id: p.id, at: now.toISOString(), images: item.images, append: !!item.append, max: MAX_IMAGES },
          });
        } catch (e) {
          // a refused row is reported with the others; nothing is kept, since the whole batch then fails
          if (!(e instanceof HttpError) || e.statusCode !== 400) throw e;
          errors.push({ row: i + 1, errors: [e.message] });
        }
      }
      if (errors.length) throw new ProductRowsError(errors);
      return request.body.products.length;
    });
    return ok({ count });
  });
}

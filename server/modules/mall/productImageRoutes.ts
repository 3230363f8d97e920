// §7 POST /v4/mall/import/productimage {products}: product images in bulk (productImageManage), all or nothing.
// Each item names a product of the supplier (by id, or by name as an image file named after the product would)
// and its image URLs; they are kept in the product's extraInfo.images (replacing, or appended with append).
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { appendToStream, streamVersion } from '../../store/eventStore.ts';
import { metaOf, runCommand } from '../../store/command.ts';
import { PAGE } from '../../../domain/constants.ts';
import { mallStreams } from './streams.ts';
import { requireSupplier } from './access.ts';
import { withRowErrors, type RowError } from './priceCommands.ts';
import { ProductRowsError } from './importRoutes.ts';
import type { ProductUpdated } from './projection.ts';

const url = { type: 'string', minLength: 1, maxLength: 1000, pattern: '^(https?://|/|data:image/)' } as const;
interface ImageItem { id?: string; name?: string; images: string[]; append?: boolean }
export const MAX_IMAGES = 20;

export default async function productImageRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  app.post<{ Body: { products: ImageItem[] } }>('/v4/mall/import/productimage', {
    config: { auth: 'orgApp' },
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
  }, async (request, reply) => withRowErrors(reply, async () => {
    requireSupplier(request);
    const orgId = request.orgApp!.orgId;
    const now = ctx.clock();
    const count = await runCommand(db, async (tx) => {
      const products = await tx.selectFrom('products').select(['id', 'name', 'extra_info']).where('org_id', '=', orgId).where('is_delete', '=', false).execute();
      const byId = new Map(products.map((p) => [p.id, p]));
      const byName = new Map(products.map((p) => [p.name, p]));
      const errors: RowError[] = [];
      const plans: { id: string; extraInfo: Record<string, unknown> }[] = [];
      for (const [i, item] of request.body.products.entries()) {
        const p = item.id ? byId.get(item.id) : item.name ? byName.get(item.name.trim()) : undefined;
        if (!p) { errors.push({ row: i + 1, errors: [`商品${item.name ? `「${item.name}」` : ''}不存在`] }); continue; }
        const extra = p.extra_info as Record<string, unknown>;
        const before = Array.isArray(extra.images) ? (extra.images as string[]) : [];
        const images = [...new Set(item.append ? [...before, ...item.images] : item.images)];
        if (images.length > MAX_IMAGES) { errors.push({ row: i + 1, errors: [`每个商品最多 ${MAX_IMAGES} 张图片`] }); continue; }
        plans.push({ id: p.id, extraInfo: { ...extra, images } });
      }
      if (errors.length) throw new ProductRowsError(errors);
      for (const plan of plans) {
        const streamId = mallStreams.product(plan.id);
        const change: ProductUpdated = { id: plan.id, at: now.toISOString(), extraInfo: plan.extraInfo };
        await appendToStream(tx, { orgId, streamId, streamType: 'product', expectedVersion: await streamVersion(tx, streamId), meta: metaOf(request, now), events: [{ type: 'ProductUpdated', data: { ...change } }] });
      }
      return plans.length;
    });
    return ok({ count });
  }));
}

// Release notes (§2 产品更新, issue 35): published, changed, withdrawn by the platform, and read by a member.
import { defineProjection } from '../../store/projections.ts';
import type { ProductUpdateChanged, ProductUpdatePublished, ProductUpdateRead, ProductUpdateWithdrawn } from '../../../domain/aggregates/productUpdate.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

defineProjection({
  ProductUpdatePublished: async (tx, { data, orgId, meta }: Ev<ProductUpdatePublished>) => {
    await tx.insertInto('product_updates').values({
      update_id: data.updateId, org_id: orgId, title: data.title, version: data.version, content: data.content,
      audience: JSON.stringify(data.audience), published_at: data.publishedAt, created_by_name: data.createdByName, updated_at: meta.time,
    }).execute();
  },
  ProductUpdateChanged: async (tx, { data, meta }: Ev<ProductUpdateChanged>) => {
    await tx.updateTable('product_updates').set({
      ...(data.title !== undefined && { title: data.title }),
      ...(data.version !== undefined && { version: data.version }),
      ...(data.content !== undefined && { content: data.content }),
      ...(data.audience !== undefined && { audience: JSON.stringify(data.audience) }),
      ...(data.publishedAt !== undefined && { published_at: data.publishedAt }),
      updated_at: meta.time,
    }).where('update_id', '=', data.updateId).execute();
  },
  ProductUpdateWithdrawn: async (tx, { data }: Ev<ProductUpdateWithdrawn>) => {
    await tx.deleteFrom('product_update_reads').where('update_id', '=', data.updateId).execute();
    await tx.deleteFrom('product_updates').where('update_id', '=', data.updateId).execute();
  },
  ProductUpdateRead: async (tx, { data, orgId, meta }: Ev<ProductUpdateRead>) => {
    await tx.insertInto('product_update_reads').values({ org_id: orgId, update_id: data.updateId, user_id: data.userId, read_at: meta.time })
      .onConflict((c) => c.columns(['org_id', 'update_id', 'user_id']).doNothing()).execute();
  },
});

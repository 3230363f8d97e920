// Short links (§2 短网址管理, issue 35): made and expired. Their visits are counters, not events (routes.ts).
import { defineProjection } from '../../store/projections.ts';
import type { ShortLinkCreated, ShortLinkExpirySet } from '../../../domain/aggregates/shortLink.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

defineProjection({
  ShortLinkCreated: async (tx, { data, orgId, meta }: Ev<ShortLinkCreated>) => {
    await tx.insertInto('short_links').values({
      code: data.code, org_id: orgId, target: data.target, title: data.title, expires_at: data.expiresAt,
      created_by: data.createdBy, created_by_name: data.createdByName, created_at: meta.time,
    }).execute();
  },
  ShortLinkExpirySet: async (tx, { data, orgId }: Ev<ShortLinkExpirySet>) => {
    await tx.updateTable('short_links').set({ expires_at: data.expiresAt }).where('org_id', '=', orgId).where('code', '=', data.code).execute();
  },
});

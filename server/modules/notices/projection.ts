// Notices (§2 通知列表): created, changed, removed, and read by a user.
import { defineProjection } from '../../store/projections.ts';
import type { NoticeCreated, NoticeRead, NoticeRemoved, NoticeUpdated } from '../../../domain/aggregates/notice.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

defineProjection({
  NoticeCreated: async (tx, { data, orgId, meta }: Ev<NoticeCreated>) => {
    await tx.insertInto('notices').values({
      org_id: orgId, notice_id: data.noticeId, title: data.title, content: data.content, published_at: data.publishedAt,
      created_by: data.createdBy, created_by_name: data.createdByName, created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  NoticeUpdated: async (tx, { data, orgId, meta }: Ev<NoticeUpdated>) => {
    await tx.updateTable('notices').set({
      ...(data.title !== undefined && { title: data.title }),
      ...(data.content !== undefined && { content: data.content }),
      ...(data.publishedAt !== undefined && { published_at: data.publishedAt }),
      updated_at: meta.time,
    }).where('org_id', '=', orgId).where('notice_id', '=', data.noticeId).execute();
  },
  NoticeRemoved: async (tx, { data, orgId }: Ev<NoticeRemoved>) => {
    await tx.deleteFrom('notice_reads').where('org_id', '=', orgId).where('notice_id', '=', data.noticeId).execute();
    await tx.deleteFrom('notices').where('org_id', '=', orgId).where('notice_id', '=', data.noticeId).execute();
  },
  NoticeRead: async (tx, { data, orgId, meta }: Ev<NoticeRead>) => {
    await tx.insertInto('notice_reads').values({ org_id: orgId, notice_id: data.noticeId, user_id: data.userId, read_at: meta.time })
      .onConflict((c) => c.columns(['org_id', 'notice_id', 'user_id']).doNothing()).execute();
  },
});

// Issue 34: the storefront's records and group buys, projected from their events.
import { defineProjection } from '../../store/projections.ts';
import type { MallRecordRemoved, MallRecordSaved } from '../../../domain/aggregates/mallRecord.ts';
import type {
  GrouponCancelled, GrouponCreated, GrouponFailed, GrouponJoined, GrouponLeft, GrouponOrderFailed, GrouponOrderPlaced, GrouponSucceeded, GrouponUpdated,
} from '../../../domain/aggregates/groupon.ts';
import type { Tx } from '../../store/eventStore.ts';

type E<T> = { data: T; orgId: string; meta: { time: string } };

/** the schedule and sort a record's kind carries, as columns for the storefront's queries */
function columnsOf(data: Record<string, unknown>) {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return { starts_at: str(data.startsAt), ends_at: str(data.endsAt), sort: typeof data.sort === 'number' ? data.sort : 0 };
}

const termsColumns = (t: GrouponCreated['terms']) => ({
  title: t.title, product_id: t.productId, image_url: t.imageUrl ?? null, unit_price: t.unitPrice, group_price: t.groupPrice,
  min_people: t.minPeople, max_people: t.maxPeople ?? null, deadline: t.deadline,
});

const setStatus = (tx: Tx, orgId: string, grouponId: string, status: string, time: string) =>
  tx.updateTable('mall_groupons').set({ status, updated_at: time }).where('org_id', '=', orgId).where('groupon_id', '=', grouponId).execute();

const recount = (tx: Tx, orgId: string, grouponId: string, time: string) => tx.updateTable('mall_groupons')
  .set((eb) => ({
    joined: eb.selectFrom('mall_groupon_members').select((e) => e.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('groupon_id', '=', grouponId),
    updated_at: time,
  }))
  .where('org_id', '=', orgId).where('groupon_id', '=', grouponId).execute();

const orderOutcome = (tx: Tx, orgId: string, d: { grouponId: string; memberId: string }, set: { order_no: string | null; order_failure: string | null }) =>
  tx.updateTable('mall_groupon_members').set(set).where('org_id', '=', orgId).where('groupon_id', '=', d.grouponId).where('member_id', '=', d.memberId)
    .execute().then(() => undefined);

defineProjection({
  MallRecordSaved: async (tx, { data, orgId, meta }: E<MallRecordSaved>) => {
    const row = { kind: data.kind, data: JSON.stringify(data.data), ...columnsOf(data.data as unknown as Record<string, unknown>), updated_at: meta.time };
    await tx.insertInto('mall_records').values({ org_id: orgId, record_id: data.recordId, created_at: meta.time, ...row })
      .onConflict((c) => c.columns(['org_id', 'record_id']).doUpdateSet(row)).execute();
  },
  MallRecordRemoved: async (tx, { data, orgId }: E<MallRecordRemoved>) => {
    await tx.deleteFrom('mall_records').where('org_id', '=', orgId).where('record_id', '=', data.recordId).execute();
  },
  GrouponCreated: async (tx, { data, orgId, meta }: E<GrouponCreated>) => {
    await tx.insertInto('mall_groupons').values({
      org_id: orgId, groupon_id: data.grouponId, ...termsColumns(data.terms), status: 'open', joined: 0, created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  GrouponUpdated: async (tx, { data, orgId, meta }: E<GrouponUpdated>) => {
    await tx.updateTable('mall_groupons').set({ ...termsColumns(data.terms), updated_at: meta.time })
      .where('org_id', '=', orgId).where('groupon_id', '=', data.grouponId).execute();
  },
  GrouponJoined: async (tx, { data, orgId, meta }: E<GrouponJoined>) => {
    await tx.insertInto('mall_groupon_members').values({
      org_id: orgId, groupon_id: data.grouponId, member_id: data.memberId, name: data.name, quantity: data.quantity, joined_at: data.joinedAt,
    }).onConflict((c) => c.columns(['org_id', 'groupon_id', 'member_id']).doUpdateSet({ quantity: data.quantity, name: data.name })).execute();
    await recount(tx, orgId, data.grouponId, meta.time);
  },
  GrouponLeft: async (tx, { data, orgId, meta }: E<GrouponLeft>) => {
    await tx.deleteFrom('mall_groupon_members').where('org_id', '=', orgId).where('groupon_id', '=', data.grouponId).where('member_id', '=', data.memberId).execute();
    await recount(tx, orgId, data.grouponId, meta.time);
  },
  GrouponSucceeded: (tx, { data, orgId, meta }: E<GrouponSucceeded>) => setStatus(tx, orgId, data.grouponId, 'succeeded', meta.time).then(() => undefined),
  GrouponFailed: (tx, { data, orgId, meta }: E<GrouponFailed>) => setStatus(tx, orgId, data.grouponId, 'failed', meta.time).then(() => undefined),
  GrouponCancelled: (tx, { data, orgId, meta }: E<GrouponCancelled>) => setStatus(tx, orgId, data.grouponId, 'cancelled', meta.time).then(() => undefined),
  GrouponOrderPlaced: (tx, { data, orgId }: E<GrouponOrderPlaced>) => orderOutcome(tx, orgId, data, { order_no: data.orderNo, order_failure: null }),
  GrouponOrderFailed: (tx, { data, orgId }: E<GrouponOrderFailed>) => orderOutcome(tx, orgId, data, { order_no: null, order_failure: data.reason }),
});

// Issue 34: group buys on the store: the decider of domain/aggregates/groupon.ts on one stream per group buy, the
// rows members and operators read, and the settling of those whose deadline passed.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { decideAndAppend, runDecisions } from '../../store/command.ts';
import { grouponDecider, grouponStatusAt, membersNeeded, type GrouponCommand } from '../../../domain/aggregates/groupon.ts';
import { mallStreams } from './access.ts';

export const grouponCommand = (tx: Tx, orgId: string, command: GrouponCommand, meta: EventMeta) => decideAndAppend(tx, {
  orgId, streamId: mallStreams.groupon(orgId, command.grouponId), streamType: 'groupon', decider: grouponDecider, command, meta,
});

type Row = Selectable<Database['mall_groupons']>;

export interface GrouponView {
  id: string; title: string; productId: string; imageUrl: string | null; unitPrice: number; groupPrice: number;
  minPeople: number; maxPeople: number | null; deadline: string; status: string; joined: number; needed: number; createdAt: string;
}

export function grouponView(r: Row, now: Date): GrouponView {
  const terms = { minPeople: r.min_people, deadline: new Date(r.deadline).toISOString() };
  return {
    id: r.groupon_id, title: r.title, productId: r.product_id, imageUrl: r.image_url, unitPrice: Number(r.unit_price), groupPrice: Number(r.group_price),
    minPeople: r.min_people, maxPeople: r.max_people, deadline: terms.deadline,
    status: grouponStatusAt({ status: r.status as 'open', terms: { ...terms } as never }, now) ?? r.status,
    joined: r.joined, needed: membersNeeded(terms, r.joined), createdAt: new Date(r.created_at).toISOString(),
  };
}

export const grouponViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' }, title: { type: 'string' }, productId: { type: 'string' }, imageUrl: { type: ['string', 'null'] },
    unitPrice: { type: 'number' }, groupPrice: { type: 'number' }, minPeople: { type: 'integer' }, maxPeople: { type: ['integer', 'null'] },
    deadline: { type: 'string' }, status: { type: 'string' }, joined: { type: 'integer' }, needed: { type: 'integer' }, createdAt: { type: 'string' },
    myQuantity: { type: ['integer', 'null'] },
  },
} as const;

/**
 * Settles the org's (or every org's) open group buys whose deadline passed or that are full: success or failure
 * as the decider decides. Each in its own transaction; one that another settle decided meanwhile is left as is.
 */
export async function settleDue(db: Kysely<Database>, orgId: string | null, now: Date, meta: EventMeta): Promise<number> {
  let q = db.selectFrom('mall_groupons').select(['org_id', 'groupon_id']).where('status', '=', 'open')
    .where((eb) => eb.or([eb('deadline', '<=', now), eb.and([eb('max_people', 'is not', null), eb('joined', '>=', eb.ref('max_people'))])]));
  if (orgId) q = q.where('org_id', '=', orgId);
  const due = await q.limit(500).execute();
  let settled = 0;
  for (const g of due) {
    settled += await runDecisions(db, async (tx) => {
      const { decided } = await decideAndAppend(tx, {
        orgId: g.org_id, streamId: mallStreams.groupon(g.org_id, g.groupon_id), streamType: 'groupon', decider: grouponDecider, meta,
        command: { type: 'SettleGroupon', grouponId: g.groupon_id, now: now.toISOString() },
      }).catch((e: unknown) => {
        // settled by another request meanwhile (closed), or not due after all: nothing to do
        if ((e as { statusCode?: number }).statusCode === 409) return { decided: [] };
        throw e;
      });
      return decided.length;
    });
  }
  return settled;
}

/** The meta of what the server does by itself (a deadline passing). */
export const systemMeta = (now: Date, route: string): EventMeta => ({ username: 'system', route, time: now.toISOString() });

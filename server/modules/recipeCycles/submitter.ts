// Who submitted a cycle for approval last (issue 28): the editor tells an approver that a cycle is his own, which
// he may not approve where the school names approvers. Read from the cycle's stream, as the recipe log is; the
// decider holds the same fact in its state (RecipeCycleSubmitted's submittedBy, the author for older events).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { recipeCycleStream } from '../../../domain/aggregates/recipeCycle.ts';

export async function submitterOf(db: Kysely<Database>, orgId: string, cycleId: string): Promise<string | null> {
  const row = await db.selectFrom('events').select(['data', 'meta'])
    .where('org_id', '=', orgId).where('stream_id', '=', recipeCycleStream(cycleId)).where('type', '=', 'RecipeCycleSubmitted')
    .orderBy('stream_version', 'desc').limit(1).executeTakeFirst();
  if (!row) return null;
  const data = (row.data ?? {}) as { submittedBy?: unknown };
  const meta = (row.meta ?? {}) as { userId?: unknown };
  const by = typeof data.submittedBy === 'string' ? data.submittedBy : meta.userId;
  return typeof by === 'string' ? by : null;
}

// Issue 34 demo data: the demo fruit org's open-kitchen day for the school its members' children go to, published,
// two seats in all: the first member took both (a parent and a child), the second waits first in line. Decided by the
// activity decider, so the demo holds only what the rules allow.
import crypto from 'node:crypto';
import { appendToStream, type EventMeta, type Tx } from '../../store/eventStore.ts';
import { isRefusal } from '../../../domain/decider.ts';
import { activityDecider, activityStream, type ActivityCommand, type ActivityState } from '../../../domain/aggregates/activity.ts';
import { ownerOf } from './access.ts';
import { dayOf } from '../../../domain/priceCycle.ts';

export async function seedActivities(tx: Tx, meta: EventMeta, input: { orgId: string; schoolOrgId: string; now: Date }): Promise<number> {
  const { orgId, now } = input;
  const activityId = crypto.randomUUID();
  const streamId = activityStream(orgId, activityId);
  const DAY = 86_400_000;
  /** `days` from now, at a China time of the day */
  const at = (days: number, time: string) => new Date(`${dayOf(new Date(now.getTime() + days * DAY))}T${time}:00+08:00`).toISOString();
  const owner = await ownerOf(tx, orgId);
  const members = await tx.selectFrom('product_members').select(['user_id', 'name']).where('org_id', '=', orgId).orderBy('phone_number').limit(2).execute();
  const commands: ActivityCommand[] = [
    {
      type: 'CreateActivity', activityId, owner,
      terms: {
        title: '营养周 开放厨房日', place: '明德中学 食堂二楼', startsAt: at(7, '14:00'), endsAt: at(7, '16:00'), signUpBy: at(5, '18:00'),
        description: '<p>走进后厨，看看孩子每天的<b>课间水果</b>从哪里来；营养师现场讲解一周膳食搭配。</p>', capacity: 2, seatsPerMember: 2, audience: [input.schoolOrgId],
      },
    },
    { type: 'PublishActivity', activityId, now: now.toISOString() },
    ...members.map((m, i): ActivityCommand => ({ type: 'SignUpActivity', activityId, memberId: m.user_id, name: m.name, seats: i === 0 ? 2 : 1, now: now.toISOString() })),
  ];
  let state: ActivityState = activityDecider.initialState();
  let version = 0;
  for (const command of commands) {
    const decision = activityDecider.decide(command, state);
    if (isRefusal(decision)) throw new Error(`demo activity refused: ${decision.message}`);
    await appendToStream(tx, { orgId, streamId, streamType: 'activity', expectedVersion: version, events: decision.map((e) => ({ type: e.type, data: e.data as unknown as Record<string, unknown> })), meta });
    version += decision.length;
    state = decision.reduce(activityDecider.evolve, state);
  }
  return version;
}

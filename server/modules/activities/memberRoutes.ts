// Issue 34, activityList on the storefront: a signed-in member (auth 'member') sees the published activities of his
// org meant for his child's school, and those he signed up for; signs up and cancels his own sign-up. The org and the
// member are the session's; the child's school is what the org knows of him (access.ts memberSchoolsOf), never a
// value he sends. An activity he may not see is not found, whatever its id.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type MemberRequest } from '../../http/route.ts';
import { notFound } from '../../http/errors.ts';
import * as api from '../../../contracts/activities.ts';
import { ACTIVITY_TEXT, reachesMember } from '../../../domain/activity.ts';
import { openShop, STOREFRONT_TEXT } from '../storefront/memberSignIn.ts';
import { memberMeta } from '../storefront/fruitOrders.ts';
import { notifyMembers } from './notify.ts';
import { activityCommand, memberSchoolsOf } from './access.ts';
import { activitiesOf, coreOf } from './views.ts';

const member = { auth: 'member' } as const;

export default async function memberActivityRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db, clock } = ctx;

  /** What the member may see: published and meant for his child's school, or signed up for by him (any state). */
  async function visible(request: MemberRequest, id?: string): Promise<api.MemberActivity[]> {
    const { orgId, memberId } = request.member;
    if (!(await openShop(db, orgId))) throw notFound(STOREFRONT_TEXT.closed);
    const [rows, schools, mine] = await Promise.all([
      activitiesOf(db, orgId, id ? [id] : undefined),
      memberSchoolsOf(db, orgId, memberId),
      db.selectFrom('activity_signups').select(['activity_id', 'seats', 'seq', 'status']).where('org_id', '=', orgId).where('member_id', '=', memberId).execute(),
    ]);
    const signedUp = new Map(mine.map((s) => [s.activity_id, s]));
    const out: api.MemberActivity[] = [];
    for (const a of rows) {
      const s = signedUp.get(a.activity_id);
      if (!s && !(a.status === 'published' && reachesMember(a.audience as string[], schools))) continue;
      out.push({ ...coreOf(a), mine: s ? { seats: s.seats, status: s.status as 'confirmed' | 'waiting', waitingNo: s.status === 'waiting' ? await waitingNo(orgId, a.activity_id, s.seq) : null } : null });
    }
    return out;
  }
  /** his number on the waiting list: 1 + those waiting before him */
  const waitingNo = async (orgId: string, activityId: string, seq: number) => {
    const r = await db.selectFrom('activity_signups').select((e) => e.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId).where('activity_id', '=', activityId).where('status', '=', 'waiting').where('seq', '<', seq).executeTakeFirstOrThrow();
    return Number(r.n) + 1;
  };
  async function one(request: MemberRequest, id: string) {
    const [a] = await visible(request, id);
    if (!a) throw notFound(ACTIVITY_TEXT.missing);
    return a;
  }

  route(app, api.memberActivities, member, async (request) => {
    const rows = await visible(request);
    return ok({ rows, count: rows.length });
  });

  route(app, api.memberSignUp, member, async (request) => {
    const a = await one(request, request.params.id);
    const now = clock();
    const { orgId, memberId, name } = request.member;
    await activityCommand(db, orgId, { type: 'SignUpActivity', activityId: a.id, memberId, name, seats: request.body.seats ?? 1, now: now.toISOString() }, memberMeta(request, now));
    return ok(await one(request, a.id));
  });

  route(app, api.memberCancelSignUp, member, async (request) => {
    const a = await one(request, request.params.id);
    const now = clock();
    const { orgId, memberId } = request.member;
    const { decided } = await activityCommand(db, orgId, { type: 'CancelSignUp', activityId: a.id, memberId }, memberMeta(request, now));
    // the seats freed confirm the first waiting members that now fit: they are told
    notifyMembers(ctx, request.log, orgId, a, decided);
    return ok(await one(request, a.id));
  });
}

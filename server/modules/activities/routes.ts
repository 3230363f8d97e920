// Issue 34, activityList 活动管理 as the org's staff keep it (contracts/activities.ts). The §6 screen power is the
// route table's (server/http/routePowers.ts); the org must sell to members (requireMallOrg: a school, a fruit org, a
// trial org); every activity is the request's org's, so another org's id is simply not found. The audience is checked
// against the org's kind and the schools it serves as the server reads them (access.ts ownerOf).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { notFound } from '../../http/errors.ts';
import { clientVersion, metaOf } from '../../store/command.ts';
import { sanitiseRichText } from '../../http/richText.ts';
import * as api from '../../../contracts/activities.ts';
import { ACTIVITY_TEXT, defaultAudience, type ActivityTerms } from '../../../domain/activity.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import { requireMallOrg } from '../storefront/access.ts';
import { activityCommand, ownerOf } from './access.ts';
import { activityRows, signUpRows } from './views.ts';
import { notifyMembers } from './notify.ts';

const staff = { auth: 'orgApp', guard: requireMallOrg } as const;

export default async function activityRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db, clock } = ctx;
  const orgOf = (request: OrgAppRequest) => request.orgApp.orgId;

  async function findActivity(request: OrgAppRequest, id: string) {
    const [row] = await activityRows(db, orgOf(request), [id]);
    if (!row) throw notFound(ACTIVITY_TEXT.missing);
    return row;
  }
  const termsOf = (b: api.ActivityInput, kind: string, orgId: string): ActivityTerms => ({
    title: b.title, description: sanitiseRichText(b.description ?? ''), place: b.place ?? '', startsAt: b.startsAt, endsAt: b.endsAt, signUpBy: b.signUpBy,
    capacity: b.capacity, seatsPerMember: b.seatsPerMember ?? 1, audience: defaultAudience(kind, orgId, b.audience ?? []),
  });

  route(app, api.listActivities, staff, async (request) => {
    const rows = await activityRows(db, orgOf(request));
    return ok({ rows, count: rows.length });
  });

  route(app, api.activityAudience, staff, async (request) => {
    const owner = await ownerOf(db, orgOf(request));
    const ids = owner.kind === 'school' ? [owner.orgId] : owner.kind === 'fruit' ? owner.servedSchools : [];
    const rows = ids.length ? await db.selectFrom('orgs').select(['org_id', 'name']).where('org_id', 'in', ids).orderBy('name').execute() : [];
    return ok(rows.map((o) => ({ orgId: o.org_id, name: o.name })));
  });

  route(app, api.createActivity, staff, async (request) => {
    const owner = await ownerOf(db, orgOf(request));
    const activityId = crypto.randomUUID();
    await activityCommand(db, owner.orgId, { type: 'CreateActivity', activityId, terms: termsOf(request.body, owner.kind, owner.orgId), owner }, metaOf(request, clock()));
    return ok(await findActivity(request, activityId));
  });

  route(app, api.updateActivity, staff, async (request) => {
    const found = await findActivity(request, request.params.id);
    const owner = await ownerOf(db, orgOf(request));
    const { decided } = await activityCommand(db, owner.orgId, { type: 'UpdateActivity', activityId: found.id, terms: termsOf(request.body, owner.kind, owner.orgId), owner },
      metaOf(request, clock()), clientVersion(request));
    const after = await findActivity(request, found.id);
    // more seats confirm waiting members: they are told
    notifyMembers(ctx, request.log, owner.orgId, after, decided);
    return ok(after);
  });

  route(app, api.actOnActivity, staff, async (request) => {
    const found = await findActivity(request, request.params.id);
    const now = clock();
    const b = request.body;
    const command = b.action === 'publish' ? { type: 'PublishActivity' as const, activityId: found.id, now: now.toISOString() }
      : b.action === 'close' ? { type: 'CloseActivity' as const, activityId: found.id }
        : { type: 'CancelActivity' as const, activityId: found.id, reason: b.reason ?? '' };
    const { decided } = await activityCommand(db, orgOf(request), command, metaOf(request, now), clientVersion(request));
    // a cancelled activity is told to everyone signed up
    notifyMembers(ctx, request.log, orgOf(request), found, decided);
    return ok(await findActivity(request, found.id));
  });

  route(app, api.listSignUps, staff, async (request) => {
    const found = await findActivity(request, request.params.id);
    const rows = await signUpRows(db, orgOf(request), found.id, found.capacity);
    return ok({ rows, count: rows.length });
  });

  route(app, api.markAttendance, staff, async (request) => {
    const found = await findActivity(request, request.params.id);
    const now = clock();
    await activityCommand(db, orgOf(request), {
      type: 'MarkAttendance', activityId: found.id, memberId: request.params.memberId, attendance: request.body.attendance,
      today: dayOf(now), startDay: dayOf(found.startsAt),
    }, metaOf(request, now));
    const row = (await signUpRows(db, orgOf(request), found.id, found.capacity)).find((r) => r.memberId === request.params.memberId);
    if (!row) throw notFound(ACTIVITY_TEXT.notSignedUp);
    return ok(row);
  });
}

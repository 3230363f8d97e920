// Sharing and exporting recipe cycles (issue 9): cloud recipes (mallStandardRecipeCycleManage: published cycles of
// the standard org, §9 'standard', that any org copies into its own), recipe shares (mallRecipeShare, §7
// /v4/mall/recipe/share: a cycle shared with chosen orgs, which read and copy it), Excel templates (§7
// /v4/mall/recipe/exceltpl), copying a whole cycle, and the recipe log (a view of the cycle's events).
// Every write is a decider's, through the command handler. Tenancy: a cycle of another org is read only through
// a share naming the caller's org, or from the standard org once published there; everything else is not found.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { platformOnly } from '../../http/guards.ts';
import * as api from '../../../contracts/recipeSharing.ts';
import type { RecipeCycleDetail } from '../../../contracts/recipeCycles.ts';
import { decideAndAppend, handleCommand, metaOf, requestCommand, runDecisions } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import { rowView, type CycleRow } from '../recipeCycles/routes.ts';
import { recipeStanding, type RecipeStanding } from '../recipeCycles/standing.ts';
import { cloneCycle, type CloneSpec } from './clone.ts';
import { recipeCycleDecider, recipeCycleStream } from '../../../domain/aggregates/recipeCycle.ts';
import { recipeShareDecider, recipeShareStream, type RecipeShareCommand } from '../../../domain/aggregates/recipeShare.ts';
import { recipeExcelTemplateDecider, recipeExcelTemplateStream } from '../../../domain/aggregates/recipeExcelTemplate.ts';
import { RECIPE_TEXT, isRecipeEditor, mayCreate, mayEdit, seesUnpublished } from '../../../domain/recipeCycle.ts';
import { mayApprove } from '../../../domain/recipeApprovers.ts';
import {
  BUILT_IN_EXCEL_TEMPLATE, SHARING_TEXT, excelTemplateIdRefusal, recipeLogDetail, shareTemplateIdRefusal, type ExcelLayout,
} from '../../../domain/recipeSharing.ts';
import { STANDARD_ORG_ID } from '../../../domain/constants.ts';
import { commaList, paged } from '../../http/listQuery.ts';
import { PAGE } from '../../../domain/constants.ts';

const member = { auth: 'orgApp' } as const;

type Standing = RecipeStanding;

export default async function recipeSharingRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const standing = (request: OrgAppRequest): Promise<Standing> => recipeStanding(db, request);
  /** Editors and approvers see every cycle of the org (as on the cycle screen); the others the published ones and their own. */
  const seesAll = (s: Standing) => isRecipeEditor(s.viewer) || mayApprove(s.viewer, s.approvers);

  const select = [
    'c.id', 'c.name', sql<string>`to_char(c.start_date, 'YYYY-MM-DD')`.as('start_date'), sql<string>`to_char(c.end_date, 'YYYY-MM-DD')`.as('end_date'),
    'c.cycle_option', 'c.weeks', 'c.meal_pattern', 'c.age_groups', 'c.status', 'c.remark', 'c.cell_count', 'c.created_by', 'c.created_by_name',
    'c.created_at', 'c.updated_at', streamVersionOf('c', 'recipeCycle', 'id').as('version'),
  ] as const;
  const cycleRow = async (orgId: string, id: string) =>
    (await db.selectFrom('recipe_cycles as c').select([...select]).where('c.org_id', '=', orgId).where('c.id', '=', id).executeTakeFirst()) as CycleRow | undefined;

  /** A cycle of the caller's own org, as the cycle screen lets her see it (else not found). */
  async function ownCycle(request: OrgAppRequest, s: Standing, id: string): Promise<CycleRow> {
    const row = await cycleRow(request.orgApp.orgId, id);
    if (!row || !(seesAll(s) || row.status === 'published' || seesUnpublished(s.viewer, row.created_by))) throw notFound(RECIPE_TEXT.notFound);
    return row;
  }

  /** A cycle with its cells and dish names, read in its own org (read-only abilities for another org's). */
  async function detailOf(orgId: string, row: CycleRow, abilities: RecipeCycleDetail['abilities']): Promise<RecipeCycleDetail> {
    const cells = await db.selectFrom('recipe_cycle_cells').select(['day', 'meal_code', 'dishes'])
      .where('org_id', '=', orgId).where('cycle_id', '=', row.id).orderBy('day').orderBy('meal_code').execute();
    const ids = [...new Set(cells.flatMap((c) => (c.dishes as { dishId: string }[]).map((d) => d.dishId)))];
    const dishes = ids.length ? await db.selectFrom('dishes').select(['id', 'name', 'category_id']).where('org_id', '=', orgId).where('id', 'in', ids).execute() : [];
    return {
      ...rowView(row),
      cells: cells.map((c) => ({ day: c.day, mealCode: c.meal_code, dishes: c.dishes as RecipeCycleDetail['cells'][number]['dishes'] })),
      dishes: dishes.map((d) => ({ id: d.id, name: d.name, categoryId: d.category_id })),
      abilities,
    };
  }
  const readOnly = { create: false, edit: false, approve: false, approvalEnabled: false };

  // Who may call a route, declared on it and checked before the body is read (issue 12). The auth hook has settled
  // the org-app of an 'orgApp' route before any guard runs, so the request is an OrgAppRequest there.
  const creator = {
    auth: 'orgApp',
    guard: async (request: FastifyRequest) => {
      if (!mayCreate((await standing(request as OrgAppRequest)).viewer)) throw forbidden('只有营养师、采购员或机构管理员可以新建周食谱');
    },
  } as const;
  const recipeEditor = (refusal: string) => ({
    auth: 'orgApp',
    guard: async (request: FastifyRequest) => {
      if (!isRecipeEditor((await standing(request as OrgAppRequest)).viewer)) throw forbidden(refusal);
    },
  } as const);
  const sharer = recipeEditor('只有营养师或机构管理员可以分享周食谱');
  const templateEditor = recipeEditor('只有营养师或机构管理员可以维护 Excel 模板');
  const platform = { auth: 'orgApp', guard: platformOnly(SHARING_TEXT.cloudOnlyPlatform) } as const;

  /** A copy into the caller's org: the new cycle as the cycle screen opens it, with what the copy brought along. */
  // the routes that copy a cycle into the caller's org declare it (creator): a copy is a new cycle of hers
  async function copyInto(request: OrgAppRequest, s: Standing, from: CloneSpec['from'], input: api.RecipeCloneInput): Promise<api.RecipeCloneResult> {
    const orgId = request.orgApp.orgId;
    const limit = await db.selectFrom('apps').select(sql<unknown>`config->'mallRecipeUserLimite'`.as('limit')).where('app_id', '=', request.orgApp.appId).executeTakeFirst();
    const outcome = await runDecisions(db, (tx) => cloneCycle(tx, {
      from, toOrgId: orgId, input, author: { userId: request.user.userId, name: request.user.name }, meta: metaOf(request, clock()),
      quota: { enabled: s.userLimitEnabled, exempt: s.viewer.admin, limit: typeof limit?.limit === 'number' ? limit.limit : null }, username: request.user.username,
    }));
    const row = (await cycleRow(orgId, outcome.cycleId))!;
    // the copy is the caller's own draft: she edits it like any cycle she wrote
    const detail = await detailOf(orgId, row, { create: true, edit: mayEdit(s.viewer, row.created_by), approve: mayApprove(s.viewer, s.approvers), approvalEnabled: s.approvalEnabled });
    return { ...detail, dishesCopied: outcome.dishesCopied, dishesMatched: outcome.dishesMatched };
  }

  // --- whole-cycle copy and the recipe log ---------------------------------------------------------------------

  route(app, api.cloneRecipeCycle, creator, async (request) => {
    const s = await standing(request);
    const row = await ownCycle(request, s, request.params.id);
    return ok(await copyInto(request, s, { orgId: request.orgApp.orgId, cycleId: row.id }, request.body));
  });

  route(app, api.recipeCycleLog, { ...member, listPage: { size: 100, max: PAGE.generic } }, async (request) => {
    const s = await standing(request);
    const row = await ownCycle(request, s, request.params.id);
    const orgId = request.orgApp.orgId;
    const base = db.selectFrom('events as e').where('e.org_id', '=', orgId).where('e.stream_id', '=', recipeCycleStream(row.id));
    const [events, count] = await Promise.all([
      paged(base.leftJoin('users as u', (j) => j.on(sql`u.user_id`, '=', sql`e.meta->>'userId'`))
        .select(['e.stream_version', 'e.type', 'e.data', 'e.meta', 'u.name as user_name'])
        .orderBy('e.stream_version', 'desc'), request).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({
      count: Number(count.n),
      rows: events.map((e) => {
        const meta = (e.meta ?? {}) as { userId?: string; username?: string; time?: string };
        return {
          version: Number(e.stream_version), type: e.type, at: meta.time ?? '', userId: meta.userId ?? '',
          userName: e.user_name ?? meta.username ?? '', detail: recipeLogDetail(e.type, (e.data ?? {}) as Record<string, unknown>),
        };
      }),
    });
  });

  // --- cloud recipes -------------------------------------------------------------------------------------------

  const cloudCycles = () => db.selectFrom('recipe_cycles as c').where('c.org_id', '=', STANDARD_ORG_ID).where('c.status', '=', 'published');

  route(app, api.listCloudRecipes, { ...member, listPage: { size: 100, max: PAGE.recipeList } }, async (request) => {
    const { name } = request.query;
    let q = cloudCycles();
    if (name) q = q.where('c.name', 'ilike', `%${name.replace(/[%_\\]/g, '\\$&')}%`);
    const [rows, count] = await Promise.all([
      paged(q.select([...select]).orderBy('c.name').orderBy('c.id'), request).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: (rows as CycleRow[]).map(rowView), count: Number(count.n), mayPublish: request.platform });
  });

  async function cloudCycle(id: string): Promise<CycleRow> {
    const row = await cloudCycles().select([...select]).where('c.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(SHARING_TEXT.cloudNotFound);
    return row as CycleRow;
  }

  route(app, api.getCloudRecipe, member, async (request) => ok(await detailOf(STANDARD_ORG_ID, await cloudCycle(request.params.id), readOnly)));

  route(app, api.copyCloudRecipe, creator, async (request) => {
    const s = await standing(request);
    const row = await cloudCycle(request.params.id);
    return ok(await copyInto(request, s, { orgId: STANDARD_ORG_ID, cycleId: row.id }, request.body));
  });

  route(app, api.publishCloudRecipe, platform, async (request) => {
    const s = await standing(request);
    const row = await ownCycle(request, s, request.body.cycleId);
    if (row.status !== 'published') throw badRequest(SHARING_TEXT.cloudNotPublished);
    const meta = metaOf(request, clock());
    const id = await runDecisions(db, async (tx) => {
      const made = await cloneCycle(tx, {
        from: { orgId: request.orgApp.orgId, cycleId: row.id }, toOrgId: STANDARD_ORG_ID, input: { name: row.name, startDate: row.start_date },
        author: { userId: request.user.userId, name: request.user.name }, meta, quota: { enabled: false, exempt: true }, username: request.user.username,
      });
      await decideAndAppend(tx, {
        orgId: STANDARD_ORG_ID, streamId: recipeCycleStream(made.cycleId), streamType: 'recipeCycle', decider: recipeCycleDecider, meta,
        command: { type: 'PublishRecipeCycle', cycleId: made.cycleId, approvalEnabled: false },
      });
      return made.cycleId;
    });
    return ok(rowView((await cycleRow(STANDARD_ORG_ID, id))!));
  });

  // --- recipe shares (§7 /v4/mall/recipe/share) ---------------------------------------------------------------

  /** §5: the share id of a change (a whole number above 7), or the missing template number message. */
  function shareId(raw: string): number {
    const bad = shareTemplateIdRefusal(raw);
    if (bad) throw badRequest(bad);
    return Number(raw.trim());
  }

  const shareSelect = [
    's.org_id', 's.id', 's.name', 's.cycle_id', 's.cycle_name', 's.org_ids', 's.remark', 's.created_at', 's.updated_at',
    sql<string>`coalesce((SELECT name FROM orgs o WHERE o.org_id = s.org_id), s.org_id)`.as('org_name'),
    sql<string | null>`(SELECT stream_position FROM streams st WHERE st.org_id = s.org_id AND st.stream_id = 'recipeShare-' || s.id)`.as('version'),
  ] as const;
  type ShareRow = { org_id: string; id: number; name: string; cycle_id: string; cycle_name: string; org_ids: unknown; remark: string; created_at: Date; updated_at: Date; org_name: string; version: string | null };
  const shareView = (r: ShareRow, callerOrgId: string): api.RecipeShare => ({
    id: r.id, orgId: r.org_id, orgName: r.org_name, name: r.name, cycleId: r.cycle_id, cycleName: r.cycle_name,
    // a recipient does not learn who else the cycle was shared with
    orgIds: r.org_id === callerOrgId ? (r.org_ids as string[]) : [callerOrgId],
    remark: r.remark, own: r.org_id === callerOrgId, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(), version: Number(r.version ?? 0),
  });

  /** The share as the caller may see it: her org's own, or one naming her org (else not found). */
  async function visibleShare(request: OrgAppRequest, id: number): Promise<ShareRow> {
    const orgId = request.orgApp.orgId;
    const owner = await db.selectFrom('recipe_share_recipients').select('owner_org_id').where('org_id', '=', orgId).where('share_id', '=', id).executeTakeFirst();
    const row = await db.selectFrom('recipe_shares as s').select([...shareSelect]).where('s.org_id', '=', owner?.owner_org_id ?? orgId).where('s.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(SHARING_TEXT.shareNotFound);
    return row as ShareRow;
  }

  async function orgsToShareWith(request: OrgAppRequest) {
    let q = db.selectFrom('orgs as o').select(['o.org_id', 'o.name']).where('o.org_id', '!=', request.orgApp.orgId).where('o.org_id', '!=', STANDARD_ORG_ID);
    // the platform shares with any org; others with the orgs they are members of
    if (!request.platform) q = q.where('o.org_id', 'in', db.selectFrom('org_app_users').select('org_id').where('user_id', '=', request.user.userId));
    return (await q.orderBy('o.name').limit(1000).execute()).map((o) => ({ orgId: o.org_id, orgName: o.name }));
  }

  async function shareFacts(request: OrgAppRequest, cycleId: string | undefined, orgIds: string[] | undefined) {
    const orgId = request.orgApp.orgId;
    const cycle = cycleId === undefined ? undefined : await cycleRow(orgId, cycleId);
    const allowed = new Set((await orgsToShareWith(request)).map((o) => o.orgId));
    return {
      cycleName: cycleId === undefined ? '' : cycle?.name ?? null, ownOrgId: orgId,
      // an org the caller may not share with is as unknown to her as one that does not exist
      unknownOrgs: (orgIds ?? []).filter((o) => o !== orgId && !allowed.has(o)),
    };
  }

  const shareCommand = (request: OrgAppRequest, id: number, command: RecipeShareCommand) => handleCommand(db, {
    ...requestCommand(request, clock()), streamId: recipeShareStream(id), streamType: 'recipeShare', decider: recipeShareDecider, command,
  });
  const ownShare = async (request: OrgAppRequest, id: number) => {
    const row = await db.selectFrom('recipe_shares as s').select([...shareSelect]).where('s.org_id', '=', request.orgApp.orgId).where('s.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(SHARING_TEXT.shareNotFound);
    return row as ShareRow;
  };

  route(app, api.listRecipeShares, { ...member, listPage: { size: 100, max: PAGE.generic } }, async (request) => {
    const orgId = request.orgApp.orgId;
    const owners = commaList(request.query.orgId);
    let q = db.selectFrom('recipe_shares as s').where((eb) => eb.or([
      eb('s.org_id', '=', orgId),
      eb.exists(eb.selectFrom('recipe_share_recipients as r').select('r.share_id').where('r.org_id', '=', orgId).whereRef('r.share_id', '=', 's.id').whereRef('r.owner_org_id', '=', 's.org_id')),
    ]));
    if (owners?.length) q = q.where('s.org_id', 'in', owners);
    const [rows, count] = await Promise.all([
      paged(q.select([...shareSelect]).orderBy('s.id', 'desc'), request).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const s = await standing(request);
    return ok({ rows: (rows as ShareRow[]).map((r) => shareView(r, orgId)), count: Number(count.n), orgs: await orgsToShareWith(request), mayShare: isRecipeEditor(s.viewer) });
  });

  route(app, api.createRecipeShare, sharer, async (request) => {
    const b = request.body;
    const next = await sql<{ id: string }>`SELECT nextval('recipe_share_ids') AS id`.execute(db);
    const id = Number(next.rows[0].id);
    await shareCommand(request, id, {
      type: 'CreateRecipeShare', id, fields: { name: b.name, cycleId: b.cycleId, orgIds: b.orgIds, remark: b.remark ?? '' }, ...await shareFacts(request, b.cycleId, b.orgIds),
    });
    return ok(shareView(await ownShare(request, id), request.orgApp.orgId));
  });

  route(app, api.updateRecipeShareWithoutId, member, async () => { throw badRequest(SHARING_TEXT.missingTemplateNumber); });

  route(app, api.updateRecipeShare, sharer, async (request) => {
    const id = shareId(request.params.id);
    await ownShare(request, id);
    const { version: _, ...change } = request.body;
    await shareCommand(request, id, { type: 'UpdateRecipeShare', id, change, ...await shareFacts(request, change.cycleId, change.orgIds) });
    return ok(shareView(await ownShare(request, id), request.orgApp.orgId));
  });

  route(app, api.deleteRecipeShare, sharer, async (request) => {
    const id = shareId(request.params.id);
    await ownShare(request, id);
    await shareCommand(request, id, { type: 'RemoveRecipeShare', id });
    return ok({ id: String(id) });
  });

  route(app, api.getSharedCycle, member, async (request) => {
    const share = await visibleShare(request, Number(request.params.id) || 0);
    const row = await cycleRow(share.org_id, share.cycle_id);
    if (!row) throw notFound(SHARING_TEXT.shareCycleUnknown);
    return ok(await detailOf(share.org_id, row, readOnly));
  });

  route(app, api.copySharedCycle, creator, async (request) => {
    const s = await standing(request);
    const share = await visibleShare(request, Number(request.params.id) || 0);
    if (!(await cycleRow(share.org_id, share.cycle_id))) throw notFound(SHARING_TEXT.shareCycleUnknown);
    return ok(await copyInto(request, s, { orgId: share.org_id, cycleId: share.cycle_id }, request.body));
  });

  // --- Excel templates (§7 /v4/mall/recipe/exceltpl) ---------------------------------------------------------

  const tplSelect = [
    't.id', 't.name', 't.layout', 't.title', 't.show_dosage', 't.show_weekend',
    streamVersionOf('t', 'recipeExcelTemplate', 'id').as('version'),
  ] as const;
  type TplRow = { id: string; name: string; layout: string; title: string; show_dosage: boolean; show_weekend: boolean; version: string | null };
  const tplView = (r: TplRow): api.RecipeExcelTemplate => ({
    id: r.id, name: r.name, layout: r.layout as ExcelLayout, title: r.title, showDosage: r.show_dosage, showWeekend: r.show_weekend, builtIn: false, version: Number(r.version ?? 0),
  });
  const ownTemplate = async (orgId: string, id: string) => {
    const row = await db.selectFrom('recipe_excel_templates as t').select([...tplSelect]).where('t.org_id', '=', orgId).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(SHARING_TEXT.templateNotFound);
    return tplView(row as TplRow);
  };
  /** §5: an Excel template call with an empty id is the generic parameter error. */
  const templateId = (raw: string | undefined) => {
    const bad = excelTemplateIdRefusal(raw);
    if (bad) throw badRequest(bad);
    return raw!.trim();
  };
  const tplCommand = (request: OrgAppRequest, id: string, command: Parameters<typeof recipeExcelTemplateDecider.decide>[0]) => handleCommand(db, {
    ...requestCommand(request, clock()), streamId: recipeExcelTemplateStream(id), streamType: 'recipeExcelTemplate',
    decider: recipeExcelTemplateDecider, command,
  });

  route(app, api.listExcelTemplates, member, async (request) => {
    const rows = await db.selectFrom('recipe_excel_templates as t').select([...tplSelect]).where('t.org_id', '=', request.orgApp.orgId).orderBy('t.created_at').orderBy('t.id').execute();
    const builtIn: api.RecipeExcelTemplate = { ...BUILT_IN_EXCEL_TEMPLATE, builtIn: true, version: 0 };
    return ok({ rows: [builtIn, ...(rows as TplRow[]).map(tplView)], count: rows.length + 1, mayEdit: isRecipeEditor((await standing(request)).viewer) });
  });

  route(app, api.createExcelTemplate, templateEditor, async (request) => {
    const b = request.body;
    const id = crypto.randomUUID();
    await tplCommand(request, id, {
      type: 'CreateRecipeExcelTemplate', id,
      fields: { name: b.name, layout: b.layout, title: b.title ?? '', showDosage: b.showDosage ?? true, showWeekend: b.showWeekend ?? false },
    });
    return ok(await ownTemplate(request.orgApp.orgId, id));
  });

  route(app, api.updateExcelTemplateWithoutId, member, async () => { throw badRequest(SHARING_TEXT.parameterError); });

  route(app, api.updateExcelTemplate, templateEditor, async (request) => {
    const id = templateId(request.params.id);
    const { version: _, ...change } = request.body;
    // the built-in template is refused by the decider, before it is looked up
    if (id !== BUILT_IN_EXCEL_TEMPLATE.id) await ownTemplate(request.orgApp.orgId, id);
    await tplCommand(request, id, { type: 'UpdateRecipeExcelTemplate', id, change });
    return ok(await ownTemplate(request.orgApp.orgId, id));
  });

  route(app, api.deleteExcelTemplate, templateEditor, async (request) => {
    const id = templateId(request.body?.id);
    if (id !== BUILT_IN_EXCEL_TEMPLATE.id) await ownTemplate(request.orgApp.orgId, id);
    await tplCommand(request, id, { type: 'RemoveRecipeExcelTemplate', id });
    return ok({ id });
  });
}

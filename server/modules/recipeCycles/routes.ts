// §2 mallRecipeCycleManage (issue 9): weekly recipe cycles of the current org. Every write is the recipe cycle
// decider (domain/aggregates/recipeCycle.ts) on the cycle's stream, at the version the editor read when sent.
// Who sees what (domain/recipeCycle.ts): dietitians and admins every cycle of the org; a purchaser the ones she
// wrote and the published ones; everyone else (suppliers …) the published ones only. A cycle of another org,
// or one the caller may not see, is simply not found.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import * as api from '../../../contracts/recipeCycles.ts';
import { decideAndAppend, handleCommand, lockKey, requestCommand, runDecisions } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import { recipeCycleDecider, recipeCycleStream, type DishFact, type RecipeCycleCommand } from '../../../domain/aggregates/recipeCycle.ts';
import { dishPortion } from '../../../domain/recipeCycle.ts';
import {
  RECIPE_TEXT, cycleDays, isRecipeEditor, mayCreate, mayEdit, mealsOfPattern, seesUnpublished,
  type AgeGroup, type CycleOption, type RecipeCycleStatus,
} from '../../../domain/recipeCycle.ts';
import { APPROVER_TEXT, mayApprove, ownApprovalAllowed } from '../../../domain/recipeApprovers.ts';
import { quotaGrants } from './quotaGrants.ts';
import { submitterOf } from './submitter.ts';
import { recipeStanding, type RecipeStanding } from './standing.ts';
import { schoolYearDates, schoolYearOf, semesterConfigOf } from '../../../domain/semester.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import { paged } from '../../http/listQuery.ts';
import { PAGE } from '../../../domain/constants.ts';

const member = { auth: 'orgApp' } as const;

type Standing = RecipeStanding;

export interface CycleRow {
  id: string; name: string; start_date: string; end_date: string; cycle_option: string; weeks: number; meal_pattern: string;
  age_groups: unknown; status: string; remark: string; cell_count: number; created_by: string; created_by_name: string;
  created_at: Date; updated_at: Date; version: string | null;
}

export function rowView(r: CycleRow): api.RecipeCycleRow {
  const cycle = { startDate: r.start_date, cycleOption: r.cycle_option as CycleOption, weeks: r.weeks };
  const mealPattern = Number(r.meal_pattern);
  return {
    id: r.id, name: r.name, startDate: r.start_date, endDate: r.end_date, cycleOption: cycle.cycleOption, weeks: r.weeks, days: cycleDays(cycle),
    mealPattern, mealCodes: [...mealsOfPattern(mealPattern)], ageGroups: r.age_groups as AgeGroup[], status: r.status as RecipeCycleStatus,
    remark: r.remark, cellCount: r.cell_count, createdBy: r.created_by, createdByName: r.created_by_name,
    createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(), version: Number(r.version ?? 0),
  };
}

/** Grams per portion of a dish stored as `data` (domain/recipeCycle dishPortion). */
export const portionOf = (data: unknown): number => dishPortion((data as { lines?: unknown } | null)?.lines);

export default async function recipeCycleRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const standing = (request: OrgAppRequest): Promise<Standing> => recipeStanding(db, request);

  function abilities(s: Standing): api.RecipeCycleAbilities {
    return { create: mayCreate(s.viewer), edit: isRecipeEditor(s.viewer), approve: mayApprove(s.viewer, s.approvers), approvalEnabled: s.approvalEnabled };
  }

  const select = [
    'c.id', 'c.name', sql<string>`to_char(c.start_date, 'YYYY-MM-DD')`.as('start_date'), sql<string>`to_char(c.end_date, 'YYYY-MM-DD')`.as('end_date'),
    'c.cycle_option', 'c.weeks', 'c.meal_pattern', 'c.age_groups', 'c.status', 'c.remark', 'c.cell_count', 'c.created_by', 'c.created_by_name',
    'c.created_at', 'c.updated_at', streamVersionOf('c', 'recipeCycle', 'id').as('version'),
  ] as const;

  /** Editors and approvers see every cycle of the org; the others the published ones and their own. */
  const seesAll = (s: Standing) => isRecipeEditor(s.viewer) || mayApprove(s.viewer, s.approvers);

  /** The cycles of the org this caller may see. */
  function visible(request: OrgAppRequest, s: Standing) {
    let q = db.selectFrom('recipe_cycles as c').where('c.org_id', '=', request.orgApp.orgId);
    if (!seesAll(s)) q = q.where((eb) => eb.or([eb('c.status', '=', 'published'), eb('c.created_by', '=', request.user.userId)]));
    return q;
  }

  async function findRow(request: OrgAppRequest, s: Standing, id: string): Promise<CycleRow> {
    const row = await visible(request, s).select([...select]).where('c.id', '=', id).executeTakeFirst();
    if (!row || (!seesAll(s) && !seesUnpublished(s.viewer, row.created_by) && row.status !== 'published')) throw notFound(RECIPE_TEXT.notFound);
    return row as CycleRow;
  }

  async function detail(request: OrgAppRequest, s: Standing, id: string): Promise<api.RecipeCycleDetail> {
    const row = await findRow(request, s, id);
    const orgId = request.orgApp.orgId;
    const cells = await db.selectFrom('recipe_cycle_cells').select(['day', 'meal_code', 'dishes'])
      .where('org_id', '=', orgId).where('cycle_id', '=', id).orderBy('day').orderBy('meal_code').execute();
    const ids = [...new Set(cells.flatMap((c) => (c.dishes as { dishId: string }[]).map((d) => d.dishId)))];
    const dishes = ids.length
      ? await db.selectFrom('dishes').select(['id', 'name', 'category_id']).where('org_id', '=', orgId).where('id', 'in', ids).execute()
      : [];
    return {
      ...rowView(row),
      cells: cells.map((c) => ({ day: c.day, mealCode: c.meal_code, dishes: c.dishes as api.Cell['dishes'] })),
      dishes: dishes.map((d) => ({ id: d.id, name: d.name, categoryId: d.category_id })),
      // edit: this cycle (a purchaser edits the ones she wrote); approve: not one's own submission where approvers are named
      abilities: {
        ...abilities(s), edit: mayEdit(s.viewer, row.created_by),
        approve: mayApprove(s.viewer, s.approvers)
          && (ownApprovalAllowed(s.approvers) || row.status !== 'submitted' || await submitterOf(db, orgId, id) !== s.viewer.userId),
      },
    };
  }

  /** One command on a cycle the caller may edit (found first, so another org's cycle is a 404, not a 403). */
  async function command(request: OrgAppRequest, s: Standing, id: string, cmd: RecipeCycleCommand, may: (row: CycleRow) => boolean, refusal: string) {
    const row = await findRow(request, s, id);
    if (!may(row)) throw forbidden(refusal);
    await handleCommand(db, {
      ...requestCommand(request, clock()), streamId: recipeCycleStream(id), streamType: 'recipeCycle', decider: recipeCycleDecider, command: cmd,
    });
  }
  const editor = (s: Standing) => (row: CycleRow) => mayEdit(s.viewer, row.created_by);
  const approver = (s: Standing) => () => mayApprove(s.viewer, s.approvers);
  const publisher = (s: Standing) => (row: CycleRow) => mayEdit(s.viewer, row.created_by) || mayApprove(s.viewer, s.approvers);

  route(app, api.listRecipeCycles, { ...member, listPage: { size: 100, max: PAGE.recipeList } }, async (request) => {
    const s = await standing(request);
    const { name, status, semester, schoolYear } = request.query;
    let q = visible(request, s);
    if (name) q = q.where('c.name', 'ilike', `%${name.replace(/[%_\\]/g, '\\$&')}%`);
    if (status) q = q.where('c.status', '=', status);
    const semesters = semesterConfigOf(s.semester);
    if (semester) {
      // the semester of the school year asked for, else of the school year today falls in
      const today = dayOf(clock());
      const year = schoolYear ?? schoolYearOf(today, semesters);
      const range = schoolYearDates(semesters, year)[semester];
      q = q.where('c.start_date', '>=', range.start).where('c.start_date', '<=', range.end);
    }
    const [rows, count] = await Promise.all([
      paged(q.select([...select]).orderBy('c.start_date', 'desc').orderBy('c.created_at', 'desc'), request).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: (rows as CycleRow[]).map(rowView), count: Number(count.n), abilities: abilities(s), semesters: { first: semesters.first, second: semesters.second } });
  });

  route(app, api.getRecipeCycle, member, async (request) => ok(await detail(request, await standing(request), request.params.id)));

  // who may write a cycle is known from her standing alone: declared, so she is refused before the body is read
  const creator = {
    auth: 'orgApp',
    guard: async (request: FastifyRequest) => {
      if (!mayCreate((await standing(request as OrgAppRequest)).viewer)) throw forbidden('只有营养师、采购员或机构管理员可以新建周食谱');
    },
  } as const;
  route(app, api.createRecipeCycle, creator, async (request) => {
    const s = await standing(request);
    const b = request.body;
    const id = crypto.randomUUID();
    const orgId = request.orgApp.orgId;
    const userId = request.user.userId;
    await runDecisions(db, async (tx) => {
      // the user's count is read under a lock of its own, so two creations at once cannot both pass the limit;
      // it counts the user's cycles that still exist in the org (a deleted cycle gives its place back)
      await lockKey(tx, 'recipeCycleQuota', `${orgId}/${userId}`);
      const used = await tx.selectFrom('recipe_cycles').select((eb) => eb.fn.countAll<string>().as('n'))
        .where('org_id', '=', orgId).where('created_by', '=', userId).executeTakeFirstOrThrow();
      const limit = await tx.selectFrom('apps').select(sql<unknown>`config->'mallRecipeUserLimite'`.as('limit')).where('app_id', '=', request.orgApp.appId).executeTakeFirst();
      // §7 form tables: an allowlisted org or a whitelisted user is not limited; extra times add to the limit
      const granted = await quotaGrants(tx, orgId, request.user.username);
      return decideAndAppend(tx, {
        ...requestCommand(request, clock()), streamId: recipeCycleStream(id), streamType: 'recipeCycle', decider: recipeCycleDecider,
        command: {
          type: 'CreateRecipeCycle', cycleId: id, name: b.name, startDate: b.startDate, cycleOption: b.cycleOption, weeks: b.weeks ?? 0,
          mealPattern: b.mealPattern, ageGroups: b.ageGroups, createdBy: userId, createdByName: request.user.name,
          quota: {
            enabled: s.userLimitEnabled, exempt: s.viewer.admin || granted.exempt, used: Number(used.n),
            limit: typeof limit?.limit === 'number' ? limit.limit : null, extra: granted.extra,
          },
        },
      });
    });
    return ok(await detail(request, s, id));
  });

  route(app, api.updateRecipeCycle, member, async (request) => {
    const s = await standing(request);
    const { id } = request.params;
    const b = request.body;
    await command(request, s, id, { type: 'UpdateRecipeCycle', cycleId: id, name: b.name, mealPattern: b.mealPattern, ageGroups: b.ageGroups }, editor(s), RECIPE_TEXT.notAuthor);
    return ok(await detail(request, s, id));
  });

  route(app, api.deleteRecipeCycle, member, async (request) => {
    const s = await standing(request);
    const { id } = request.params;
    await command(request, s, id, { type: 'DeleteRecipeCycle', cycleId: id }, editor(s), RECIPE_TEXT.notAuthor);
    return ok({ id });
  });

  route(app, api.setRecipeCells, member, async (request) => {
    const s = await standing(request);
    const { id } = request.params;
    const { cells } = request.body;
    const ids = [...new Set(cells.flatMap((c) => c.dishes.map((d) => d.dishId)))];
    // the org's dishes among those named: an unknown one (or another org's) is refused by the decider
    const rows = ids.length
      ? await db.selectFrom('dishes').select(['id', 'name', 'data']).where('org_id', '=', request.orgApp.orgId).where('id', 'in', ids).where('enable', '=', true).execute()
      : [];
    const dishes: Record<string, DishFact> = Object.fromEntries(rows.map((r) => [r.id, { name: r.name, portion: portionOf(r.data) }]));
    await command(request, s, id, { type: 'SetRecipeCells', cycleId: id, cells, dishes }, editor(s), RECIPE_TEXT.notAuthor);
    return ok(await detail(request, s, id));
  });

  route(app, api.copyRecipeCycle, member, async (request) => {
    const s = await standing(request);
    const { id } = request.params;
    const b = request.body;
    const cmd: RecipeCycleCommand = 'fromDay' in b
      ? { type: 'CopyRecipeDay', cycleId: id, fromDay: b.fromDay, toDay: b.toDay }
      : { type: 'CopyRecipeWeek', cycleId: id, fromWeek: b.fromWeek, toWeek: b.toWeek };
    await command(request, s, id, cmd, editor(s), RECIPE_TEXT.notAuthor);
    return ok(await detail(request, s, id));
  });

  const decided = async (request: OrgAppRequest, s: Standing, id: string) => ok(rowView(await findRow(request, s, id)));

  route(app, api.submitRecipeCycle, member, async (request) => {
    const s = await standing(request);
    const { id } = request.params;
    await command(request, s, id, { type: 'SubmitRecipeCycle', cycleId: id, approvalEnabled: s.approvalEnabled, submittedBy: request.user.userId }, editor(s), RECIPE_TEXT.notAuthor);
    return decided(request, s, id);
  });
  route(app, api.approveRecipeCycle, member, async (request) => {
    const s = await standing(request);
    const { id } = request.params;
    await command(request, s, id, {
      type: 'ApproveRecipeCycle', cycleId: id, remark: request.body.remark, approverId: request.user.userId, ownAllowed: ownApprovalAllowed(s.approvers),
    }, approver(s), APPROVER_TEXT.notApprover);
    return decided(request, s, id);
  });
  route(app, api.rejectRecipeCycle, member, async (request) => {
    const s = await standing(request);
    const { id } = request.params;
    await command(request, s, id, { type: 'RejectRecipeCycle', cycleId: id, remark: request.body.remark ?? '' }, approver(s), APPROVER_TEXT.notApprover);
    return decided(request, s, id);
  });
  route(app, api.publishRecipeCycle, member, async (request) => {
    const s = await standing(request);
    const { id } = request.params;
    await command(request, s, id, { type: 'PublishRecipeCycle', cycleId: id, approvalEnabled: s.approvalEnabled }, publisher(s), RECIPE_TEXT.notAuthor);
    return decided(request, s, id);
  });
  route(app, api.withdrawRecipeCycle, member, async (request) => {
    const s = await standing(request);
    const { id } = request.params;
    await command(request, s, id, { type: 'WithdrawRecipeCycle', cycleId: id }, publisher(s), RECIPE_TEXT.notAuthor);
    return decided(request, s, id);
  });
}

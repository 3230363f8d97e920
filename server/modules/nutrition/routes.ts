// Issue 10: the nutrient calculator and the WS/T 554 analysis (contracts/nutrition.ts). The server only gathers:
// the org's ingredient library (platform foods with the org's overrides, and its own ingredients: foodLibrary),
// the cycle, its cells and dishes, and the org's analysis pass score (§3 analysis extraInfo passScore); every
// figure is computed by domain/nutritionAnalysis.ts. Nothing is written.
// Who: any member of the org (the figures are those of the org's own library); a cycle is seen as the cycle
// routes show it (domain/recipeCycle.ts: editors and approvers every cycle of the org, the others the published
// ones and their own); another org's cycle, or one the caller may not see, is not found.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as api from '../../../contracts/nutrition.ts';
import { orgFoods } from '../recipes/foodLibrary.ts';
import {
  NUTRITION_LIMITS, NUTRITION_TEXT, analyseCycle, analyseMeals, analysisProblems, calculate, cycleMissingDishes, lineProblems, passScoreFrom,
  type AnalysisFood, type CycleDish, type CycleFacts, type FoodLookup,
} from '../../../domain/nutritionAnalysis.ts';
import { isAgeGroup, type AgeGroup } from '../../../domain/nutritionStandards.ts';
import { DOSAGE_MODES, type DosageMode } from '../../../domain/nutrition.ts';
import { RECIPE_TEXT, cycleDays, isRecipeEditor, seesUnpublished, type CycleOption } from '../../../domain/recipeCycle.ts';
import { mayApprove } from '../../../domain/recipeApprovers.ts';
import { PEOPLE_TEXT } from '../../../domain/aggregates/recipePeople.ts';
import { recipeStanding, recipeViewerOf } from '../recipeCycles/standing.ts';
import { DEFAULT_DOSAGE_MODE } from '../../../domain/constants.ts';

const member = { auth: 'orgApp' } as const;

/** §2 category group holding the analysis extraInfo (passScore, mergeFoodCategorys …) */
const ANALYSIS_PARAMS_GROUP = 'mallRecipeAnalysisExParams';

export default async function nutritionRoutes(app: FastifyInstance, { db }: ModuleContext) {
  /** The org's library as the analysis reads it: only the foods asked for, one query. */
  async function lookupFor(orgId: string, foodIds: readonly string[]): Promise<FoodLookup> {
    const found = await orgFoods(db, orgId, foodIds);
    return (id) => found.get(id) as AnalysisFood | undefined;
  }

  /** The org's pass score: the first enabled analysis-params entry that gives one, else §9's 80. */
  async function passScore(request: OrgAppRequest): Promise<number> {
    const rows = await db.selectFrom('categories').select(['extra_info']).where('org_id', '=', request.orgApp.orgId)
      .where('group_name', '=', ANALYSIS_PARAMS_GROUP).where('enable', '=', true).where('is_delete', '=', false)
      .orderBy('sort').orderBy('id').execute();
    for (const r of rows) {
      const p = (r.extra_info as { passScore?: unknown } | null)?.passScore;
      if (p !== undefined && p !== null) return passScoreFrom(r.extra_info);
    }
    return passScoreFrom(null);
  }

  route(app, api.calculateNutrition, member, async (request) => {
    const { items } = request.body;
    // counted before any food is looked up: 5,000 lines is the most one request computes
    if (items.length > NUTRITION_LIMITS.linesMax) throw badRequest(NUTRITION_TEXT.tooManyLines(items.length));
    const lookup = await lookupFor(request.orgApp.orgId, items.map((i) => i.foodId));
    const problems = lineProblems(items, lookup);
    if (problems.length) throw badRequest(problems.join('；'));
    return ok(calculate(items, lookup));
  });

  route(app, api.analyseNutrition, member, async (request) => {
    const { ageGroup, sex, meals } = request.body;
    const lines = meals.flatMap((m) => m.dishes.flatMap((d) => d.items));
    if (!isAgeGroup(ageGroup)) throw badRequest(NUTRITION_TEXT.badAgeGroup(ageGroup));
    if (lines.length > NUTRITION_LIMITS.linesMax) throw badRequest(NUTRITION_TEXT.tooManyLines(lines.length));
    const lookup = await lookupFor(request.orgApp.orgId, lines.map((l) => l.foodId));
    const problems = analysisProblems({ ageGroup, meals }, lookup);
    if (problems.length) throw badRequest(problems.join('；'));
    return ok(analyseMeals(meals, lookup, { ageGroup, sex, passScore: await passScore(request) }));
  });

  route(app, api.analyseRecipeCycle, member, async (request) => {
    const orgId = request.orgApp.orgId;
    const { id } = request.params;
    const { ageGroup, sex, peopleId } = request.query;
    // issue 35: a people group of this org (a sports class) judged by its own energy target; another org's is not found
    const people = peopleId === undefined ? undefined
      : await db.selectFrom('recipe_people').select('energy_kcal').where('org_id', '=', orgId).where('people_id', '=', peopleId).executeTakeFirst();
    if (peopleId !== undefined && !people) throw notFound(PEOPLE_TEXT.notFound);
    const energyKcal = people ? Number(people.energy_kcal) : undefined;
    const cycle = await db.selectFrom('recipe_cycles')
      .select(['id', 'name', 'status', 'cycle_option', 'weeks', 'age_groups', 'created_by', sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date')])
      .where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    if (!cycle || !(await mayRead(request, cycle.created_by, cycle.status))) throw notFound(RECIPE_TEXT.notFound);
    const ageGroups = cycle.age_groups as { ageRange: string; people: number }[];
    if (ageGroup !== undefined && (!isAgeGroup(ageGroup) || !ageGroups.some((g) => g.ageRange === ageGroup))) {
      throw badRequest(isAgeGroup(ageGroup) ? NUTRITION_TEXT.ageGroupNotInCycle(ageGroup, ageGroups.map((g) => g.ageRange)) : NUTRITION_TEXT.badAgeGroup(ageGroup));
    }
    const cells = await db.selectFrom('recipe_cycle_cells').select(['day', 'meal_code', 'dishes'])
      .where('org_id', '=', orgId).where('cycle_id', '=', id).execute();
    const cellDishes = cells.map((c) => ({ day: c.day, mealCode: c.meal_code, dishes: c.dishes as { dishId: string; dosages?: Record<string, number> }[] }));
    const dishIds = [...new Set(cellDishes.flatMap((c) => c.dishes.map((d) => d.dishId)))];
    const dishRows = dishIds.length ? await db.selectFrom('dishes').select(['id', 'name', 'data']).where('org_id', '=', orgId).where('id', 'in', dishIds).execute() : [];
    const dishes = new Map<string, CycleDish>(dishRows.map((d) => {
      const data = (d.data ?? {}) as { lines?: { foodId: string; weight: number }[]; dosageMode?: string };
      const mode = (DOSAGE_MODES as readonly string[]).includes(data.dosageMode ?? '') ? data.dosageMode as DosageMode : DEFAULT_DOSAGE_MODE as DosageMode;
      return [d.id, { id: d.id, name: d.name, lines: Array.isArray(data.lines) ? data.lines : [], dosageMode: mode }];
    }));
    const facts: CycleFacts = {
      startDate: cycle.start_date,
      days: cycleDays({ startDate: cycle.start_date, cycleOption: cycle.cycle_option as CycleOption, weeks: cycle.weeks }),
      ageGroups, cells: cellDishes, dishes,
    };
    const lookup = await lookupFor(orgId, [...dishes.values()].flatMap((d) => d.lines.map((l) => l.foodId)));
    const score = await passScore(request);
    return ok({
      cycleId: cycle.id, name: cycle.name, status: cycle.status, startDate: cycle.start_date, passScore: score,
      ageGroups: analyseCycle(facts, lookup, { ageGroups: ageGroup ? [ageGroup as AgeGroup] : undefined, sex, passScore: score, energyKcal }),
      missingDishes: cycleMissingDishes(facts),
    });
  });

  /** The cycle routes' rule: editors and approvers read every cycle of the org, the others the published ones and their own. */
  async function mayRead(request: OrgAppRequest, authorId: string, status: string): Promise<boolean> {
    if (status === 'published') return true;
    const viewer = recipeViewerOf(request);
    if (seesUnpublished(viewer, authorId) || isRecipeEditor(viewer)) return true;
    return mayApprove(viewer, (await recipeStanding(db, request)).approvers);
  }
}

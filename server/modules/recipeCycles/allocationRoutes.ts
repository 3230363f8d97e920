// Smart meal allocation (issue 10; §3 recipeConfig.aiMealsAllocate) of a recipe cycle's week: the dishes the
// dietitian chose, their lines and foods from the org's library, the effective approved price the school pays for
// each food's linked SKU, and the targets and bands of the nutrition standards, made into the linear programme of
// domain/mealAllocation.ts and solved by HiGHS (WebAssembly, off the event loop in a worker thread: server/solver)
// inside ALLOCATION.timeLimitMs. The acceptance writes the chosen dosages through the recipe cycle decider
// (SetRecipeCells) at the version the proposal was made on.
// Who: the cycle's editors (domain/recipeCycle.ts mayEdit), in the caller's org; another org's cycle is not found.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import * as api from '../../../contracts/mealAllocation.ts';
import { handleCommand, requestCommand } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import { readConfig } from '../config/orgConfig.ts';
import { orgFoods, type LibraryIngredient } from '../recipes/foodLibrary.ts';
import { lpSolve } from '../../solver/lpSolver.ts';
import { foods as platformFoods } from '../mall/skuIngredientRoutes.ts';
import { supplierLinks } from '../mall/access.ts';
import { schoolGoods } from '../mall/schoolGoods.ts';
import { skuGrams } from '../../../domain/skuWeight.ts';
import { recipeCycleDecider, recipeCycleStream, type CellInput, type DishFact } from '../../../domain/aggregates/recipeCycle.ts';
import {
  RECIPE_LIMITS, RECIPE_TEXT, dateOfDay, mayEdit, seesUnpublished, MEAL_NAMES,
  type AgeGroup, type CellDish, type CycleOption, type MealCode,
} from '../../../domain/recipeCycle.ts';
import { recipeViewerOf } from './standing.ts';
import { approverRuleOf, mayApprove, RECIPE_APPROVERS_PATH, type RecipeApproverRule } from '../../../domain/recipeApprovers.ts';
import { cycleWeeks } from '../../../domain/recipeSharing.ts';
import { DEFAULT_AI_MEALS_LABEL, DEFAULT_DOSAGE_MODE } from '../../../domain/constants.ts';
import { netWeight, weightTypeOf, type DosageMode, type NutrientKey } from '../../../domain/nutrition.ts';
import { nutrientEntry } from '../../../domain/nutrientCatalogue.ts';
import {
  ALLOCATION, ALLOCATION_TEXT, allocationItems, allocationSettings, bandRows, perGramOf, pricePerGram, rowHolds, solveAllocation,
  suggestDishes, unmetText,
  type AllocationDish, type AllocationLine as PerGramLine, type AllocationMode, type AllocationModel, type AllocationOutcome, type AllocationRow, type LibraryDish,
  type WeekCellDish,
} from '../../../domain/mealAllocation.ts';
import { allocationBands, weekAnalysis, type AllocationLevel, type ScoredDish } from '../../../domain/mealAllocationStandards.ts';
import type { FoodLookup } from '../../../domain/nutritionAnalysis.ts';
import { portionOf } from './routes.ts';

const member = { auth: 'orgApp' } as const;


const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

interface CycleRow {
  id: string; start_date: string; cycle_option: string; weeks: number; age_groups: unknown; status: string; created_by: string; version: string | null;
}

interface DishRow { id: string; name: string; data: unknown }
interface DishData { lines?: { foodId: string; weight: number }[]; dosageMode?: string }


/**
 * Yuan per edible gram of each food, for a school on a date: among the goods the school may buy (mall/schoolGoods:
 * its linked suppliers, their categories, its effective approved prices) that are linked to the food, the price
 * of each over the SKU's grams × the food's share of it; the cheapest SKU wins (the school would buy that one).
 */
export async function foodPricesPerGram(db: ModuleContext['db'], orgId: string, foodIds: readonly string[], date: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const links = await supplierLinks(db, orgId);
  if (!links.length || !foodIds.length) return out;
  const linked = await db.selectFrom('sku_ingredients').select(['food_id', 'sku_id', 'ratio'])
    .where('food_id', 'in', [...new Set(foodIds)]).where('org_id', 'in', [...new Set(links.map((l) => l.supplierOrgId))]).execute();
  const goods = await schoolGoods(db, links, linked.map((l) => l.sku_id), date);
  for (const l of linked) {
    const good = goods.get(l.sku_id);
    if (!good || good.price === null) continue;
    const perGram = pricePerGram(good.price, skuGrams(good.spec, good.unit, 'costing'), Number(l.ratio));
    if (perGram === null) continue;
    const before = out.get(l.food_id);
    if (before === undefined || perGram < before) out.set(l.food_id, perGram);
  }
  return out;
}

/** The per-gram figures of some dishes with the org's foods and the school's prices. */
function dishesPerGram(rows: readonly DishRow[], foods: ReadonlyMap<string, LibraryIngredient>, prices: ReadonlyMap<string, number>): Map<string, AllocationDish> {
  const out = new Map<string, AllocationDish>();
  for (const r of rows) {
    const data = (r.data ?? {}) as DishData;
    const mode = (data.dosageMode === 'grossWeight' ? 'grossWeight' : DEFAULT_DOSAGE_MODE) as DosageMode;
    const lines: PerGramLine[] = (data.lines ?? []).map((l) => {
      const food = foods.get(l.foodId);
      return {
        foodId: l.foodId, weight: l.weight, net: food ? netWeight(l.weight, weightTypeOf(mode), food.ediblePortionPct) : null,
        per100g: food?.per100g ?? {}, group: food?.group ?? '', pricePerGram: prices.get(l.foodId) ?? null,
      };
    });
    const portion = portionOf(data);
    out.set(r.id, { id: r.id, name: r.name, portion, perGram: perGramOf(lines, portion) });
  }
  return out;
}

const dishFoodIds = (rows: readonly DishRow[]) => rows.flatMap((r) => ((r.data ?? {}) as DishData).lines?.map((l) => l.foodId) ?? []);

export default async function allocationRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  async function settingsOf(request: OrgAppRequest) {
    const config = await readConfig(db, request.orgApp.orgId, request.orgApp.appId, ['recipeConfig', RECIPE_APPROVERS_PATH]);
    const recipeConfig = (config.recipeConfig ?? {}) as Record<string, unknown>;
    return { settings: allocationSettings(recipeConfig.aiMealsAllocate, DEFAULT_AI_MEALS_LABEL), approvers: approverRuleOf(recipeConfig, config[RECIPE_APPROVERS_PATH]) };
  }

  /** The cycle if the caller may edit it: another org's (or one the caller cannot see) is not found; a visible one not editable is forbidden. */
  async function editableCycle(request: OrgAppRequest, id: string, approvers: RecipeApproverRule): Promise<CycleRow> {
    const row = await db.selectFrom('recipe_cycles as c')
      .select(['c.id', sql<string>`to_char(c.start_date, 'YYYY-MM-DD')`.as('start_date'), 'c.cycle_option', 'c.weeks', 'c.age_groups', 'c.status', 'c.created_by',
        streamVersionOf('c', 'recipeCycle', 'id').as('version')])
      .where('c.org_id', '=', request.orgApp.orgId).where('c.id', '=', id).executeTakeFirst() as CycleRow | undefined;
    if (!row) throw notFound(RECIPE_TEXT.notFound);
    const viewer = recipeViewerOf(request);
    if (mayEdit(viewer, row.created_by)) return row;
    const sees = seesUnpublished(viewer, row.created_by) || mayApprove(viewer, approvers) || row.status === 'published';
    if (!sees) throw notFound(RECIPE_TEXT.notFound);
    throw forbidden(RECIPE_TEXT.notAuthor);
  }

  route(app, api.getAllocationSettings, member, async (request) => ok((await settingsOf(request)).settings));

  route(app, api.proposeAllocation, member, async (request) => {
    const started = Date.now();
    const deadline = started + ALLOCATION.timeLimitMs;
    const { orgId } = request.orgApp;
    const { settings, approvers } = await settingsOf(request);
    const cycle = await editableCycle(request, request.params.id, approvers);
    if (!settings.enable) throw unprocessable(ALLOCATION_TEXT.disabled);
    const b = request.body;
    const mode: AllocationMode = b.mode ?? settings.modes[0];
    if (!settings.modes.includes(mode)) throw unprocessable(ALLOCATION_TEXT.modeOff(mode));
    // the week's average day, as the week's analysis scores it; 'day' holds every day to its own bands
    const level: AllocationLevel = b.level ?? 'week';
    // the weeks as the editor shows them (§9 weeks start Monday; a month cycle's first and last are cut by the month)
    const weekList = cycleWeeks({ startDate: cycle.start_date, cycleOption: cycle.cycle_option as CycleOption, weeks: cycle.weeks });
    const weekCount = weekList.length;
    const weeks = [...new Set(b.weeks ?? [b.week ?? 0])].sort((x, y) => x - y);
    const outside = weeks.find((w) => w >= weekCount);
    if (outside !== undefined) throw badRequest(ALLOCATION_TEXT.weekOutside(outside, weekCount));
    const cycleGroups = cycle.age_groups as AgeGroup[];
    if (b.ageGroups?.some((a) => !cycleGroups.some((g) => g.ageRange === a))) throw badRequest(ALLOCATION_TEXT.ageGroupOutside);
    const groups = cycleGroups.filter((g) => !b.ageGroups || b.ageGroups.includes(g.ageRange));
    const weekDays = (w: number) => weekList[w] ?? [];
    const dayList = weeks.flatMap(weekDays);

    const cells = await db.selectFrom('recipe_cycle_cells').select(['day', 'meal_code', 'dishes'])
      .where('org_id', '=', orgId).where('cycle_id', '=', cycle.id).where('day', 'in', dayList).orderBy('day').orderBy('meal_code').execute();
    const cellDishes: WeekCellDish[] = cells.flatMap((c) => (c.dishes as CellDish[]).map((d) => ({ day: c.day, mealCode: c.meal_code, dishId: d.dishId, dosages: d.dosages })));
    const dishIds = [...new Set(cellDishes.map((c) => c.dishId))];
    const dishRows: DishRow[] = dishIds.length
      ? await db.selectFrom('dishes').select(['id', 'name', 'data']).where('org_id', '=', orgId).where('id', 'in', dishIds).execute()
      : [];
    const priceDate = dateOfDay(cycle.start_date, dayList[0] ?? 0);
    const foodIds = dishFoodIds(dishRows);
    const [foods, prices] = await Promise.all([orgFoods(db, orgId, foodIds), foodPricesPerGram(db, orgId, foodIds, priceDate)]);
    const dishes = dishesPerGram(dishRows, foods, prices);
    const unpricedIds = [...new Set([...dishes.values()].flatMap((d) => d.perGram.unpricedFoods))];
    const unpricedFoods = unpricedIds.map((id) => ({ foodId: id, name: foods.get(id)?.nameZh ?? platformFoods().get(id)?.nameZh ?? id }));
    const scored = new Map(dishRows.map((r) => [r.id, scoredDish(r)]));
    const lookup: FoodLookup = (id) => { const f = foods.get(id); return f && { foodId: f.foodId, ediblePortionPct: f.ediblePortionPct, per100g: f.per100g, group: f.group, nameZh: f.nameZh }; };

    // the days of each week with the meals they serve: the bands are per week (its average day) or per day
    const servedDays = (w: number) => weekDays(w).map((day) => ({ day, mealCodes: [...new Set(cellDishes.filter((c) => c.day === day).map((c) => c.mealCode))] }))
      .filter((d) => d.mealCodes.length);

    // one programme per age group (personal) or one for all groups (people); each gets what is left of the time
    const runs = mode === 'people' ? [groups] : groups.map((g) => [g]);
    const outGroups: api.AllocationGroup[] = [];
    const outLines: api.AllocationLine[] = [];
    let library: LibraryDish[] | null = null;
    for (const run of runs) {
      const items = allocationItems(cellDishes, dishes, run, mode, RECIPE_LIMITS.dosageMaxG);
      const bands = run.flatMap((g) => weeks.flatMap((w) => allocationBands(g.ageRange, servedDays(w), level)));
      const model: AllocationModel = { items, rows: bandRows(items, bands) };
      const outcome: AllocationOutcome | { status: 'empty' } | { status: 'noTargets' } = !items.length ? { status: 'empty' }
        : !model.rows.length ? { status: 'noTargets' }
          : await solveAllocation(lpSolve, model, deadline, () => Date.now());
      if (outcome.status === 'infeasible' && settings.recommend && !library) library = await dishLibrary(orgId);
      for (const g of run) {
        const own = items.filter((i) => i.ageRanges.includes(g.ageRange));
        const before: Record<string, number> = Object.fromEntries(own.map((i) => [i.key, i.current[g.ageRange] ?? i.portion]));
        const after: Record<string, number> = outcome.status === 'optimal' ? { ...before, ...pick(outcome.dosages, own.map((i) => i.key)) } : before;
        const costOf = (d: Record<string, number>) => own.reduce((s, i) => s + i.perGram.cost * d[i.key], 0);
        const analysisAt = (d: Record<string, number>) => {
          const scores = weeks.map((w) => weekAnalysis(g.ageRange, weekDays(w).map((day) => ({
            day,
            meals: [...new Set(own.filter((i) => i.day === day).map((i) => i.mealCode))].map((mealCode) => ({
              mealCode, dishes: own.filter((i) => i.day === day && i.mealCode === mealCode && scored.has(i.dishId)).map((i) => ({ dish: scored.get(i.dishId)!, dosage: d[i.key] })),
            })),
          })), lookup)).filter((a) => a !== null);
          return scores.length ? { score: round(scores.reduce((s, a) => s + a.scores.total, 0) / scores.length, 1), pass: scores.every((a) => a.pass) } : null;
        };
        const aBefore = analysisAt(before);
        const aAfter = outcome.status === 'optimal' ? analysisAt(after) : aBefore;
        const rows = model.rows.filter((r) => r.ageRange === g.ageRange);
        const unmet = outcome.status === 'infeasible' ? outcome.unmet.filter((u) => u.row.ageRange === g.ageRange) : [];
        const texts = unmet.map((u) => unmetText(u, namesOf(u.row, cycle.start_date)));
        outGroups.push({
          ageRange: g.ageRange, people: g.people, status: outcome.status === 'noTargets' ? 'failed' : outcome.status,
          reason: reasonOf(outcome, texts),
          unmet: unmet.map((u, k) => ({
            kind: u.row.kind, subject: u.row.subject, ageRange: u.row.ageRange, day: u.row.day, days: u.row.days, mealCode: u.row.mealCode, side: u.side,
            needed: round(u.needed, 2), reached: u.reached, percent: u.percent, reachable: u.reachable, unit: u.row.unit, text: texts[k],
            suggestions: settings.recommend && library ? suggestDishes(u, library, model) : [],
          })),
          scoreBefore: aBefore?.score ?? null, scoreAfter: aAfter?.score ?? null, passBefore: aBefore?.pass ?? null, passAfter: aAfter?.pass ?? null,
          failingBefore: rows.filter((r) => !rowHolds(r, before)).length,
          failingAfter: rows.filter((r) => !rowHolds(r, after)).length,
          costBefore: round(costOf(before), 2), costAfter: round(costOf(after), 2),
          totalCostBefore: round(costOf(before) * g.people, 2), totalCostAfter: round(costOf(after) * g.people, 2),
        });
        if (outcome.status !== 'optimal') continue;
        for (const i of own) {
          outLines.push({
            day: i.day, mealCode: i.mealCode, dishId: i.dishId, dishName: i.dishName, ageRange: g.ageRange, before: before[i.key], after: after[i.key],
            costBefore: round(i.perGram.cost * before[i.key], 4), costAfter: round(i.perGram.cost * after[i.key], 4),
          });
        }
      }
    }
    return ok({
      cycleId: cycle.id, version: Number(cycle.version ?? 0), weeks, mode, level, label: settings.label,
      tip: mode === 'people' ? settings.peopleTip || settings.tip : settings.tip, defaultChecked: settings.defaultChecked,
      feasible: outGroups.length > 0 && outGroups.every((g) => g.status === 'optimal'), groups: outGroups,
      lines: outLines.sort((x, y) => x.day - y.day || x.mealCode - y.mealCode || x.dishName.localeCompare(y.dishName) || x.ageRange.localeCompare(y.ageRange)),
      unpricedFoods, priceDate, elapsedMs: Date.now() - started,
    });
  });

  /** The org's enabled dishes with their per-gram figures, for suggestions. */
  async function dishLibrary(orgId: string): Promise<LibraryDish[]> {
    const all: DishRow[] = await db.selectFrom('dishes').select(['id', 'name', 'data']).where('org_id', '=', orgId).where('enable', '=', true).execute();
    const libFoods = await orgFoods(db, orgId, dishFoodIds(all));
    return [...dishesPerGram(all, libFoods, new Map()).values()];
  }

  route(app, api.acceptAllocation, member, async (request) => {
    const { orgId } = request.orgApp;
    const { approvers } = await settingsOf(request);
    const cycle = await editableCycle(request, request.params.id, approvers);
    const b = request.body;
    if (Number(cycle.version ?? 0) !== b.version) {
      // the decider's handler names who changed it; a quick refusal here keeps a stale proposal from being merged
      throw conflict('周食谱在配餐后已被修改，请重新计算智能配餐');
    }
    const seen = new Set<string>();
    for (const d of b.dosages) {
      const key = `${d.day}|${d.mealCode}|${d.dishId}|${d.ageRange}`;
      if (seen.has(key)) throw badRequest(ALLOCATION_TEXT.duplicate);
      seen.add(key);
      if (!(Number.isFinite(d.dosage) && d.dosage > 0 && d.dosage <= RECIPE_LIMITS.dosageMaxG)) throw badRequest(ALLOCATION_TEXT.badDosage);
    }
    const days = [...new Set(b.dosages.map((d) => d.day))];
    const cells = await db.selectFrom('recipe_cycle_cells').select(['day', 'meal_code', 'dishes'])
      .where('org_id', '=', orgId).where('cycle_id', '=', cycle.id).where('day', 'in', days).execute();
    const byCell = new Map(cells.map((c) => [`${c.day}|${c.meal_code}`, c.dishes as CellDish[]]));
    const changed = new Map<string, CellInput>();
    for (const d of b.dosages) {
      const cellKey = `${d.day}|${d.mealCode}`;
      const dishesNow = byCell.get(cellKey);
      if (!dishesNow?.some((x) => x.dishId === d.dishId)) throw badRequest(ALLOCATION_TEXT.notInCell(d.dishId));
      const input = changed.get(cellKey) ?? { day: d.day, mealCode: d.mealCode, dishes: dishesNow.map((x) => ({ dishId: x.dishId, dosages: { ...x.dosages } })) };
      const dish = input.dishes.find((x) => x.dishId === d.dishId)!;
      dish.dosages = { ...dish.dosages, [d.ageRange]: d.dosage };
      changed.set(cellKey, input);
    }
    const ids = [...new Set([...changed.values()].flatMap((c) => c.dishes.map((d) => d.dishId)))];
    const rows = await db.selectFrom('dishes').select(['id', 'name', 'data']).where('org_id', '=', orgId).where('id', 'in', ids).execute();
    const facts: Record<string, DishFact> = Object.fromEntries(rows.map((r) => [r.id, { name: r.name, portion: portionOf((r.data ?? {}) as DishData) }]));
    const result = await handleCommand(db, {
      ...requestCommand(request, clock()), expectedVersion: b.version, streamId: recipeCycleStream(cycle.id), streamType: 'recipeCycle', decider: recipeCycleDecider,
      command: { type: 'SetRecipeCells', cycleId: cycle.id, cells: [...changed.values()], dishes: facts },
    });
    return ok({ id: cycle.id, version: result.version, changed: result.events.length ? changed.size : 0 });
  });
}

const pick = (d: Record<string, number>, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => k in d).map((k) => [k, d[k]]));

function scoredDish(r: DishRow): ScoredDish {
  const data = (r.data ?? {}) as DishData;
  return { name: r.name, lines: data.lines ?? [], dosageMode: (data.dosageMode === 'grossWeight' ? 'grossWeight' : DEFAULT_DOSAGE_MODE) as DosageMode, portion: portionOf(data) };
}

function reasonOf(outcome: { status: string; reason?: string }, unmet: readonly string[]): string | null {
  switch (outcome.status) {
    case 'optimal': return null;
    case 'empty': return ALLOCATION_TEXT.empty;
    case 'noTargets': return ALLOCATION_TEXT.noTargets;
    case 'timeout': return ALLOCATION_TEXT.timeout;
    case 'infeasible': return `${ALLOCATION_TEXT.infeasible}：${unmet.join('；')}`;
    default: return ALLOCATION_TEXT.failed(outcome.reason ?? outcome.status);
  }
}

/** The words of where an unmet row lies: its subject's name, its day (date) or week, and meal. */
function namesOf(row: AllocationRow, startDate: string) {
  const subject = row.kind === 'foodGroup' ? row.subject
    : row.kind === 'energyShare' ? nutrientEntry(row.subject as NutrientKey).cnName
      : nutrientEntry(row.subject as NutrientKey).cnName;
  const day = row.day !== null
    ? `${dateOfDay(startDate, row.day)}（第 ${row.day + 1} 天）`
    : `${dateOfDay(startDate, row.days[0])} 起一周平均每天`;
  return { subject, day, meal: row.mealCode === null ? null : MEAL_NAMES[row.mealCode as MealCode] ?? String(row.mealCode) };
}

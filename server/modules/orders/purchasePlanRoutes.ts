// §2 mallRecipePurchaseplan, mallRecipeMonthPurchaseplan (issue 11): GET /v4/mall/recipe/purchaseplan — the plan of
// one week of a published recipe cycle of the caller's school — and /v4/mall/recipe/monthpurchaseplan, the same over
// the cycle's days in one month. This file only reads facts; domain/purchasePlan.ts does the arithmetic.
// SKUs and prices come from placingFacts (./access.ts), the very function an order is priced with at submission,
// so a plan's price is the price the order will carry (link categories, the price freeze, the role group).
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as api from '../../../contracts/purchasePlans.ts';
import { supplierLinks } from '../mall/access.ts';
import { orgFoods } from '../recipes/foodLibrary.ts';
import { partyOnly, placingFacts } from './access.ts';
import { cycleDays, dateOfDay, type AgeGroup, type Cell, type CycleOption, type MealCode } from '../../../domain/recipeCycle.ts';
import {
  PLAN_TEXT, cycleMonths, monthDays, planCellDays, planTotals, purchasePlan, weekDays, type PlanDish, type PlanSku,
} from '../../../domain/purchasePlan.ts';
import { beforeCutoff, orderDeadline, type OrderSettings } from '../../../domain/order.ts';
import { weightTypeOf, type DosageMode } from '../../../domain/nutrition.ts';

const schoolOnly = { auth: 'orgApp', guard: partyOnly('school', PLAN_TEXT.notSchool) } as const;

type Db = ModuleContext['db'];
interface PlanCycle { id: string; name: string; startDate: string; dayCount: number; ageGroups: AgeGroup[] }

/** The caller's school's published cycle (another org's is not found; a supplier, bureau … has no plan to make). */
async function planCycle(db: Db, request: OrgAppRequest, cycleId: string): Promise<PlanCycle> {
  // the routes declare the school party (schoolOnly): the cycle is looked up in the caller's own org
  const cycle = await db.selectFrom('recipe_cycles').select(['id', 'name', 'start_date', 'cycle_option', 'weeks', 'age_groups', 'status'])
    .where('org_id', '=', request.orgApp.orgId).where('id', '=', cycleId).executeTakeFirst();
  if (!cycle) throw notFound(PLAN_TEXT.notFound);
  if (cycle.status !== 'published') throw badRequest(PLAN_TEXT.notPublished);
  const startDate = String(cycle.start_date).slice(0, 10);
  const dayCount = cycleDays({ startDate, cycleOption: cycle.cycle_option as CycleOption, weeks: cycle.weeks });
  return { id: cycle.id, name: cycle.name, startDate, dayCount, ageGroups: cycle.age_groups as AgeGroup[] };
}

/**
 * The plan of the cycle's days [first, last] (a week, or the days of a month): the facts read here, the arithmetic
 * domain/purchasePlan.ts's. Shared by the week and the month plan so both read one set of facts the same way.
 */
async function planOf(db: Db, orgId: string, cycle: PlanCycle, days: [number, number], now: Date) {
  // the cells of the whole cycle weeks of these days: a packaged surplus carries from a week's first day (issue 30)
  const cellDays = planCellDays(days);
  const cellRows = await db.selectFrom('recipe_cycle_cells').select(['day', 'meal_code', 'dishes'])
    .where('org_id', '=', orgId).where('cycle_id', '=', cycle.id).where('day', '>=', cellDays[0]).where('day', '<=', cellDays[1]).execute();
  const cells: Cell[] = cellRows.map((c) => ({ day: c.day, mealCode: c.meal_code as MealCode, dishes: c.dishes as Cell['dishes'] }));
  const dishIds = [...new Set(cells.flatMap((c) => c.dishes.map((d) => d.dishId)))];
  const dishRows = dishIds.length ? await db.selectFrom('dishes').select(['id', 'data']).where('org_id', '=', orgId).where('id', 'in', dishIds).execute() : [];
  const dishes: Record<string, PlanDish> = {};
  for (const r of dishRows) {
    const d = (r.data ?? {}) as { dosageMode?: DosageMode; lines?: { foodId: string; weight: number }[] };
    dishes[r.id] = { weightType: weightTypeOf(d.dosageMode), lines: (d.lines ?? []).filter((l) => typeof l.weight === 'number' && l.weight > 0) };
  }
  const foodIds = [...new Set(Object.values(dishes).flatMap((d) => d.lines.map((l) => l.foodId)))];
  const library = await orgFoods(db, orgId, foodIds);
  const foods = Object.fromEntries(foodIds.map((id) => {
    const f = library.get(id);
    // the org's piece weight and density (its library; the defaults of domain/foodUnitWeights.ts) convert boxes and litres
    // its group says whether a packaged surplus keeps to the next delivery day (domain/wholePackages goodsKeep)
    return [id, {
      foodId: id, name: f?.nameZh ?? id, ediblePortionPct: f?.ediblePortionPct ?? null, gramsPerPiece: f?.gramsPerPiece ?? null,
      densityGPerMl: f?.densityGPerMl ?? null, group: f?.group ?? null,
    }];
  }));

  // the SKUs of each linked supplier linked to a needed food, priced as an order would be
  const links = await supplierLinks(db, orgId);
  const supplierIds = [...new Set(links.map((l) => l.supplierOrgId))];
  const skus: PlanSku[] = [];
  const settings = new Map<string, Pick<OrderSettings, 'cutoffDays' | 'cutoffTime'>>();
  if (foodIds.length && supplierIds.length) {
    const linked = await db.selectFrom('sku_ingredients').select(['org_id', 'sku_id', 'food_id', 'ratio'])
      .where('org_id', 'in', supplierIds).where('food_id', 'in', foodIds).execute();
    const names = new Map((await db.selectFrom('orgs').select(['org_id', 'name']).where('org_id', 'in', supplierIds).execute()).map((o) => [o.org_id, o.name]));
    for (const supplierId of supplierIds) {
      const own = linked.filter((l) => l.org_id === supplierId);
      const facts = await placingFacts(db, orgId, supplierId, [...new Set(own.map((l) => l.sku_id))], now);
      settings.set(supplierId, facts.settings);
      for (const l of own) {
        const sku = facts.skus[l.sku_id];
        // null: another supplier's, off the shelf or outside the link's categories (supplier permissions)
        if (!sku) continue;
        skus.push({
          skuId: l.sku_id, supplierId, supplierName: names.get(supplierId) ?? '', productName: sku.productName, skuName: sku.skuName, spec: sku.spec,
          unit: sku.unit, foodId: l.food_id, ratio: l.ratio, price: sku.price, mayOrder: facts.permissions.order,
        });
      }
    }
  }

  const plan = purchasePlan({ startDate: cycle.startDate, ageGroups: cycle.ageGroups, cells, days, dishes, foods, skus });
  const planDays = [...new Set(plan.lines.map((l) => l.date))].sort().map((date) => ({
    date,
    suppliers: [...new Set(plan.lines.filter((l) => l.date === date).map((l) => l.supplierId))].map((supplierId) => {
      const s = settings.get(supplierId)!;
      return { supplierId, deadline: orderDeadline(date, s).toISOString(), open: beforeCutoff(now, date, s) };
    }),
  }));
  return {
    cycleId: cycle.id, cycleName: cycle.name, startDate: dateOfDay(cycle.startDate, days[0]), endDate: dateOfDay(cycle.startDate, days[1]),
    lines: plan.lines, unmatched: plan.unmatched, amount: plan.amount, days: planDays,
  };
}

export default async function purchasePlanRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  route(app, api.getPurchasePlan, schoolOnly, async (request) => {
    const { cycleId, week } = request.query;
    const cycle = await planCycle(db, request, cycleId);
    const days = weekDays(cycle.dayCount, week);
    if (!days) throw badRequest(PLAN_TEXT.badWeek);
    return ok({ ...await planOf(db, request.orgApp.orgId, cycle, days, clock()), week, weeks: Math.ceil(cycle.dayCount / 7) });
  });

  // §2 mallRecipeMonthPurchaseplan: the same plan over the days of the cycle in one month, with its totals
  route(app, api.getMonthPurchasePlan, schoolOnly, async (request) => {
    const { cycleId, month } = request.query;
    const cycle = await planCycle(db, request, cycleId);
    const days = monthDays(cycle.startDate, cycle.dayCount, month);
    if (!days) throw badRequest(PLAN_TEXT.badMonth);
    const plan = await planOf(db, request.orgApp.orgId, cycle, days, clock());
    const totals = planTotals(plan.lines);
    return ok({ ...plan, month, months: cycleMonths(cycle.startDate, cycle.dayCount), weeks: totals.weeks, totals: totals.rows });
  });
}

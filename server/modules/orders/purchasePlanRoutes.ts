// §2 mallRecipePurchaseplan (issue 11): GET /v4/mall/recipe/purchaseplan — the plan of one week of a published
// recipe cycle of the caller's school. This file only reads facts; domain/purchasePlan.ts does the arithmetic.
// SKUs and prices come from placingFacts (./access.ts), the very function an order is priced with at submission,
// so a plan's price is the price the order will carry (link categories, the price freeze, the role group).
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import * as api from '../../../contracts/purchasePlans.ts';
import { supplierLinks } from '../mall/access.ts';
import { orgFoods } from '../recipes/foodLibrary.ts';
import { orderViewerOf, placingFacts } from './access.ts';
import { cycleDays, dateOfDay, type AgeGroup, type Cell, type CycleOption, type MealCode } from '../../../domain/recipeCycle.ts';
import { PLAN_TEXT, purchasePlan, weekDays, type PlanDish, type PlanSku } from '../../../domain/purchasePlan.ts';
import { beforeCutoff, orderDeadline, type OrderSettings } from '../../../domain/order.ts';
import { weightTypeOf, type DosageMode } from '../../../domain/nutrition.ts';

const member = { auth: 'orgApp' } as const;

export default async function purchasePlanRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  route(app, api.getPurchasePlan, member, async (request) => {
    const viewer = await orderViewerOf(db, request);
    // a plan is the school's own purchase: suppliers, bureaus … have no plan to make
    if (viewer.party !== 'school') throw forbidden(PLAN_TEXT.notSchool);
    const orgId = request.orgApp.orgId;
    const { cycleId, week } = request.query;
    const cycle = await db.selectFrom('recipe_cycles').select(['id', 'name', 'start_date', 'cycle_option', 'weeks', 'age_groups', 'status'])
      .where('org_id', '=', orgId).where('id', '=', cycleId).executeTakeFirst();
    if (!cycle) throw notFound(PLAN_TEXT.notFound);
    if (cycle.status !== 'published') throw badRequest(PLAN_TEXT.notPublished);
    const startDate = String(cycle.start_date).slice(0, 10);
    const dayCount = cycleDays({ startDate, cycleOption: cycle.cycle_option as CycleOption, weeks: cycle.weeks });
    const days = weekDays(dayCount, week);
    if (!days) throw badRequest(PLAN_TEXT.badWeek);
    const cellRows = await db.selectFrom('recipe_cycle_cells').select(['day', 'meal_code', 'dishes'])
      .where('org_id', '=', orgId).where('cycle_id', '=', cycleId).where('day', '>=', days[0]).where('day', '<=', days[1]).execute();
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
      return [id, { foodId: id, name: f?.nameZh ?? id, ediblePortionPct: f?.ediblePortionPct ?? null }];
    }));

    // the SKUs of each linked supplier linked to a needed food, priced as an order would be
    const now = clock();
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

    const plan = purchasePlan({ startDate, ageGroups: cycle.age_groups as AgeGroup[], cells, days, dishes, foods, skus });
    const planDays = [...new Set(plan.lines.map((l) => l.date))].sort().map((date) => ({
      date,
      suppliers: [...new Set(plan.lines.filter((l) => l.date === date).map((l) => l.supplierId))].map((supplierId) => {
        const s = settings.get(supplierId)!;
        return { supplierId, deadline: orderDeadline(date, s).toISOString(), open: beforeCutoff(now, date, s) };
      }),
    }));
    return ok({
      cycleId, cycleName: cycle.name, week, weeks: Math.ceil(dayCount / 7), startDate: dateOfDay(startDate, days[0]), endDate: dateOfDay(startDate, days[1]),
      lines: plan.lines, unmatched: plan.unmatched, amount: plan.amount, days: planDays,
    });
  });
}

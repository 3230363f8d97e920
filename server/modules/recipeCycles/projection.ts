// Weekly recipe cycles (issue 9, §2 mallRecipeCycleManage): the header and status row, and one row per
// day × meal cell holding dishes. A cell emptied by an edit or a copy is deleted; cell_count follows.
import { sql } from 'kysely';
import { defineProjection } from '../../store/projections.ts';
import type { Tx } from '../../store/eventStore.ts';
import { cycleEndDate } from '../../../domain/recipeCycle.ts';
import type {
  RecipeCycleCellsSet, RecipeCycleCreated, RecipeCycleDayCopied, RecipeCycleStatusChanged, RecipeCycleUpdated, RecipeCycleWeekCopied,
} from '../../../domain/aggregates/recipeCycle.ts';
import type { Cell } from '../../../domain/recipeCycle.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

async function writeCells(tx: Tx, orgId: string, cycleId: string, cells: readonly Cell[], time: string): Promise<void> {
  const filled = cells.filter((c) => c.dishes.length > 0);
  const emptied = cells.filter((c) => c.dishes.length === 0);
  if (emptied.length) {
    await tx.deleteFrom('recipe_cycle_cells').where('org_id', '=', orgId).where('cycle_id', '=', cycleId)
      .where((eb) => eb.or(emptied.map((c) => eb.and([eb('day', '=', c.day), eb('meal_code', '=', c.mealCode)])))).execute();
  }
  if (filled.length) {
    await tx.insertInto('recipe_cycle_cells')
      .values(filled.map((c) => ({ org_id: orgId, cycle_id: cycleId, day: c.day, meal_code: c.mealCode, dishes: JSON.stringify(c.dishes) })))
      .onConflict((oc) => oc.columns(['org_id', 'cycle_id', 'day', 'meal_code']).doUpdateSet({ dishes: sql`excluded.dishes` })).execute();
  }
  await tx.updateTable('recipe_cycles').set({
    updated_at: time,
    cell_count: sql<number>`(SELECT count(*) FROM recipe_cycle_cells c WHERE c.org_id = ${orgId} AND c.cycle_id = ${cycleId})`,
  }).where('org_id', '=', orgId).where('id', '=', cycleId).execute();
}

const status = (value: string, withRemark = false) => async (tx: Tx, { data, orgId, meta }: Ev<RecipeCycleStatusChanged>) => {
  await tx.updateTable('recipe_cycles').set({ status: value, updated_at: meta.time, ...(withRemark && { remark: data.remark ?? '' }) })
    .where('org_id', '=', orgId).where('id', '=', data.cycleId).execute();
};

defineProjection({
  RecipeCycleCreated: async (tx, { data, orgId, meta }: Ev<RecipeCycleCreated>) => {
    await tx.insertInto('recipe_cycles').values({
      org_id: orgId, id: data.cycleId, name: data.name, start_date: data.startDate, end_date: cycleEndDate(data),
      cycle_option: data.cycleOption, weeks: data.weeks, meal_pattern: data.mealPattern, age_groups: JSON.stringify(data.ageGroups),
      status: 'draft', remark: '', cell_count: 0, created_by: data.createdBy, created_by_name: data.createdByName, created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  RecipeCycleUpdated: async (tx, { data, orgId, meta }: Ev<RecipeCycleUpdated>) => {
    await tx.updateTable('recipe_cycles').set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.mealPattern !== undefined && { meal_pattern: data.mealPattern }),
      ...(data.ageGroups !== undefined && { age_groups: JSON.stringify(data.ageGroups) }),
      updated_at: meta.time,
    }).where('org_id', '=', orgId).where('id', '=', data.cycleId).execute();
  },
  RecipeCycleCellsSet: async (tx, { data, orgId, meta }: Ev<RecipeCycleCellsSet>) => writeCells(tx, orgId, data.cycleId, data.cells, meta.time),
  RecipeCycleDayCopied: async (tx, { data, orgId, meta }: Ev<RecipeCycleDayCopied>) => writeCells(tx, orgId, data.cycleId, data.cells, meta.time),
  RecipeCycleWeekCopied: async (tx, { data, orgId, meta }: Ev<RecipeCycleWeekCopied>) => writeCells(tx, orgId, data.cycleId, data.cells, meta.time),
  RecipeCycleReopened: status('draft'),
  RecipeCycleSubmitted: status('submitted', true),
  RecipeCycleApproved: status('approved', true),
  RecipeCycleRejected: status('rejected', true),
  RecipeCyclePublished: status('published'),
  RecipeCycleWithdrawn: status('withdrawn'),
  RecipeCycleDeleted: async (tx, { data, orgId }: Ev<RecipeCycleStatusChanged>) => {
    await tx.deleteFrom('recipe_cycle_cells').where('org_id', '=', orgId).where('cycle_id', '=', data.cycleId).execute();
    await tx.deleteFrom('recipe_cycles').where('org_id', '=', orgId).where('id', '=', data.cycleId).execute();
  },
});

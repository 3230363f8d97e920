// Demo cloud recipes (issue 9, mallStandardRecipeCycleManage): the standard org (§9 'standard') gets the §9 recipe
// categories, the demo dishes and two published cycles any org may copy into its own. Inside seedDemo's
// transaction and through the deciders; idempotent (a cycle of the same name is left alone).
import crypto from 'node:crypto';
import type { EventMeta, Tx } from '../store/eventStore.ts';
import { decideAndAppend } from '../store/command.ts';
import { recipeCycleDecider, recipeCycleStream, type DishFact, type RecipeCycleCommand } from '../../domain/aggregates/recipeCycle.ts';
import { MEAL_PATTERN_CODES, STANDARD_ORG_ID } from '../../domain/constants.ts';
import type { AgeGroup } from '../../domain/recipeCycle.ts';
import { seedRecipes } from './seedRecipes.ts';
import { cellsOf, dishesOf, mondayOf } from './seedRecipeCycles.ts';

export const CLOUD_RECIPES: readonly { name: string; weeks: number; ageGroups: AgeGroup[] }[] = [
  { name: '小学营养午餐四周循环（云食谱）', weeks: 4, ageGroups: [{ ageRange: '6-8', people: 100 }, { ageRange: '9-11', people: 100 }] },
  { name: '中学两餐一周示范（云食谱）', weeks: 1, ageGroups: [{ ageRange: '12-14', people: 200 }, { ageRange: '15-17', people: 200 }] },
];

export async function seedCloudRecipes(tx: Tx, opts: { meta: EventMeta; appId: string; now: Date; author: { userId: string; name: string } }): Promise<number> {
  let events = await seedRecipes(tx, { meta: opts.meta, appId: opts.appId, schoolOrgIds: [STANDARD_ORG_ID] });
  const dishes = await dishesOf(tx, STANDARD_ORG_ID);
  if (dishes.length === 0) return events;
  const facts: Record<string, DishFact> = Object.fromEntries(dishes.map((d) => [d.id, { name: d.name, portion: d.portion }]));
  const existing = new Set((await tx.selectFrom('recipe_cycles').select('name').where('org_id', '=', STANDARD_ORG_ID).execute()).map((r) => r.name));
  for (const plan of CLOUD_RECIPES) {
    if (existing.has(plan.name)) continue;
    const cycleId = crypto.randomUUID();
    const run = async (command: RecipeCycleCommand) => {
      events += (await decideAndAppend(tx, { orgId: STANDARD_ORG_ID, streamId: recipeCycleStream(cycleId), streamType: 'recipeCycle', decider: recipeCycleDecider, meta: opts.meta, command })).events.length;
    };
    await run({
      type: 'CreateRecipeCycle', cycleId, name: plan.name, startDate: mondayOf(opts.now), cycleOption: 'week', weeks: plan.weeks,
      mealPattern: MEAL_PATTERN_CODES['两餐'], ageGroups: plan.ageGroups, createdBy: opts.author.userId, createdByName: opts.author.name,
      quota: { enabled: false, exempt: true, used: 0 },
    });
    await run({ type: 'SetRecipeCells', cycleId, cells: cellsOf(dishes, plan.weeks), dishes: facts });
    // the standard org publishes without approval: the platform's own library
    await run({ type: 'PublishRecipeCycle', cycleId, approvalEnabled: false });
  }
  return events;
}

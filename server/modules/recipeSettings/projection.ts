// Recipe settings (issue 9): an org's people groups (recipe_people), recipe labels (recipe_labels) and its
// recipelabel config (recipe_label_configs), keyed by org first.
import { sql } from 'kysely';
import { defineProjection } from '../../store/projections.ts';
import type {
  RecipePeopleAdded, RecipePeopleDefaultSet, RecipePeopleRemoved, RecipePeopleSportPrescribed, RecipePeopleUpdated,
} from '../../../domain/aggregates/recipePeople.ts';
import {
  DEFAULT_LABEL_CONFIG, type RecipeLabelConfigSet, type RecipeLabelCreated, type RecipeLabelRemoved, type RecipeLabelUpdated,
} from '../../../domain/aggregates/recipeLabel.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

defineProjection({
  RecipePeopleAdded: async (tx, { data, orgId, meta }: Ev<RecipePeopleAdded>) => {
    await tx.insertInto('recipe_people').values({
      org_id: orgId, people_id: data.peopleId, people_energy_id: data.peopleEnergyId, name: data.name, age_range: data.ageRange,
      custom_avg_age: data.customAvgAge, energy_kcal: data.energyKcal, food_ingredients: JSON.stringify(data.foodIngredients),
      enable: data.enable, default_enable: data.defaultEnable, sort: data.sort, created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  RecipePeopleUpdated: async (tx, { data, orgId, meta }: Ev<RecipePeopleUpdated>) => {
    await tx.updateTable('recipe_people').set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.ageRange !== undefined && { age_range: data.ageRange }),
      ...(data.customAvgAge !== undefined && { custom_avg_age: data.customAvgAge }),
      ...(data.energyKcal !== undefined && { energy_kcal: data.energyKcal }),
      ...(data.foodIngredients !== undefined && { food_ingredients: JSON.stringify(data.foodIngredients) }),
      ...(data.enable !== undefined && { enable: data.enable }),
      ...(data.sort !== undefined && { sort: data.sort }),
      updated_at: meta.time,
    }).where('org_id', '=', orgId).where('people_id', '=', data.peopleId).execute();
  },
  RecipePeopleDefaultSet: async (tx, { data, orgId, meta }: Ev<RecipePeopleDefaultSet>) => {
    await tx.updateTable('recipe_people').set({ default_enable: data.defaultEnable, updated_at: meta.time })
      .where('org_id', '=', orgId).where('people_id', '=', data.peopleId).execute();
  },
  RecipePeopleSportPrescribed: async (tx, { data, orgId, meta }: Ev<RecipePeopleSportPrescribed>) => {
    await tx.updateTable('recipe_people').set({ sport_prescription: JSON.stringify(data.prescription), updated_at: meta.time })
      .where('org_id', '=', orgId).where('people_id', '=', data.peopleId).execute();
  },
  RecipePeopleRemoved: async (tx, { data, orgId }: Ev<RecipePeopleRemoved>) => {
    await tx.deleteFrom('recipe_people').where('org_id', '=', orgId).where('people_id', '=', data.peopleId).execute();
  },

  RecipeLabelCreated: async (tx, { data, orgId, meta }: Ev<RecipeLabelCreated>) => {
    await tx.insertInto('recipe_labels').values({
      org_id: orgId, id: data.labelId, name: data.name, color: data.color, sort: data.sort, enable: data.enable, created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  RecipeLabelUpdated: async (tx, { data, orgId, meta }: Ev<RecipeLabelUpdated>) => {
    await tx.updateTable('recipe_labels').set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.color !== undefined && { color: data.color }),
      ...(data.sort !== undefined && { sort: data.sort }),
      ...(data.enable !== undefined && { enable: data.enable }),
      updated_at: meta.time,
    }).where('org_id', '=', orgId).where('id', '=', data.labelId).execute();
  },
  RecipeLabelRemoved: async (tx, { data, orgId }: Ev<RecipeLabelRemoved>) => {
    await tx.deleteFrom('recipe_labels').where('org_id', '=', orgId).where('id', '=', data.labelId).execute();
  },
  RecipeLabelConfigSet: async (tx, { data, orgId, meta }: Ev<RecipeLabelConfigSet>) => {
    await tx.insertInto('recipe_label_configs').values({ org_id: orgId, config: JSON.stringify({ ...DEFAULT_LABEL_CONFIG, ...data }), updated_at: meta.time })
      .onConflict((oc) => oc.column('org_id').doUpdateSet({ config: sql`recipe_label_configs.config || ${JSON.stringify(data)}::jsonb`, updated_at: meta.time }))
      .execute();
  },
});

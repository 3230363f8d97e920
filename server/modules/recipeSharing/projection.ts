// Recipe shares and Excel templates (issue 9, §7 /v4/mall/recipe/share, /v4/mall/recipe/exceltpl): the sharing
// org's share rows, one recipient row per org shared with (keyed by that org), and the org's Excel templates.
import { defineProjection } from '../../store/projections.ts';
import type { Tx } from '../../store/eventStore.ts';
import type { RecipeShareCreated, RecipeShareRemoved, RecipeShareUpdated } from '../../../domain/aggregates/recipeShare.ts';
import type {
  RecipeExcelTemplateCreated, RecipeExcelTemplateRemoved, RecipeExcelTemplateUpdated,
} from '../../../domain/aggregates/recipeExcelTemplate.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string; userId?: string } };

async function setRecipients(tx: Tx, ownerOrgId: string, shareId: number, orgIds: readonly string[]) {
  await tx.deleteFrom('recipe_share_recipients').where('owner_org_id', '=', ownerOrgId).where('share_id', '=', shareId).execute();
  if (orgIds.length) {
    await tx.insertInto('recipe_share_recipients').values(orgIds.map((orgId) => ({ org_id: orgId, share_id: shareId, owner_org_id: ownerOrgId })))
      .onConflict((oc) => oc.columns(['org_id', 'share_id']).doNothing()).execute();
  }
}

defineProjection({
  RecipeShareCreated: async (tx, { data, orgId, meta }: Ev<RecipeShareCreated>) => {
    await tx.insertInto('recipe_shares').values({
      org_id: orgId, id: data.id, name: data.name, cycle_id: data.cycleId, cycle_name: data.cycleName, org_ids: JSON.stringify(data.orgIds),
      remark: data.remark, created_by: meta.userId ?? '', created_at: meta.time, updated_at: meta.time,
    }).execute();
    await setRecipients(tx, orgId, data.id, data.orgIds);
  },
  RecipeShareUpdated: async (tx, { data, orgId, meta }: Ev<RecipeShareUpdated>) => {
    await tx.updateTable('recipe_shares').set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.cycleId !== undefined && { cycle_id: data.cycleId, cycle_name: data.cycleName ?? '' }),
      ...(data.orgIds !== undefined && { org_ids: JSON.stringify(data.orgIds) }),
      ...(data.remark !== undefined && { remark: data.remark }),
      updated_at: meta.time,
    }).where('org_id', '=', orgId).where('id', '=', data.id).execute();
    if (data.orgIds !== undefined) await setRecipients(tx, orgId, data.id, data.orgIds);
  },
  RecipeShareRemoved: async (tx, { data, orgId }: Ev<RecipeShareRemoved>) => {
    await setRecipients(tx, orgId, data.id, []);
    await tx.deleteFrom('recipe_shares').where('org_id', '=', orgId).where('id', '=', data.id).execute();
  },
  RecipeExcelTemplateCreated: async (tx, { data, orgId, meta }: Ev<RecipeExcelTemplateCreated>) => {
    await tx.insertInto('recipe_excel_templates').values({
      org_id: orgId, id: data.id, name: data.name, layout: data.layout, title: data.title, show_dosage: data.showDosage, show_weekend: data.showWeekend,
      created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  RecipeExcelTemplateUpdated: async (tx, { data, orgId, meta }: Ev<RecipeExcelTemplateUpdated>) => {
    await tx.updateTable('recipe_excel_templates').set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.layout !== undefined && { layout: data.layout }),
      ...(data.title !== undefined && { title: data.title }),
      ...(data.showDosage !== undefined && { show_dosage: data.showDosage }),
      ...(data.showWeekend !== undefined && { show_weekend: data.showWeekend }),
      updated_at: meta.time,
    }).where('org_id', '=', orgId).where('id', '=', data.id).execute();
  },
  RecipeExcelTemplateRemoved: async (tx, { data, orgId }: Ev<RecipeExcelTemplateRemoved>) => {
    await tx.deleteFrom('recipe_excel_templates').where('org_id', '=', orgId).where('id', '=', data.id).execute();
  },
});

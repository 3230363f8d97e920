// §7 form service items (issue 9): the recipe user limit's tables, one row per item keyed by org first; a deleted
// item stays with is_delete (the §7 queries filter isDelete '0$n').
import { defineProjection } from '../../store/projections.ts';
import type { FormItemCreated, FormItemDeleted, FormItemUpdated } from '../../../domain/aggregates/formItem.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string; userId?: string } };

defineProjection({
  FormItemCreated: async (tx, { data, orgId, meta }: Ev<FormItemCreated>) => {
    await tx.insertInto('form_items').values({
      org_id: orgId, table_id: data.tableId, item_id: data.itemId, app_id: data.appId, form_data: JSON.stringify(data.formData),
      is_delete: false, created_by: meta.userId ?? '', created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  FormItemUpdated: async (tx, { data, orgId, meta }: Ev<FormItemUpdated>) => {
    await tx.updateTable('form_items').set({ form_data: JSON.stringify(data.formData), updated_at: meta.time })
      .where('org_id', '=', orgId).where('table_id', '=', data.tableId).where('item_id', '=', data.itemId).execute();
  },
  FormItemDeleted: async (tx, { data, orgId, meta }: Ev<FormItemDeleted>) => {
    await tx.updateTable('form_items').set({ is_delete: true, updated_at: meta.time })
      .where('org_id', '=', orgId).where('table_id', '=', data.tableId).where('item_id', '=', data.itemId).execute();
  },
});

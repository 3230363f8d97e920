// Apps after creation: name and config edits (§7 PUT /v2/config/app/{appId}).
import { defineProjection } from '../../store/projections.ts';
import type { AppUpdated } from '../../../domain/aggregates/app.ts';

export type { AppUpdated } from '../../../domain/aggregates/app.ts';

defineProjection({
  AppUpdated: async (tx, { data }: { data: AppUpdated }) => {
    const set = {
      ...(data.appName !== undefined && { app_name: data.appName }),
      ...(data.config !== undefined && { config: JSON.stringify(data.config) }),
    };
    if (Object.keys(set).length) await tx.updateTable('apps').set(set).where('app_id', '=', data.appId).execute();
    if (data.appName !== undefined) await tx.updateTable('org_apps').set({ app_name: data.appName }).where('app_id', '=', data.appId).execute();
  },
});

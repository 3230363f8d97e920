// Org config by path (theme and locales are paths too) and the holiday calendar.
import { defineProjection } from '../../store/projections.ts';
import type { OrgConfigSet } from '../../../domain/aggregates/orgConfig.ts';
import type { HolidayRemoved, HolidaySet } from '../../../domain/aggregates/holidays.ts';

defineProjection({
  OrgConfigSet: async (tx, { data, orgId }: { data: OrgConfigSet; orgId: string }) => {
    await tx.insertInto('org_config').values({ org_id: orgId, app_id: data.appId, path: data.path, value: JSON.stringify(data.value) })
      .onConflict((c) => c.columns(['org_id', 'app_id', 'path']).doUpdateSet({ value: JSON.stringify(data.value) })).execute();
  },
  // each date keeps the version of the year stream at its own last change: an editor of one date holds that
  HolidaySet: async (tx, { data, streamVersion }: { data: HolidaySet; streamVersion: number }) => {
    await tx.insertInto('holidays').values({ date: data.date, type: data.type, name: data.name, version: streamVersion })
      .onConflict((c) => c.column('date').doUpdateSet({ type: data.type, name: data.name, version: streamVersion })).execute();
  },
  HolidayRemoved: async (tx, { data }: { data: HolidayRemoved }) => {
    await tx.deleteFrom('holidays').where('date', '=', data.date).execute();
  },
});

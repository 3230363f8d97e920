// Electronic scales (issue 11, mallElectronicWeightManage): one row per registered scale, keyed by org first.
import { defineProjection } from '../../store/projections.ts';
import type { ScaleChanged, ScaleRegistered, ScaleRemoved } from '../../../domain/aggregates/scale.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

defineProjection({
  ScaleRegistered: async (tx, { data, orgId, meta }: Ev<ScaleRegistered>) => {
    await tx.insertInto('scales').values({
      org_id: orgId, id: data.scaleId, name: data.name, model: data.model, protocol: data.protocol, baud_rate: data.baudRate,
      tolerance_kind: data.toleranceKind, tolerance: data.tolerance, enabled: data.enabled, created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  ScaleChanged: async (tx, { data, orgId, meta }: Ev<ScaleChanged>) => {
    await tx.updateTable('scales').set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.model !== undefined && { model: data.model }),
      ...(data.protocol !== undefined && { protocol: data.protocol }),
      ...(data.baudRate !== undefined && { baud_rate: data.baudRate }),
      ...(data.toleranceKind !== undefined && { tolerance_kind: data.toleranceKind }),
      ...(data.tolerance !== undefined && { tolerance: data.tolerance }),
      ...(data.enabled !== undefined && { enabled: data.enabled }),
      updated_at: meta.time,
    }).where('org_id', '=', orgId).where('id', '=', data.scaleId).execute();
  },
  ScaleRemoved: async (tx, { data, orgId }: Ev<ScaleRemoved>) => {
    await tx.deleteFrom('scales').where('org_id', '=', orgId).where('id', '=', data.scaleId).execute();
  },
});

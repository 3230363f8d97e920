// Init templates (§7 /v3/orgappinit/template) and the org settings a system provider edits, projected from
// their events.
import { defineProjection } from '../../store/projections.ts';
import type { OrgSettingsSet } from '../../../domain/aggregates/org.ts';
import type { InitTemplateCreated, InitTemplateUpdated } from '../../../domain/aggregates/initTemplate.ts';

export type { OrgSettingsSet } from '../../../domain/aggregates/org.ts';
// the event types live with their decider; re-exported for the template seeds
export type { InitTemplateCreated, InitTemplateUpdated };

export const templateStream = (id: string) => `initTemplate-${id}`;

defineProjection({
  InitTemplateCreated: async (tx, { data, meta }: { data: InitTemplateCreated; meta: { time: string } }) => {
    await tx.insertInto('org_init_templates').values({
      id: data.id, name: data.name, disabled: data.disabled, content: JSON.stringify(data.content), created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  InitTemplateUpdated: async (tx, { data, meta }: { data: InitTemplateUpdated; meta: { time: string } }) => {
    await tx.updateTable('org_init_templates').set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.disabled !== undefined && { disabled: data.disabled }),
      ...(data.content !== undefined && { content: JSON.stringify(data.content) }),
      updated_at: meta.time,
    }).where('id', '=', data.id).execute();
  },
  OrgSettingsSet: async (tx, { data }: { data: OrgSettingsSet }) => {
    const set = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.orgType !== undefined && { org_type: data.orgType }),
      ...(data.kind !== undefined && { kind: data.kind }),
      ...(data.agentId !== undefined && { agent_id: data.agentId }),
      ...(data.expiration !== undefined && { expiration: data.expiration }),
      ...(data.userLimit !== undefined && { user_limit: data.userLimit }),
    };
    if (Object.keys(set).length) await tx.updateTable('orgs').set(set).where('org_id', '=', data.orgId).execute();
  },
});

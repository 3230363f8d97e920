// Agents, orgs, apps and org-apps, projected from their events.
import { defineProjection } from '../../store/projections.ts';
import type { AgentRegistered } from '../../../domain/aggregates/agent.ts';
import type { AppCreated, OrgAppCreated, OrgAppDisabledSet } from '../../../domain/aggregates/app.ts';
import type { OrgCreated, OrgRenamed } from '../../../domain/aggregates/org.ts';
import { orgKindOf } from '../../../domain/orgKind.ts';

export type { AgentRegistered } from '../../../domain/aggregates/agent.ts';
export type { AppCreated, OrgAppCreated } from '../../../domain/aggregates/app.ts';
export type { OrgCreated } from '../../../domain/aggregates/org.ts';

defineProjection({
  AgentRegistered: async (tx, { data }: { data: AgentRegistered }) => {
    await tx.insertInto('agents').values({ agent_id: data.agentId, name: data.name, domain: data.domain, parent_agent_id: data.parentAgentId, is_primary: data.isPrimary }).execute();
  },
  OrgCreated: async (tx, { data, meta }: { data: OrgCreated; meta: { time: string } }) => {
    await tx.insertInto('orgs').values({
      org_id: data.orgId, name: data.name, org_type: data.orgType, kind: orgKindOf(data), agent_id: data.agentId, parent_org_id: data.parentOrgId,
      area: data.area, expiration: data.expiration, user_limit: data.userLimit, created_at: meta.time,
    }).execute();
  },
  OrgRenamed: async (tx, { data }: { data: OrgRenamed }) => {
    await tx.updateTable('orgs').set({ name: data.name }).where('org_id', '=', data.orgId).execute();
  },
  AppCreated: async (tx, { data }: { data: AppCreated }) => {
    await tx.insertInto('apps').values({ app_id: data.appId, app_name: data.appName, config: JSON.stringify(data.config) }).execute();
  },
  OrgAppCreated: async (tx, { data }: { data: OrgAppCreated }) => {
    await tx.insertInto('org_apps').values({ id: data.id, org_id: data.orgId, app_id: data.appId, app_name: data.appName, key: data.key, disabled: false }).execute();
  },
  OrgAppDisabledSet: async (tx, { data }: { data: OrgAppDisabledSet }) => {
    await tx.updateTable('org_apps').set({ disabled: data.disabled }).where('id', '=', data.id).execute();
  },
});

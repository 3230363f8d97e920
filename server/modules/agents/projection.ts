// Product agents (partners) after registration: edits of name, domain, parent and primary flag.
import { defineProjection } from '../../store/projections.ts';
import type { AgentUpdated } from '../../../domain/aggregates/agent.ts';

export type { AgentUpdated } from '../../../domain/aggregates/agent.ts';

defineProjection({
  AgentUpdated: async (tx, { data }: { data: AgentUpdated }) => {
    const set = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.domain !== undefined && { domain: data.domain }),
      ...(data.parentAgentId !== undefined && { parent_agent_id: data.parentAgentId }),
      ...(data.isPrimary !== undefined && { is_primary: data.isPrimary }),
    };
    if (Object.keys(set).length) await tx.updateTable('agents').set(set).where('agent_id', '=', data.agentId).execute();
  },
});

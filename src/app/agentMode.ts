// §1 agent mode by domain (§6): at start the console asks which agent serves its host name
// (GET /v1/productagent?domain=, public) and stores it in 'meal.agent', which logout keeps (§4) and the org
// chooser reads. A host no agent serves turns agent mode off; a failed lookup keeps what was stored.
import { fetchAgentByDomain } from '../../services/agentByDomain.ts';
import { writeAgent } from './storage.ts';

export async function resolveAgentMode(hostname: string): Promise<void> {
  try {
    const agent = await fetchAgentByDomain(hostname);
    writeAgent(agent ? { agentId: agent.agentId, name: agent.name, domain: agent.domain, isPrimary: agent.isPrimary } : null);
  } catch {
    // offline or server error: keep the stored agent
  }
}

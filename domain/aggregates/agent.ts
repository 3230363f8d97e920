// §7 product agents (合作伙伴): one stream per agent (`agent-<id>`, org 'system'). A domain belongs to one agent;
// an agent's parent exists and is not the agent itself or one of its descendants. Whether the domain is taken and
// the parent's line upward are other agents' facts: the handler looks them up and passes them in the command.
import { withChanges } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';

export interface AgentRegistered { agentId: string; name: string; domain: string; parentAgentId: string | null; isPrimary: boolean }
export type AgentUpdated = { agentId: string } & Partial<Omit<AgentRegistered, 'agentId'>>;

export type AgentEvent = DomainEvent<'AgentRegistered', AgentRegistered> | DomainEvent<'AgentUpdated', AgentUpdated>;

/**
 * The proposed parent's line upward, as far as it goes: the parent, its parent, … (stopping at the agent itself
 * when the line reaches it); missing: the first id in the line that names no agent.
 */
export interface ParentLine { ancestors: string[]; missing: string | null }

export type AgentCommand =
  /** domainTaken: another agent has the domain */
  | { type: 'RegisterAgent'; agent: AgentRegistered; domainTaken: boolean; parentLine: ParentLine }
  /** only the fields sent; domainTaken and parentLine for the domain and parent sent */
  | { type: 'UpdateAgent'; change: AgentUpdated; domainTaken: boolean; parentLine: ParentLine };

export interface AgentState { agent: AgentRegistered | null }

export const AGENT_TEXT = {
  notFound: '合作伙伴不存在',
  exists: '合作伙伴已存在',
  nameRequired: '参数错误：合作伙伴名称不能为空',
  domainTaken: (d: string) => `域名已被其他合作伙伴使用：${d}`,
  parentSelf: '上级合作伙伴不能是自己',
  parentDescendant: '上级合作伙伴不能是自己的下级',
  parentMissing: (id: string) => `上级合作伙伴不存在：${id}`,
} as const;

/** Host names are kept trimmed and in lower case. */
export const normalizeDomain = (domain: string): string => domain.trim().toLowerCase();

function parentRefusal(agentId: string, parentAgentId: string | null | undefined, line: ParentLine) {
  if (!parentAgentId) return null;
  if (parentAgentId === agentId) return refuse('invalid', AGENT_TEXT.parentSelf);
  if (line.ancestors.includes(agentId)) return refuse('invalid', AGENT_TEXT.parentDescendant);
  if (line.missing) return refuse('invalid', AGENT_TEXT.parentMissing(line.missing));
  return null;
}

export const agentDecider: Decider<AgentCommand, AgentState, AgentEvent> = {
  initialState: () => ({ agent: null }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterAgent': {
        const a = command.agent;
        if (state.agent) return refuse('conflict', AGENT_TEXT.exists);
        const agent: AgentRegistered = { ...a, name: a.name.trim(), domain: normalizeDomain(a.domain), parentAgentId: a.parentAgentId || null };
        if (!agent.name) return refuse('invalid', AGENT_TEXT.nameRequired);
        if (agent.domain && command.domainTaken) return refuse('conflict', AGENT_TEXT.domainTaken(agent.domain));
        const bad = parentRefusal(agent.agentId, agent.parentAgentId, command.parentLine);
        if (bad) return bad;
        return [{ type: 'AgentRegistered', data: agent }];
      }
      case 'UpdateAgent': {
        const c = command.change;
        const now = state.agent;
        if (!now) return refuse('notFound', AGENT_TEXT.notFound);
        const name = c.name?.trim();
        if (name !== undefined && !name) return refuse('invalid', AGENT_TEXT.nameRequired);
        const domain = c.domain === undefined ? undefined : normalizeDomain(c.domain);
        if (domain && domain !== now.domain && command.domainTaken) return refuse('conflict', AGENT_TEXT.domainTaken(domain));
        const parentAgentId = c.parentAgentId === undefined ? undefined : c.parentAgentId || null;
        const bad = parentRefusal(now.agentId, parentAgentId, command.parentLine);
        if (bad) return bad;
        const change: AgentUpdated = {
          agentId: now.agentId,
          ...(name !== undefined && name !== now.name && { name }),
          ...(domain !== undefined && domain !== now.domain && { domain }),
          ...(parentAgentId !== undefined && parentAgentId !== now.parentAgentId && { parentAgentId }),
          ...(c.isPrimary !== undefined && c.isPrimary !== now.isPrimary && { isPrimary: c.isPrimary }),
        };
        // nothing differs: nothing to record
        return Object.keys(change).length > 1 ? [{ type: 'AgentUpdated', data: change }] : [];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AgentRegistered':
        return { agent: event.data };
      case 'AgentUpdated': {
        if (!state.agent) return state;
        return { agent: withChanges(state.agent, event.data) };
      }
    }
  },
};

import { describe, it } from 'vitest';
import { agentDecider, type AgentEvent, type AgentRegistered } from '../../../../domain/aggregates/agent.ts';
import { given } from '../../../support/decider.ts';

const east: AgentRegistered = { agentId: 'agent-e', name: '东区代理', domain: 'east.example.com', parentAgentId: 'agent-root', isPrimary: false };
const registered: AgentEvent = { type: 'AgentRegistered', data: east };
const line = { ancestors: ['agent-root'], missing: null };
const none = { ancestors: [], missing: null };
const register = { type: 'RegisterAgent', agent: { ...east, name: ' 东区代理 ', domain: ' East.Example.com ' }, domainTaken: false, parentLine: line } as const;

describe('agent decider', () => {
  it('registers an agent, its name trimmed and its domain in lower case', () => {
    given(agentDecider).when(register).then([registered]);
    given(agentDecider).when({ ...register, agent: { ...east, domain: '', parentAgentId: '' }, parentLine: none })
      .then([{ type: 'AgentRegistered', data: { ...east, domain: '', parentAgentId: null } }]);
  });
  it('refuses a blank name, a taken domain, a parent that does not exist and a second registration', () => {
    given(agentDecider).when({ ...register, agent: { ...east, name: ' ' } }).thenRefused('invalid', '参数错误：合作伙伴名称不能为空');
    given(agentDecider).when({ ...register, domainTaken: true }).thenRefused('conflict', '域名已被其他合作伙伴使用：east.example.com');
    given(agentDecider).when({ ...register, parentLine: { ancestors: [], missing: 'agent-root' } }).thenRefused('invalid', '上级合作伙伴不存在：agent-root');
    given(agentDecider, [registered]).when(register).thenRefused('conflict');
  });
  it('records only the fields that change', () => {
    given(agentDecider, [registered]).when({ type: 'UpdateAgent', change: { agentId: 'agent-e', name: '东区总代', domain: 'EAST.example.com', isPrimary: true }, domainTaken: false, parentLine: none })
      .then([{ type: 'AgentUpdated', data: { agentId: 'agent-e', name: '东区总代', isPrimary: true } }]);
    given(agentDecider, [registered]).when({ type: 'UpdateAgent', change: { agentId: 'agent-e', parentAgentId: 'agent-root' }, domainTaken: false, parentLine: line }).then([]);
    given(agentDecider, [registered]).when({ type: 'UpdateAgent', change: { agentId: 'agent-e', parentAgentId: null }, domainTaken: false, parentLine: none })
      .then([{ type: 'AgentUpdated', data: { agentId: 'agent-e', parentAgentId: null } }]);
  });
  it('refuses the agent itself or one of its descendants as parent', () => {
    given(agentDecider, [registered]).when({ type: 'UpdateAgent', change: { agentId: 'agent-e', parentAgentId: 'agent-e' }, domainTaken: false, parentLine: { ancestors: ['agent-e'], missing: null } })
      .thenRefused('invalid', '上级合作伙伴不能是自己');
    given(agentDecider, [registered]).when({ type: 'UpdateAgent', change: { agentId: 'agent-e', parentAgentId: 'agent-c' }, domainTaken: false, parentLine: { ancestors: ['agent-c', 'agent-e'], missing: null } })
      .thenRefused('invalid', '上级合作伙伴不能是自己的下级');
  });
  it('refuses to edit an agent that is not there, a blank name and a domain another agent has', () => {
    given(agentDecider).when({ type: 'UpdateAgent', change: { agentId: 'agent-e', name: 'x' }, domainTaken: false, parentLine: none }).thenRefused('notFound', '合作伙伴不存在');
    given(agentDecider, [registered]).when({ type: 'UpdateAgent', change: { agentId: 'agent-e', name: '  ' }, domainTaken: false, parentLine: none }).thenRefused('invalid');
    given(agentDecider, [registered]).when({ type: 'UpdateAgent', change: { agentId: 'agent-e', domain: 'localhost' }, domainTaken: true, parentLine: none }).thenRefused('conflict');
  });
});

import type { ListResult } from '../domain/types.ts';
import { queryOptions } from '@tanstack/react-query';
import { get, post, put } from './http.ts';

export interface ProductAgent {
  agentId: string;
  name: string;
  domain: string;
  parentAgentId: string | null;
  isPrimary: boolean;
  orgCount?: number;
  childCount?: number;
  /** the version read: sent back with an edit, refused (409) when someone changed it meanwhile (docs/versions.md) */
  version?: number;
}

// §7 GET /v1/productagent?domain= (public): in its own module, over fetch, for the sign-in entry
export { fetchAgentByDomain } from './agentByDomain.ts';

// §7 GET /v1/productagent
export function fetchAgents(): Promise<ListResult<ProductAgent>> {
  return get<ListResult<ProductAgent>>('/v1/productagent');
}

// §7 GET /v1/productagent/child
export function fetchChildAgents(agentId: string): Promise<ListResult<ProductAgent>> {
  return get<ListResult<ProductAgent>>('/v1/productagent/child', { agentId });
}

export interface AgentInput { name?: string; domain?: string; parentAgentId?: string | null; isPrimary?: boolean; version?: number }

// §7 POST /v1/productagent
export function createAgent(body: AgentInput & { name: string }): Promise<ProductAgent> {
  return post<ProductAgent>('/v1/productagent', body);
}

// §7 PUT /v1/productagent/{agentId}
export function updateAgent(agentId: string, body: AgentInput): Promise<ProductAgent> {
  return put<ProductAgent>(`/v1/productagent/${encodeURIComponent(agentId)}`, body);
}

/** Query keys: the live-update root 'agents' (Agent… events), then the caller's org. The agent by domain is read by the app machine, not cached here. */
export const agentKeys = {
  all: ['agents'] as const,
  list: (orgId: string | undefined) => [...agentKeys.all, orgId, 'list'] as const,
  children: (orgId: string | undefined, agentId: string) => [...agentKeys.all, orgId, 'child', agentId] as const,
};

export const agentsQuery = (orgId: string | undefined) => queryOptions({
  queryKey: agentKeys.list(orgId),
  queryFn: fetchAgents,
  enabled: Boolean(orgId),
});
export const childAgentsQuery = (orgId: string | undefined, agentId: string) => queryOptions({
  queryKey: agentKeys.children(orgId, agentId),
  queryFn: () => fetchChildAgents(agentId),
  enabled: Boolean(orgId && agentId),
});

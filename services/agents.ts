import type { ListResult } from '../domain/types.ts';
import { get, post, put } from './http.ts';

export interface ProductAgent {
  agentId: string;
  name: string;
  domain: string;
  parentAgentId: string | null;
  isPrimary: boolean;
  orgCount?: number;
  childCount?: number;
}

// §7 GET /v1/productagent?domain= : the agent of this console's host name (§6 agent mode by domain); public
export async function fetchAgentByDomain(domain: string): Promise<ProductAgent | null> {
  const res = await get<ListResult<ProductAgent>>('/v1/productagent', { domain }, { key: '', ignoreSessionLost: true });
  return res.rows[0] ?? null;
}

// §7 GET /v1/productagent
export function fetchAgents(): Promise<ListResult<ProductAgent>> {
  return get<ListResult<ProductAgent>>('/v1/productagent');
}

// §7 GET /v1/productagent/child
export function fetchChildAgents(agentId: string): Promise<ListResult<ProductAgent>> {
  return get<ListResult<ProductAgent>>('/v1/productagent/child', { agentId });
}

export interface AgentInput { name?: string; domain?: string; parentAgentId?: string | null; isPrimary?: boolean }

// §7 POST /v1/productagent
export function createAgent(body: AgentInput & { name: string }): Promise<ProductAgent> {
  return post<ProductAgent>('/v1/productagent', body);
}

// §7 PUT /v1/productagent/{agentId}
export function updateAgent(agentId: string, body: AgentInput): Promise<ProductAgent> {
  return put<ProductAgent>(`/v1/productagent/${encodeURIComponent(agentId)}`, body);
}

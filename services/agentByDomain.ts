import type { ListResult } from '../domain/types.ts';
import type { ProductAgent } from './agents.ts';
import { request } from './transport.ts';

// §7 GET /v1/productagent?domain= : the agent of this console's host name (§6 agent mode by domain); public. Over
// fetch (services/transport.ts): the sign-in entry asks it after its first paint, without axios (issue 12).
export async function fetchAgentByDomain(domain: string): Promise<ProductAgent | null> {
  const res = await request<ListResult<ProductAgent>>('GET', '/v1/productagent', { query: { domain } }, { key: '', ignoreSessionLost: true });
  return res.rows[0] ?? null;
}

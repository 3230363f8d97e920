// §7 product agents (partners): the public lookup by domain for agent mode, the provider's list, create, edit
// and child agents; refusals for everyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

let server: TestServer;
let provider: Session;
beforeAll(async () => {
  server = await startTestServer();
  provider = await signIn(server, DEMO.provider, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const as = (s: Session) => ({ token: s.token, key: s.key });
interface Agent { agentId: string; name: string; domain: string; parentAgentId: string | null; isPrimary: boolean; orgCount?: number; childCount?: number }

describe('product agents', () => {
  it('resolves the agent of a domain without signing in, and nothing for an unknown one', async () => {
    const res = await call<{ rows: Agent[] }>(server, 'GET', '/v1/productagent?domain=localhost');
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toEqual([{ agentId: 'agent-localhost', name: '营养餐平台直营', domain: 'localhost', parentAgentId: null, isPrimary: true }]);
    const none = await call<{ rows: Agent[] }>(server, 'GET', '/v1/productagent?domain=example.org');
    expect(none.body.data.rows).toEqual([]);
  });

  it('lets the provider list, create, edit agents and read child agents', async () => {
    const all = await call<{ rows: Agent[] }>(server, 'GET', '/v1/productagent', as(provider));
    expect(all.status).toBe(200);
    expect(all.body.data.rows[0]).toMatchObject({ agentId: 'agent-localhost', orgCount: 9 });
    const created = await call<Agent>(server, 'POST', '/v1/productagent', { ...as(provider), body: { name: '东区代理', domain: 'East.Example.com', parentAgentId: 'agent-localhost' } });
    expect(created.status, created.body.status_text).toBe(200);
    expect(created.body.data).toMatchObject({ name: '东区代理', domain: 'east.example.com', parentAgentId: 'agent-localhost', isPrimary: false });
    const children = await call<{ rows: Agent[] }>(server, 'GET', '/v1/productagent/child?agentId=agent-localhost', as(provider));
    expect(children.body.data.rows.map((a) => a.name)).toEqual(['东区代理']);
    const edited = await call<Agent>(server, 'PUT', `/v1/productagent/${created.body.data.agentId}`, { ...as(provider), body: { name: '东区总代', isPrimary: true } });
    expect(edited.body.data).toMatchObject({ name: '东区总代', isPrimary: true });
    const byDomain = await call<{ rows: Agent[] }>(server, 'GET', '/v1/productagent?domain=east.example.com');
    expect(byDomain.body.data.rows.map((a) => a.name)).toEqual(['东区总代']);

    const before = await eventCount(server);
    expect((await call(server, 'POST', '/v1/productagent', { ...as(provider), body: { name: '重复', domain: 'localhost' } })).status).toBe(409);
    expect((await call(server, 'POST', '/v1/productagent', { ...as(provider), body: { name: '坏域名', domain: 'not a domain' } })).status).toBe(400);
    expect((await call(server, 'POST', '/v1/productagent', { ...as(provider), body: { name: '' } })).status).toBe(400);
    expect((await call(server, 'POST', '/v1/productagent', { ...as(provider), body: { name: 'x', parentAgentId: 'agent-none' } })).status).toBe(400);
    // a cycle: the parent may not be the agent's own child
    expect((await call(server, 'PUT', '/v1/productagent/agent-localhost', { ...as(provider), body: { parentAgentId: created.body.data.agentId } })).status).toBe(400);
    expect((await call(server, 'PUT', '/v1/productagent/agent-none', { ...as(provider), body: { name: 'x' } })).status).toBe(404);
    expect(await eventCount(server)).toBe(before);
  });

  it('refuses the full list and every change to anyone but a system provider', async () => {
    const sessions = [await signIn(server, DEMO.schoolAdmin, SCHOOL_A), await signIn(server, DEMO.purchaser)];
    const before = await eventCount(server);
    expect((await call(server, 'GET', '/v1/productagent')).status).toBe(403);
    for (const s of sessions) {
      for (const [method, path, body] of [
        ['GET', '/v1/productagent'], ['GET', '/v1/productagent/child?agentId=agent-localhost'],
        ['POST', '/v1/productagent', { name: 'x' }], ['PUT', '/v1/productagent/agent-localhost', { name: 'x' }],
      ] as [string, string, unknown?][]) {
        const res = await call(server, method, path, { ...as(s), body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.data).toBeNull();
      }
    }
    expect(await eventCount(server)).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

interface OpRow { type: string; userId: string; username: string; route: string; time: string; orgId: string; data: Record<string, unknown> }
interface ApiRow { route: string; username: string; types: string[]; count: number }

let server: TestServer;
let userAdmin: Session;
const as = (s: Session) => ({ token: s.token, key: s.key });

beforeAll(async () => {
  server = await startTestServer();
  userAdmin = await signIn(server, DEMO.userAdmin, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

describe('logs', () => {
  it('shows every mutation in the operation log and the API log: who, what, when, which org', async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    await call(server, 'POST', '/v3/contacts/department', { ...as(userAdmin), body: { departmentName: '日志部门' } });
    await call(server, 'POST', '/v3/contacts/person', { ...as(userAdmin), body: { name: '日志人', phoneNumber: '13977770001', department: [] } });
    const ops = await call<{ rows: OpRow[]; count: number }>(server, 'GET', `/v1/log/operationlog?startTime=${encodeURIComponent(started)}`, as(userAdmin));
    expect(ops.status).toBe(200);
    expect(ops.body.data.rows[0]).toMatchObject({ type: 'DepartmentsCreated', username: DEMO.userAdmin, userId: userAdmin.userId, route: 'POST /v3/contacts/department', orgId: 'org-ygsy' });
    const byType = await call<{ rows: OpRow[] }>(server, 'GET', '/v1/log/operationlog?type=DepartmentsCreated&$limit=1', as(userAdmin));
    expect(byType.body.data.rows.map((r) => r.type)).toEqual(['DepartmentsCreated']);
    const byUser = await call<{ rows: OpRow[] }>(server, 'GET', `/v1/log/operationlog?userId=nobody`, as(userAdmin));
    expect(byUser.body.data.rows).toEqual([]);
    const api = await call<{ rows: ApiRow[] }>(server, 'GET', `/v1/log/apilog?route=contacts&startTime=${encodeURIComponent(started)}`, as(userAdmin));
    expect(api.body.data.rows[0]).toMatchObject({ route: 'POST /v3/contacts/department', username: DEMO.userAdmin, types: ['DepartmentsCreated'], count: 1 });
  });

  it('never shows password hashes or keys', async () => {
    await call(server, 'POST', '/v3/contacts/department', { ...as(userAdmin), body: { departmentName: '保密检查' } });
    const dept = (await call<{ departmentId: string }[]>(server, 'GET', '/v3/contacts/department?departmentName=保密检查', as(userAdmin))).body.data[0];
    await call(server, 'POST', '/v3/contacts/person', { ...as(userAdmin), body: { name: '新人', phoneNumber: '13977770002', department: [dept.departmentId] } });
    const ops = await call<{ rows: OpRow[] }>(server, 'GET', '/v1/log/operationlog?type=ContactUsersCreated', as(userAdmin));
    const text = JSON.stringify(ops.body.data.rows);
    expect(text).toContain('13977770002');
    expect(text).not.toMatch(/scrypt\$/);
  });

  it('appends the console operation entries; accepts and drops module logs', async () => {
    const before = await eventCount(server);
    const res = await call(server, 'POST', '/v1/log/operationlog', { ...as(userAdmin), body: { topic: '导出', userId: 'spoofed', log: [{ action: 'export', orgType: 'school' }] } });
    expect(res.status).toBe(200);
    expect(await eventCount(server)).toBe(before + 1);
    const ops = await call<{ rows: OpRow[] }>(server, 'GET', '/v1/log/operationlog?type=OperationLogged', as(userAdmin));
    expect(ops.body.data.rows[0]).toMatchObject({ userId: userAdmin.userId, data: { topic: '导出' } });
    const module = await call(server, 'POST', '/v1/log/module', { body: { anything: ['goes'] } });
    expect(module.status).toBe(200);
    expect(await eventCount(server)).toBe(before + 1);
    const bad = await call(server, 'POST', '/v1/log/operationlog', { ...as(userAdmin), body: { log: [] } });
    expect(bad.status).toBe(400);
    const otherOrg = await call(server, 'POST', '/v1/log/operationlog', { ...as(userAdmin), body: { orgId: 'org-xfsp', log: [{}] } });
    expect(otherOrg.status).toBe(403);
    const badRange = await call(server, 'GET', '/v1/log/operationlog?startTime=2030-01-02T00:00:00Z&endTime=2030-01-01T00:00:00Z', as(userAdmin));
    expect(badRange.status).toBe(400);
    expect(await eventCount(server)).toBe(before + 1);
  });
});

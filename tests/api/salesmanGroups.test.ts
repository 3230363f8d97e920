import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';

interface Group { roleGroupId: string; groupName: string; code: string; manageRoleNames: string[] }

let server: TestServer;
let supplier: Session;
let salesman: Session;
beforeAll(async () => {
  server = await startTestServer();
  supplier = await signIn(server, DEMO.supplier);
  salesman = await signIn(server, DEMO.salesman);
});
afterAll(async () => { await server?.close(); });

const m6 = async (s: Session) => (await call<{ rows: Group[] }>(server, 'GET', '/v2/roles/group?code=M6', auth(s))).body.data.rows.map((g) => g.groupName);

describe('salesman groups (M6, §6)', () => {
  it('the supplier creates, edits and deletes them and sees all; a salesman only those naming his roles (or his own group)', async () => {
    const create = (groupName: string, manageRoleNames: string[]) =>
      call<Group>(server, 'POST', '/v2/roles/group', { ...auth(supplier), body: { groupName, code: 'M6', sort: 5, manageRoleNames } });
    const mine = await create('东区业务员', ['supplier', 'salesman']);
    expect(mine.status, mine.body.status_text).toBe(200);
    const hidden = await create('西区业务员', ['supplier']);
    expect(hidden.status).toBe(200);
    expect(await m6(supplier)).toEqual(expect.arrayContaining(['东区业务员', '西区业务员']));
    const seen = await m6(salesman);
    expect(seen).toContain('东区业务员');
    expect(seen).not.toContain('西区业务员');
    expect((await call(server, 'PUT', `/v2/roles/group/${hidden.body.data.roleGroupId}`, { ...auth(salesman), body: { groupName: 'x' } })).status).toBeGreaterThanOrEqual(403);
    const edited = await call<Group>(server, 'PUT', `/v2/roles/group/${mine.body.data.roleGroupId}`, { ...auth(supplier), body: { groupName: '东区业务员组', manageRoleNames: ['supplier'] } });
    expect(edited.status).toBe(200);
    expect(await m6(salesman)).not.toContain('东区业务员组');
    expect((await call(server, 'DELETE', `/v2/roles/group/${hidden.body.data.roleGroupId}`, auth(supplier))).status).toBe(200);
    expect(await m6(supplier)).not.toContain('西区业务员');
  });

  it('refuses the supplier other group codes, and a salesman any group', async () => {
    expect((await call(server, 'POST', '/v2/roles/group', { ...auth(supplier), body: { groupName: '采购组', code: 'M1' } })).status).toBe(403);
    expect((await call(server, 'POST', '/v2/roles/group', { ...auth(salesman), body: { groupName: '业务员', code: 'M6' } })).status).toBe(403);
    const m1 = (await call<{ rows: Group[] }>(server, 'GET', '/v2/roles/group?code=M1', auth(supplier))).body.data.rows[0];
    expect((await call(server, 'PUT', `/v2/roles/group/${m1.roleGroupId}`, { ...auth(supplier), body: { groupName: 'x' } })).status).toBe(403);
    expect((await call(server, 'PUT', `/v2/roles/group/${m1.roleGroupId}`, { ...auth(supplier), body: { code: 'M6' } })).status).toBe(403);
    expect((await call(server, 'DELETE', `/v2/roles/group/${m1.roleGroupId}`, auth(supplier))).status).toBe(403);
  });
});

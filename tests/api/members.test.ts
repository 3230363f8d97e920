// §7 members: members, member groups (default 'ordinary member' sort 1), member config (default LV1),
// moving between groups (参数异常 §5/§8), tenancy and powers (403, nothing written), events and the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';

interface Group { groupId: string; name: string; sort: number; isDefault: boolean; memberCount?: number }
interface Member { userId: string; name: string; phoneNumber: string; groupId: string; groupName: string; config: { level?: string } }
interface Config { memberLevel: { id: string; name: string; sort: number }[] }

let server: TestServer;
let admin: Session;
const as = (s: Session) => ({ token: s.token, key: s.key });

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const groups = async (s = admin) => (await call<{ rows: Group[] }>(server, 'GET', '/v1/productmembers/group', as(s))).body.data.rows;
const members = async (query = '', s = admin) => (await call<{ rows: Member[]; count: number }>(server, 'GET', `/v1/productmembers${query}`, as(s))).body.data;

describe('members', () => {
  it('has the defaults: group "ordinary member" with sort 1 created on first use, one level LV1', async () => {
    // several first uses at once still make one default group
    const firsts = await Promise.all([1, 2, 3, 4].map(() => call<{ rows: Group[] }>(server, 'GET', '/v1/productmembers/group', as(admin))));
    expect(firsts.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const first = await groups();
    expect(first).toEqual([expect.objectContaining({ name: 'ordinary member', sort: 1, isDefault: true, memberCount: 0 })]);
    // created once: asking again does not add another
    const events = await eventCount(server);
    expect((await groups()).map((g) => g.groupId)).toEqual(first.map((g) => g.groupId));
    expect(await eventCount(server)).toBe(events);
    const config = await call<Config>(server, 'GET', '/v1/productmembers/config', as(admin));
    expect(config.body.data.memberLevel).toEqual([{ id: 'LV1', name: 'LV1', sort: 1 }]);
  });

  it('adds a member into the default group at LV1, edits, lists by group and keyword, removes', async () => {
    const added = await call<Member>(server, 'POST', '/v1/productmembers', { ...as(admin), body: { name: '会员甲', phoneNumber: '13966660001' } });
    expect(added.status, added.body.status_text).toBe(200);
    const dflt = (await groups()).find((g) => g.isDefault)!;
    expect(added.body.data).toMatchObject({ name: '会员甲', phoneNumber: '13966660001', groupId: dflt.groupId, groupName: 'ordinary member', config: { level: 'LV1' } });
    const dup = await call(server, 'POST', '/v1/productmembers', { ...as(admin), body: { name: '又一个', phoneNumber: '13966660001' } });
    expect(dup.status).toBe(409);
    const badPhone = await call(server, 'POST', '/v1/productmembers', { ...as(admin), body: { name: '错号', phoneNumber: '12345' } });
    expect(badPhone.status).toBe(400);
    // an org user by id: name and phone come from the user
    const orgUser = await call<Member>(server, 'POST', '/v1/productmembers', { ...as(admin), body: { userId: admin.userId } });
    expect(orgUser.body.data).toMatchObject({ userId: admin.userId, phoneNumber: DEMO.schoolAdmin, name: '吴静' });
    const stranger = await call(server, 'POST', '/v1/productmembers', { ...as(admin), body: { userId: 'no-such-user' } });
    expect(stranger.status).toBe(404);

    const unknownLevel = await call(server, 'PUT', '/v1/productmembers', { ...as(admin), body: { userId: added.body.data.userId, config: { level: 'LV9' } } });
    expect(unknownLevel.status).toBe(422);
    const edited = await call<Member>(server, 'PUT', '/v1/productmembers', { ...as(admin), body: { userId: added.body.data.userId, name: '会员甲改' } });
    expect(edited.body.data).toMatchObject({ name: '会员甲改', phoneNumber: '13966660001', config: { level: 'LV1' } });
    expect((await members('?keyword=甲改')).rows.map((m) => m.userId)).toEqual([added.body.data.userId]);
    expect((await members(`?groupId=${dflt.groupId}`)).count).toBe(2);

    const none = await call(server, 'DELETE', '/v1/productmembers', { ...as(admin), body: {} });
    expect(none).toMatchObject({ status: 400, body: { status_text: '参数异常' } });
    const removed = await call<{ count: number }>(server, 'DELETE', '/v1/productmembers', { ...as(admin), body: { ids: [orgUser.body.data.userId] } });
    expect(removed.body.data.count).toBe(1);
    expect((await members()).rows.map((m) => m.userId)).toEqual([added.body.data.userId]);
  });

  it('moves members between groups; missing ids or groupId answers 参数异常 and writes nothing', async () => {
    const m = (await call<Member>(server, 'POST', '/v1/productmembers', { ...as(admin), body: { name: '会员乙', phoneNumber: '13966660002' } })).body.data;
    const vip = await call<Group>(server, 'POST', '/v1/productmembers/group', { ...as(admin), body: { name: '金卡会员' } });
    expect(vip.body.data).toMatchObject({ name: '金卡会员', isDefault: false });
    expect(vip.body.data.sort).toBeGreaterThan(1);
    const before = await eventCount(server);
    for (const body of [{}, { ids: [], groupId: vip.body.data.groupId }, { ids: [m.userId] }, { ids: [m.userId], groupId: '' }, null]) {
      const res = await call(server, 'PUT', '/v1/productmembers/movegroup', { ...as(admin), ...(body !== null && { body }) });
      expect(res.status).toBe(400);
      expect(res.body.status_text).toBe('参数异常');
    }
    const unknownGroup = await call(server, 'PUT', '/v1/productmembers/movegroup', { ...as(admin), body: { ids: [m.userId], groupId: 'nope' } });
    expect(unknownGroup.status).toBe(404);
    expect(await eventCount(server)).toBe(before);
    const moved = await call<{ count: number }>(server, 'PUT', '/v1/productmembers/movegroup', { ...as(admin), body: { ids: [m.userId], groupId: vip.body.data.groupId } });
    expect(moved.body.data.count).toBe(1);
    expect((await members(`?groupId=${vip.body.data.groupId}`)).rows).toEqual([expect.objectContaining({ userId: m.userId, groupName: '金卡会员' })]);
    const ops = await call<{ rows: { type: string; username: string }[] }>(server, 'GET', '/v1/log/operationlog?type=MemberMovedToGroup', as(admin));
    expect(ops.body.data.rows[0]).toMatchObject({ type: 'MemberMovedToGroup', username: DEMO.schoolAdmin });

    // renaming, then deleting the group sends its members back to the default group; the default stays
    await call(server, 'PUT', '/v1/productmembers/group', { ...as(admin), body: { groupId: vip.body.data.groupId, name: '钻石会员' } });
    expect((await groups()).map((g) => g.name)).toContain('钻石会员');
    const dflt = (await groups()).find((g) => g.isDefault)!;
    expect((await call(server, 'DELETE', '/v1/productmembers/group', { ...as(admin), body: { groupId: dflt.groupId } })).status).toBe(422);
    await call(server, 'DELETE', '/v1/productmembers/group', { ...as(admin), body: { groupId: vip.body.data.groupId } });
    expect((await members(`?keyword=会员乙`)).rows[0].groupId).toBe(dflt.groupId);
  });

  it('keeps member levels: replace, update, refuses empty or duplicate lists and dropping a level in use', async () => {
    const set = await call<Config>(server, 'PUT', '/v1/productmembers/config', { ...as(admin), body: { memberLevel: [{ id: 'LV1', name: '普通', sort: 1 }, { id: 'LV2', name: '白银', sort: 2 }] } });
    expect(set.body.data.memberLevel.map((l) => l.id)).toEqual(['LV1', 'LV2']);
    const m = (await members('?keyword=会员乙')).rows[0];
    await call(server, 'PUT', '/v1/productmembers', { ...as(admin), body: { userId: m.userId, config: { level: 'LV2' } } });
    expect((await members('?level=LV2')).rows.map((r) => r.userId)).toEqual([m.userId]);
    expect((await call(server, 'PUT', '/v1/productmembers/config', { ...as(admin), body: { memberLevel: [] } })).status).toBe(400);
    expect((await call(server, 'PUT', '/v1/productmembers/config', { ...as(admin), body: { memberLevel: [{ id: 'A', name: 'a' }, { id: 'A', name: 'b' }] } })).status).toBe(400);
    expect((await call(server, 'POST', '/v1/productmembers/config', { ...as(admin), body: { memberLevel: [{ id: 'LV1', name: '普通' }] } })).status).toBe(422);
  });

  it('refuses another org and a user without the member power with 403, leaking and writing nothing', async () => {
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const supplier = await signIn(server, DEMO.supplier);
    const otherSchool = await signIn(server, DEMO.purchaser, SCHOOL_B);
    const m = (await members()).rows[0];
    const g = (await groups())[0];
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/productmembers'], ['POST', '/v1/productmembers', { name: '越权', phoneNumber: '13966660099' }],
      ['PUT', '/v1/productmembers', { userId: m.userId, name: '越权' }], ['DELETE', '/v1/productmembers', { ids: [m.userId] }],
      ['PUT', '/v1/productmembers/movegroup', { ids: [m.userId], groupId: g.groupId }],
      ['GET', '/v1/productmembers/group'], ['POST', '/v1/productmembers/group', { name: '越权' }],
      ['PUT', '/v1/productmembers/group', { groupId: g.groupId, name: '越权' }], ['DELETE', '/v1/productmembers/group', { groupId: g.groupId }],
      ['GET', '/v1/productmembers/config'], ['POST', '/v1/productmembers/config', { memberLevel: [{ id: 'X', name: 'x' }] }],
      ['PUT', '/v1/productmembers/config', { memberLevel: [{ id: 'X', name: 'x' }] }],
    ];
    const before = await eventCount(server);
    for (const [method, path, body] of calls) {
      // another org's user with this school's key; this school's purchaser (no member power); a purchaser of another school with that school's key
      const foreign = await call(server, method, path, { token: supplier.token, key: admin.key, body });
      expect(foreign.status, `${method} ${path}`).toBe(403);
      expect(foreign.body.data).toBeNull();
      const powerless = await call(server, method, path, { ...as(purchaser), body });
      expect(powerless.status, `${method} ${path}`).toBe(403);
      const elsewhere = await call(server, method, path, { ...as(otherSchool), body });
      expect(elsewhere.status, `${method} ${path}`).toBe(403);
    }
    expect(await eventCount(server)).toBe(before);
    // the other school (seeded with members of its own) sees none of school A's members
    const providerB = await signIn(server, DEMO.provider, SCHOOL_B);
    const seenThere = await members('', providerB);
    expect(seenThere.count).toBeGreaterThan(0);
    expect(seenThere.rows.map((r) => r.userId)).not.toContain(m.userId);
    expect((await call(server, 'PUT', '/v1/productmembers', { ...as(providerB), body: { userId: m.userId, name: '越权' } })).status).toBe(404);
  });
});

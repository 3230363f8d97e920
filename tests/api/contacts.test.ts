import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, INITIAL_PASSWORD, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

interface Department { departmentId: string; parentId: string; departmentName: string; type: number; sort: number; isHide: number; isAllHide: number }
interface Person { userId: string; name: string; pinyinFirst: string; phoneNumber: string; showPhoneNumber: boolean; gender: string; unit: string; department: { departmentId: string; departmentName: string }[] }

let server: TestServer;
let admin: Session;
let userAdmin: Session;
let purchaser: Session;
const as = (s: Session) => ({ token: s.token, key: s.key });

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  userAdmin = await signIn(server, DEMO.userAdmin, SCHOOL_A);
  purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const departments = async (s: Session, query = '') => (await call<Department[]>(server, 'GET', `/v3/contacts/department${query}`, as(s))).body.data;
const createDepartment = (s: Session, body: Record<string, unknown>) => call<Department>(server, 'POST', '/v3/contacts/department', { ...as(s), body });
const createPerson = (s: Session, body: Record<string, unknown>) => call<Person>(server, 'POST', '/v3/contacts/person', { ...as(s), body });
const persons = async (s: Session, query: string) => (await call<Person[]>(server, 'GET', `/v3/contacts/person${query}`, as(s))).body.data;

describe('contacts: departments', () => {
  it('creates departments with the defaults and lists them ordered by id (creation order)', async () => {
    const a = await createDepartment(userAdmin, { departmentName: '总务处', sort: 9 });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ departmentName: '总务处', parentId: '-1', type: 1, isHide: 0, isAllHide: 0, sort: 9 });
    const b = await createDepartment(userAdmin, { departmentName: '保洁组', parentId: a.body.data.departmentId, sort: 1 });
    expect(b.body.data.parentId).toBe(a.body.data.departmentId);
    const list = await departments(userAdmin);
    const names = list.map((d) => d.departmentName);
    expect(names.indexOf('总务处')).toBeLessThan(names.indexOf('保洁组'));
    expect(names.indexOf('行政办公室')).toBeLessThan(names.indexOf('总务处')); // seeded first, despite sort 9
    const children = await departments(userAdmin, `?parentId=${a.body.data.departmentId}`);
    expect(children.map((d) => d.departmentName)).toEqual(['保洁组']);
    const path = await call<Department[]>(server, 'GET', `/v3/contacts/department/path?departmentId=${b.body.data.departmentId}`, as(userAdmin));
    expect(path.body.data.map((d) => d.departmentName)).toEqual(['总务处', '保洁组']);
  });

  it('renames, moves, sorts and deletes; refuses a move below itself and deleting a non-empty department', async () => {
    const top = (await createDepartment(userAdmin, { departmentName: '后勤' })).body.data;
    const sub = (await createDepartment(userAdmin, { departmentName: '仓库', parentId: top.departmentId })).body.data;
    const before = await eventCount(server);
    const cycle = await call(server, 'PUT', `/v3/contacts/department/${top.departmentId}`, { ...as(userAdmin), body: { parentId: sub.departmentId } });
    expect(cycle.status).toBe(422);
    expect(cycle.body.status_text).toContain('下级部门');
    const notEmpty = await call(server, 'DELETE', `/v3/contacts/department/${top.departmentId}`, as(userAdmin));
    expect(notEmpty.status).toBe(422);
    expect(notEmpty.body.status_text).toBe('请先删除下级部门');
    expect(await eventCount(server)).toBe(before);
    // §5: empty name and parent are ignored, a non-numeric sort too
    const ignored = await call<Department>(server, 'PUT', `/v3/contacts/department/${sub.departmentId}`, { ...as(userAdmin), body: { departmentName: '', parentId: '', sort: 'x' } });
    expect(ignored.body.data).toMatchObject({ departmentName: '仓库', parentId: top.departmentId });
    expect(await eventCount(server)).toBe(before);
    const moved = await call<Department>(server, 'PUT', `/v3/contacts/department/${sub.departmentId}`, { ...as(userAdmin), body: { departmentName: '物资仓库', parentId: '-1', sort: '7' } });
    expect(moved.body.data).toMatchObject({ departmentName: '物资仓库', parentId: '-1', sort: 7 });
    const del = await call(server, 'DELETE', `/v3/contacts/department/${top.departmentId}`, as(userAdmin));
    expect(del.status).toBe(200);
    expect((await departments(userAdmin)).some((d) => d.departmentId === top.departmentId)).toBe(false);
  });

  it('refuses a duplicate name among siblings and an unknown parent, writing nothing', async () => {
    const before = await eventCount(server);
    const dup = await createDepartment(userAdmin, { departmentName: '行政办公室' });
    expect(dup.status).toBe(409);
    expect(dup.body.status_text).toContain('行政办公室');
    const unknown = await createDepartment(userAdmin, { departmentName: 'x', parentId: 'nope' });
    expect(unknown.status).toBe(404);
    const empty = await createDepartment(userAdmin, { departmentName: '' });
    expect(empty.status).toBe(400);
    expect(await eventCount(server)).toBe(before);
  });
});

describe('contacts: persons', () => {
  it('creates a person (new phone → a user who can sign in) and finds them by pinyin initials, digits and name', async () => {
    const dept = (await createDepartment(userAdmin, { departmentName: '财务室' })).body.data;
    const res = await createPerson(userAdmin, { name: '欧阳娜娜', phoneNumber: '13955550001', department: [dept.departmentId] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: '欧阳娜娜', pinyinFirst: 'oynn', showPhoneNumber: true, gender: '男', department: [{ departmentId: dept.departmentId }] });
    expect((await persons(userAdmin, '?search=oynn')).map((p) => p.name)).toEqual(['欧阳娜娜']);
    expect((await persons(userAdmin, '?search=OYN')).map((p) => p.name)).toEqual(['欧阳娜娜']);
    expect((await persons(userAdmin, '?search=5555000')).map((p) => p.name)).toEqual(['欧阳娜娜']);
    expect((await persons(userAdmin, `?search=${encodeURIComponent('阳娜')}`)).map((p) => p.name)).toEqual(['欧阳娜娜']);
    // with the deployment's initial password, never the README's demo one (issue 27)
    expect((await call(server, 'POST', '/v1/passport/login', { body: { username: '13955550001', password: 'demo1234' } })).status).toBe(400);
    const signIn2 = await call(server, 'POST', '/v1/passport/login', { body: { username: '13955550001', password: INITIAL_PASSWORD } });
    expect(signIn2.status).toBe(200);
  });

  it("answers 部门联系人已存在 when the person is already in the department, and writes nothing", async () => {
    const canteen = (await departments(userAdmin)).find((d) => d.departmentName === '食堂')!;
    const before = await eventCount(server);
    const res = await createPerson(userAdmin, { name: '李晓梅', phoneNumber: DEMO.purchaser, department: [canteen.departmentId] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status_code: 409, status_text: '部门联系人已存在', data: null });
    expect(await eventCount(server)).toBe(before);
  });

  it('refuses listing department members without a department: 请指定查询的部门', async () => {
    const res = await call(server, 'GET', '/v3/contacts/department/person', as(userAdmin));
    expect(res.status).toBe(400);
    expect(res.body.status_text).toBe('请指定查询的部门');
    const canteen = (await departments(userAdmin)).find((d) => d.departmentName === '食堂')!;
    const ok = await call<Person[]>(server, 'GET', `/v3/contacts/department/person?departmentId=${canteen.departmentId}`, as(userAdmin));
    expect(ok.body.data.map((p) => p.name).sort()).toEqual(['周丽华', '李晓梅'].sort());
  });

  it('updates only the fields sent, moves persons between departments and deletes many', async () => {
    const from = (await createDepartment(userAdmin, { departmentName: '调出部门' })).body.data;
    const to = (await createDepartment(userAdmin, { departmentName: '调入部门' })).body.data;
    const p1 = (await createPerson(userAdmin, { name: '钱一', phoneNumber: '13955550011', department: [from.departmentId], gender: '女', unit: '甲单位' })).body.data;
    const p2 = (await createPerson(userAdmin, { name: '钱二', phoneNumber: '13955550012', department: [from.departmentId], showPhoneNumber: false })).body.data;
    const before = await eventCount(server);
    const none = await call<Person>(server, 'PUT', `/v3/contacts/person/${p1.userId}`, { ...as(userAdmin), body: {} });
    expect(none.status).toBe(200);
    expect(await eventCount(server)).toBe(before);
    const upd = await call<Person>(server, 'PUT', `/v3/contacts/person/${p1.userId}`, { ...as(userAdmin), body: { name: '孙一' } });
    expect(upd.body.data).toMatchObject({ name: '孙一', pinyinFirst: 'sy', gender: '女', unit: '甲单位' });
    const move = await call<Person[]>(server, 'PUT', '/v3/contacts/person/department', { ...as(userAdmin), body: { userId: [p1.userId, p2.userId], department: [to.departmentId] } });
    expect(move.status).toBe(200);
    expect(move.body.data.every((p) => p.department.length === 1 && p.department[0].departmentId === to.departmentId)).toBe(true);
    // a person hiding their phone shows it to managers but not to a plain colleague
    expect((await persons(userAdmin, `?userId=${p2.userId}`))[0].phoneNumber).toBe('13955550012');
    const del = await call(server, 'DELETE', '/v3/contacts/person', { ...as(userAdmin), body: { userId: [p1.userId, p2.userId] } });
    expect(del.status).toBe(200);
    expect(await persons(userAdmin, `?departmentId=${to.departmentId}`)).toEqual([]);
  });

  it('pages persons with $limit and $skip', async () => {
    const all = await persons(userAdmin, '?$limit=5000');
    expect(all.length).toBeGreaterThan(4);
    const page1 = await persons(userAdmin, '?$limit=2&$skip=0');
    const page2 = await persons(userAdmin, '?$limit=2&$skip=2');
    expect([...page1, ...page2].map((p) => p.userId)).toEqual(all.slice(0, 4).map((p) => p.userId));
    const tooMany = await call(server, 'GET', '/v3/contacts/person?$limit=5001', as(userAdmin));
    expect(tooMany.status).toBe(400);
  });
});

describe('contacts: §6 visibility', () => {
  it('shows isHide departments only to their members and isAllHide ones only to admins and providers', async () => {
    const secret = (await createDepartment(admin, { departmentName: '机要室', isAllHide: 1 })).body.data;
    expect(secret.isAllHide).toBe(1);
    const adminNames = (await departments(admin)).map((d) => d.departmentName);
    expect(adminNames).toContain('机要室');
    expect(adminNames).toContain('校领导');
    const userAdminNames = (await departments(userAdmin)).map((d) => d.departmentName);
    expect(userAdminNames).not.toContain('机要室');
    expect(userAdminNames).not.toContain('校领导'); // isHide, and 郑凯 is not a member
    // 吴静 (admin) is a member of 校领导; persons in hidden departments are not listed for others
    const leaders = (await departments(admin)).find((d) => d.departmentName === '校领导')!;
    const hidden = await call(server, 'GET', `/v3/contacts/department/person?departmentId=${leaders.departmentId}`, as(userAdmin));
    expect(hidden.status).toBe(404);
    const provider = await signIn(server, DEMO.provider, SCHOOL_A);
    expect((await departments(provider)).map((d) => d.departmentName)).toContain('机要室');
  });

  it('limits a user without a stored query range to their own departments, and widens it by the stored range', async () => {
    // 李晓梅 is a person of 食堂 only
    expect((await departments(purchaser)).map((d) => d.departmentName)).toEqual(['食堂']);
    const names = (await persons(purchaser, '')).map((p) => p.name).sort();
    expect(names).toEqual(['周丽华', '李晓梅'].sort());
  });

  it('checks roleConfig.createPermision of the parent department', async () => {
    const locked = (await createDepartment(admin, { departmentName: '限制部门', roleConfig: { createPermision: { enable: true, roleNames: ['bureau'] } } })).body.data;
    const before = await eventCount(server);
    const refused = await createDepartment(userAdmin, { departmentName: '子部门', parentId: locked.departmentId });
    expect(refused.status).toBe(422);
    expect(refused.body.status_text).toContain('限制部门');
    const person = await createPerson(userAdmin, { name: '赵六', phoneNumber: '13955550021', department: [locked.departmentId] });
    expect(person.status).toBe(422);
    expect(await eventCount(server)).toBe(before);
    const perm = await call<{ canCreate: boolean }>(server, 'GET', `/v3/contacts/department/permision?departmentId=${locked.departmentId}`, as(userAdmin));
    expect(perm.body.data.canCreate).toBe(false);
    const allowed = await createDepartment(admin, { departmentName: '子部门', parentId: locked.departmentId });
    expect(allowed.status).toBe(200);
  });
});

describe('contacts: bulk', () => {
  it('creates departments and persons all or nothing, with row-level errors', async () => {
    const before = await eventCount(server);
    const bad = await call<{ errors: { row: number; message: string }[] }>(server, 'POST', '/v3/contacts/person/bulk', {
      ...as(userAdmin),
      body: { persons: [{ name: '甲', phoneNumber: '13955551001', department: ['nope'] }, { name: '乙', phoneNumber: '123' }, { name: '丙', phoneNumber: '13955551003', department: ['nope'] }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.map((e) => e.row)).toEqual([0, 1, 2]);
    expect(bad.body.status_text).toContain('第 1 行');
    const badDepts = await call(server, 'POST', '/v3/contacts/department/bulk', {
      ...as(userAdmin), body: { departments: [{ departmentName: '新部门甲' }, { departmentName: '新部门乙', parentName: '不存在的部门' }] },
    });
    expect(badDepts.status).toBe(422);
    expect(await eventCount(server)).toBe(before);

    const depts = await call<Department[]>(server, 'POST', '/v3/contacts/department/bulk', {
      ...as(userAdmin), body: { departments: [{ departmentName: '二年级组' }, { departmentName: '二年级一班', parentName: '二年级组' }] },
    });
    expect(depts.status).toBe(200);
    expect(depts.body.data[1].parentId).toBe(depts.body.data[0].departmentId);
    const classId = depts.body.data[1].departmentId;
    const ok = await call<{ count: number; existing: number }>(server, 'POST', '/v3/contacts/person/bulk', {
      ...as(userAdmin),
      body: { persons: [{ name: '丁一', phoneNumber: '13955551011', department: [classId] }, { name: '丁二', phoneNumber: '13955551012', department: [classId] }] },
    });
    expect(ok.body.data).toMatchObject({ count: 2, existing: 0 });
    const again = await call<{ count: number; existing: number }>(server, 'POST', '/v3/contacts/person/bulk', {
      ...as(userAdmin), body: { persons: [{ name: '丁一', phoneNumber: '13955551011', department: [classId] }] },
    });
    expect(again.body.data).toMatchObject({ count: 0, existing: 1 });
    const upd = await call(server, 'PUT', '/v3/contacts/person/bulk', {
      ...as(userAdmin), body: { persons: [{ phoneNumber: '13955551011', unit: '一班' }, { phoneNumber: '13955551012', duties: '班长' }] },
    });
    expect(upd.status).toBe(200);
    const listed = await persons(userAdmin, `?departmentId=${classId}`);
    expect(listed.map((p) => [p.name, p.unit])).toEqual([['丁一', '一班'], ['丁二', '']]);
  });
});

import { describe, expect, it } from 'vitest';
import { contactsDecider, personAlreadyThere, refusedRows, type ContactsEvent, type DepartmentData, type NewPerson, type Viewer } from '../../../../domain/aggregates/contacts.ts';
import { fold } from '../../../../domain/decider.ts';
import { given } from '../../../support/decider.ts';

const dept = (departmentId: string, parentId: string, departmentName: string, extra: Partial<DepartmentData> = {}): DepartmentData => ({
  departmentId, parentId, departmentName, type: 1, sort: 0, isHide: 0, isAllHide: 0, roleConfig: {}, ...extra,
});
const school = dept('d1', '-1', '学校');
const grade = dept('d2', 'd1', '一年级');
const locked = dept('d3', '-1', '行政', { roleConfig: { createPermision: { enable: true, roleNames: ['principal'] } } });
const tree: ContactsEvent = { type: 'DepartmentsCreated', data: { departments: [school, grade, locked] } };
const admin: Viewer = { visible: new Set(['d1', 'd2', 'd3']), roleNames: [], privileged: true };
const teacher: Viewer = { visible: new Set(['d1', 'd2', 'd3']), roleNames: ['teacher'], privileged: false };
const onlySchool: Viewer = { visible: new Set(['d1']), roleNames: [], privileged: false };

const person = (userId: string, phone: string, departments: string[], extra: Partial<NewPerson> = {}): NewPerson => ({
  userId, phone, name: '张三', departments, newUser: false, member: true, ...extra,
});
const added = (userId: string, phone: string, departmentId: string): ContactsEvent => ({
  type: 'PersonsAdded',
  data: {
    persons: [{ userId, name: '张三', pinyinFirst: 'zs', phoneNumber: phone, showPhoneNumber: true, gender: '男', unit: '', status: 1, duties: '', sort: 0 }],
    links: [{ userId, departmentId }],
  },
});
const add = (persons: NewPerson[], extra: object = {}) => ({
  type: 'AddPersons' as const, appId: 'a1', persons, viewer: admin, single: persons.length === 1, passwordHash: 'h', limit: null, ...extra,
});

describe('contacts decider: departments', () => {
  it('creates a department with the defaults, under a parent named by an earlier row of the batch', () => {
    given(contactsDecider, [tree]).when({
      type: 'CreateDepartments', viewer: admin, single: false,
      departments: [{ departmentId: 'n1', departmentName: ' 二年级 ', parentId: 'd1' }, { departmentId: 'n2', departmentName: '二班', parentName: '二年级' }],
    }).then([{ type: 'DepartmentsCreated', data: { departments: [dept('n1', 'd1', '二年级'), dept('n2', 'n1', '二班')] } }]);
  });
  it('refuses a blank name, a sibling of the same name, an unknown or hidden parent and a parent without createPermision', () => {
    const create = (departmentName: string, parentId: string | undefined, viewer = admin) => given(contactsDecider, [tree])
      .when({ type: 'CreateDepartments', viewer, single: true, departments: [{ departmentId: 'n', departmentName, parentId }] });
    create('  ', 'd1').thenRefused('invalid', '部门名称不能为空');
    create('一年级', 'd1').thenRefused('conflict', '同级部门名称已存在：一年级');
    create('x', 'nope').thenRefused('notFound', '部门不存在：nope');
    create('x', 'd2', onlySchool).thenRefused('notFound');
    create('x', 'd3', teacher).thenRefused('unprocessable', '没有在部门「行政」下新建的权限');
    create('x', 'd3').then([{ type: 'DepartmentsCreated', data: { departments: [dept('n', 'd3', 'x')] } }]);
  });
  it('lists every refused row of a batch, and refuses the batch with 422 naming the first', () => {
    const command = {
      type: 'CreateDepartments' as const, viewer: admin, single: false,
      departments: [{ departmentId: 'a', departmentName: '一年级', parentId: 'd1' }, { departmentId: 'b', departmentName: 'ok' }, { departmentId: 'c', departmentName: 'x', parentName: '无' }],
    };
    expect(refusedRows(command, fold(contactsDecider, [tree])).map((r) => [r.row, r.refusal.refused])).toEqual([[0, 'conflict'], [2, 'notFound']]);
    given(contactsDecider, [tree]).when(command).thenRefused('unprocessable', /有 2 行数据有误/);
  });
  it('renames and moves recording only what was sent; refuses a cycle and a duplicate name', () => {
    given(contactsDecider, [tree]).when({ type: 'UpdateDepartment', departmentId: 'd2', input: { departmentName: '初一', sort: '3' }, viewer: admin })
      .then([{ type: 'DepartmentsUpdated', data: { departments: [{ departmentId: 'd2', departmentName: '初一', sort: 3 }] } }]);
    given(contactsDecider, [tree]).when({ type: 'UpdateDepartment', departmentId: 'd2', input: { departmentName: '' }, viewer: admin }).then([]);
    given(contactsDecider, [tree]).when({ type: 'UpdateDepartment', departmentId: 'd1', input: { parentId: 'd2' }, viewer: admin }).thenRefused('unprocessable', /不能把部门移动/);
    given(contactsDecider, [tree]).when({ type: 'UpdateDepartment', departmentId: 'd3', input: { departmentName: '学校' }, viewer: admin }).thenRefused('conflict');
  });
  it('deletes only an empty department', () => {
    given(contactsDecider, [tree]).when({ type: 'DeleteDepartment', departmentId: 'd1', hasPersons: false, viewer: admin }).thenRefused('unprocessable', '请先删除下级部门');
    given(contactsDecider, [tree]).when({ type: 'DeleteDepartment', departmentId: 'd2', hasPersons: true, viewer: admin }).thenRefused('unprocessable', /还有联系人/);
    given(contactsDecider, [tree]).when({ type: 'DeleteDepartment', departmentId: 'd2', hasPersons: false, viewer: admin }).then([{ type: 'DepartmentDeleted', data: { departmentId: 'd2' } }]);
  });
});

describe('contacts decider: persons', () => {
  it('adds a person; a new phone number becomes a user who joins the org-app', () => {
    const [event] = [{ type: 'ContactUsersCreated', data: { appId: 'a1', joinUserIds: ['u1'], users: [expect.objectContaining({ userId: 'u1', username: '13800000001', passwordHash: 'h' })] } }];
    const decided = contactsDecider.decide(add([person('u1', '13800000001', ['d2'], { newUser: true, member: false })]), fold(contactsDecider, [tree]));
    expect(decided).toEqual([event, added('u1', '13800000001', 'd2')]);
  });
  it('refuses a person already in every department named when added alone; a batch skips them and adds missing links', () => {
    const state = fold(contactsDecider, [tree, added('u1', '13800000001', 'd2')]);
    given(contactsDecider, [tree, added('u1', '13800000001', 'd2')]).when(add([person('u1', '13800000001', ['d2'])])).thenRefused('conflict', '部门联系人已存在');
    expect(personAlreadyThere(state, person('u1', '13800000001', ['d2']))).toBe(true);
    given(contactsDecider, [tree, added('u1', '13800000001', 'd2')]).when(add([person('u1', '13800000001', ['d1', 'd2']), person('u2', '13800000002', ['d1'])], { single: false }))
      .then([{ type: 'PersonsAdded', data: { persons: [expect.objectContaining({ userId: 'u2' })], links: [{ userId: 'u2', departmentId: 'd1' }] } }, { type: 'PersonDepartmentsAdded', data: { links: [{ userId: 'u1', departmentId: 'd1' }] } }] as never);
  });
  it('refuses bad rows (every one listed), and joins beyond the user limit', () => {
    const command = add([person('u1', '123', ['d1']), person('u2', '13800000002', []), person('u3', '13800000003', ['d3'], { name: '' })], { single: false });
    expect(refusedRows(command, fold(contactsDecider, [tree])).map((r) => r.refusal.message)).toEqual(['手机号格式不正确：123', '请选择联系人所在的部门', '姓名不能为空']);
    given(contactsDecider, [tree]).when(add([person('u1', '13800000001', ['d3'])], { viewer: teacher })).thenRefused('unprocessable', /没有在部门/);
    given(contactsDecider, [tree]).when(add([person('u1', '13800000001', ['d1'], { member: false })], { limit: { max: 5, members: 5 } })).thenRefused('unprocessable', '机构用户数已达上限（5）');
  });
  it('updates only the fields sent and replaces the visible departments', () => {
    given(contactsDecider, [tree, added('u1', '13800000001', 'd2')]).when({
      type: 'UpdatePersons', single: true, viewer: admin, visiblePersons: new Set(['u1']),
      persons: [{ userId: 'u1', label: 'u1', name: ' 李四 ', departments: ['d1'] }],
    }).then([
      { type: 'PersonsUpdated', data: { persons: [{ userId: 'u1', name: '李四', pinyinFirst: 'ls' }] } },
      { type: 'PersonDepartmentsRemoved', data: { links: [{ userId: 'u1', departmentId: 'd2' }] } },
      { type: 'PersonDepartmentsAdded', data: { links: [{ userId: 'u1', departmentId: 'd1' }] } },
    ]);
    given(contactsDecider, [tree]).when({ type: 'UpdatePersons', single: true, viewer: admin, visiblePersons: new Set(), persons: [{ userId: 'u9', label: '13800000009' }] })
      .thenRefused('notFound', '联系人不存在：13800000009');
  });
  it('removes visible persons only, and links, moves and unlinks', () => {
    const past = [tree, added('u1', '13800000001', 'd2')];
    given(contactsDecider, past).when({ type: 'RemovePersons', userIds: ['u1', 'u2'], visiblePersons: new Set(['u1']) }).thenRefused('notFound', '联系人不存在：u2');
    given(contactsDecider, past).when({ type: 'RemovePersons', userIds: ['u1'], visiblePersons: new Set(['u1']) }).then([{ type: 'PersonsRemoved', data: { userIds: ['u1'] } }]);
    const link = { userIds: ['u1'], visiblePersons: new Set(['u1']), viewer: admin, type: 'LinkPersons' as const };
    given(contactsDecider, past).when({ ...link, mode: 'move', target: ['d1'] }).then([
      { type: 'PersonDepartmentsRemoved', data: { links: [{ userId: 'u1', departmentId: 'd2' }] } },
      { type: 'PersonDepartmentsAdded', data: { links: [{ userId: 'u1', departmentId: 'd1' }] } },
    ]);
    given(contactsDecider, past).when({ ...link, mode: 'add', target: ['d2'] }).then([]);
    given(contactsDecider, past).when({ ...link, mode: 'remove', target: [] }).thenRefused('invalid', '请选择联系人所在的部门');
    const state = given(contactsDecider, past).when({ ...link, mode: 'remove', target: ['d2'] }).state();
    expect([...state.links]).toEqual([]);
  });
});

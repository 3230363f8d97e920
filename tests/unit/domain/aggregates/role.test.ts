import { describe, expect, it } from 'vitest';
import {
  memberRoleDecider, roleDecider, roleGroupDecider, roleRelationDecider, ROLE_TEXT, type Caller, type GroupCaller, type MemberRoleEvent, type RoleCreated,
  type RoleEvent, type RoleGroupCreated, type RoleGroupEvent, type RoleRelationEvent,
} from '../../../../domain/aggregates/role.ts';
import { given } from '../../../support/decider.ts';

const userAdmin: Caller = { roles: [{ name: 'useradmin', code: 'useradmin' }], platform: false };
const orgAdmin: Caller = { roles: [{ name: 'admin_school', code: 'admin' }], platform: false };
const platform: Caller = { roles: [{ name: 'system_provider', code: '999' }], platform: true };

const cook: RoleCreated = {
  roleId: 'r1', name: 'cook', code: '', cnName: '厨师', roleGroupId: null, manageRoleNames: [], enable: true, sort: 0, config: {},
};
const created: RoleEvent = { type: 'RoleCreated', data: cook };
const create = (role: RoleCreated, caller = userAdmin, facts = { nameTaken: false, groupExists: true }) => ({ type: 'CreateRole' as const, role, caller, ...facts });

describe('role decider', () => {
  it('creates a role, its name trimmed, with the links it starts with', () => {
    given(roleDecider).when(create({ ...cook, name: ' cook ' })).then([created]);
    given(roleDecider).when({ ...create(cook), permissions: [{ permissionId: 'p1', extraInfo: {} }, { permissionId: 'p1', extraInfo: { a: 1 } }] }).then([
      created, { type: 'RolePermissionGranted', data: { roleId: 'r1', permissionId: 'p1', extraInfo: { a: 1 } } },
    ]);
  });

  it('refuses a taken name, a group that is not the org\'s, a blank name and a second create', () => {
    given(roleDecider).when(create(cook, userAdmin, { nameTaken: true, groupExists: true })).thenRefused('conflict', ROLE_TEXT.nameTaken('cook'));
    given(roleDecider).when(create({ ...cook, roleGroupId: 'g9' }, userAdmin, { nameTaken: false, groupExists: false })).thenRefused('notFound', ROLE_TEXT.groupMissing('g9'));
    given(roleDecider).when(create({ ...cook, name: '  ' })).thenRefused('invalid');
    given(roleDecider, [created]).when(create(cook)).thenRefused('conflict');
  });

  it('gives out admin roles to system providers only, a code-999 role to the platform only', () => {
    given(roleDecider).when(create({ ...cook, name: 'admin_kitchen' })).thenRefused('forbidden', ROLE_TEXT.privileged);
    given(roleDecider).when(create({ ...cook, name: 'admin_kitchen' }, orgAdmin)).then([{ type: 'RoleCreated', data: { ...cook, name: 'admin_kitchen' } }]);
    given(roleDecider).when(create({ ...cook, code: '999' }, orgAdmin)).thenRefused('forbidden');
    given(roleDecider).when(create({ ...cook, code: '999' }, platform)).then([{ type: 'RoleCreated', data: { ...cook, code: '999' } }]);
  });

  it('records only what an edit changes, and nothing when nothing does', () => {
    const update = (change: object, facts = { nameTaken: false, groupExists: true }) => ({ type: 'UpdateRole' as const, change: { roleId: 'r1', ...change }, caller: userAdmin, ...facts });
    given(roleDecider, [created]).when(update({ name: ' cook ', cnName: '大厨', sort: 0, config: {} })).then([{ type: 'RoleUpdated', data: { roleId: 'r1', cnName: '大厨' } }]);
    given(roleDecider, [created]).when(update({ enable: true })).then([]);
    given(roleDecider, [created]).when(update({ roleGroupId: null })).then([]);
  });

  it('refuses an edit to a taken name, into a missing group, into an admin role, or of a role that is gone', () => {
    const update = (change: object, facts = { nameTaken: false, groupExists: true }, caller = userAdmin) => ({ type: 'UpdateRole' as const, change: { roleId: 'r1', ...change }, caller, ...facts });
    given(roleDecider, [created]).when(update({ name: 'chef' }, { nameTaken: true, groupExists: true })).thenRefused('conflict', ROLE_TEXT.nameTaken('chef'));
    given(roleDecider, [created]).when(update({ roleGroupId: 'g9' }, { nameTaken: false, groupExists: false })).thenRefused('notFound', ROLE_TEXT.groupMissing('g9'));
    given(roleDecider, [created]).when(update({ code: 'useradmin' })).thenRefused('forbidden', ROLE_TEXT.privileged);
    given(roleDecider, [created]).when(update({ name: ' ' })).thenRefused('invalid');
    given(roleDecider).when(update({ sort: 1 })).thenRefused('notFound', ROLE_TEXT.roleMissing('r1'));
    given(roleDecider, [created, { type: 'RoleDeleted', data: { roleId: 'r1' } }]).when(update({ sort: 1 })).thenRefused('notFound');
    // an admin role stays the system providers' to edit
    const admin: RoleEvent = { type: 'RoleCreated', data: { ...cook, name: 'admin_x' } };
    given(roleDecider, [admin]).when(update({ sort: 1 })).thenRefused('forbidden');
    given(roleDecider, [admin]).when(update({ sort: 1 }, undefined, orgAdmin)).then([{ type: 'RoleUpdated', data: { roleId: 'r1', sort: 1 } }]);
  });

  it('sets the roles a role manages: known names, each once', () => {
    const set = (manageRoleNames: string[], unknownNames: string[] = []) => ({ type: 'SetManagedRoles' as const, roleId: 'r1', manageRoleNames, unknownNames, caller: userAdmin });
    given(roleDecider, [created]).when(set(['dietitian', 'dietitian'])).then([{ type: 'RoleUpdated', data: { roleId: 'r1', manageRoleNames: ['dietitian'] } }]);
    given(roleDecider, [created]).when(set([])).then([]);
    given(roleDecider, [created]).when(set(['nobody'], ['nobody'])).thenRefused('notFound', ROLE_TEXT.roleMissing('nobody'));
  });

  it('follows its group\'s name, and deletes', () => {
    given(roleDecider, [created]).when({ type: 'NameAfterGroup', roleId: 'r1', cnName: '南区' }).then([{ type: 'RoleUpdated', data: { roleId: 'r1', cnName: '南区' } }]);
    given(roleDecider, [created]).when({ type: 'NameAfterGroup', roleId: 'r1', cnName: '厨师' }).then([]);
    given(roleDecider, [created]).when({ type: 'DeleteRole', roleId: 'r1', caller: userAdmin }).then([{ type: 'RoleDeleted', data: { roleId: 'r1' } }]);
    given(roleDecider).when({ type: 'DeleteRole', roleId: 'r1', caller: userAdmin }).thenRefused('notFound');
  });

  describe('permissions', () => {
    const held: RoleEvent = { type: 'RolePermissionGranted', data: { roleId: 'r1', permissionId: 'p1' } };
    const grant = (links: { permissionId: string; extraInfo: Record<string, unknown> }[], unknownPermissions: string[] = [], caller = userAdmin) =>
      ({ type: 'GrantPermissions' as const, roleId: 'r1', links, unknownPermissions, caller });

    it('grants what is new or carries another extraInfo (keys in any order are the same)', () => {
      const range: RoleEvent = { type: 'RolePermissionGranted', data: { roleId: 'r1', permissionId: 'p2', extraInfo: { department: { range: 'all', departmentIds: [] } } } };
      given(roleDecider, [created, held, range]).when(grant([
        { permissionId: 'p1', extraInfo: {} }, { permissionId: 'p2', extraInfo: { department: { departmentIds: [], range: 'all' } } }, { permissionId: 'p3', extraInfo: {} },
      ])).then([{ type: 'RolePermissionGranted', data: { roleId: 'r1', permissionId: 'p3', extraInfo: {} } }]);
      given(roleDecider, [created, held]).when(grant([{ permissionId: 'p1', extraInfo: { department: { range: 'all' } } }]))
        .then([{ type: 'RolePermissionGranted', data: { roleId: 'r1', permissionId: 'p1', extraInfo: { department: { range: 'all' } } } }]);
    });

    it('refuses a missing role, an unknown permission, and an admin role\'s links to one who is no system provider', () => {
      given(roleDecider).when(grant([{ permissionId: 'p1', extraInfo: {} }])).thenRefused('notFound', ROLE_TEXT.roleMissing('r1'));
      given(roleDecider, [created]).when(grant([{ permissionId: 'x', extraInfo: {} }], ['x'])).thenRefused('notFound', '权限不存在：x');
      const admin: RoleEvent = { type: 'RoleCreated', data: { ...cook, name: 'admin_x' } };
      given(roleDecider, [admin]).when(grant([{ permissionId: 'p1', extraInfo: {} }])).thenRefused('forbidden', ROLE_TEXT.privilegedPermissions);
      given(roleDecider, [admin]).when({ type: 'RevokePermissions', roleId: 'r1', permissionIds: ['p1'], caller: userAdmin }).thenRefused('forbidden', ROLE_TEXT.privilegedPermissions);
    });

    it('revokes only what the role holds', () => {
      given(roleDecider, [created, held]).when({ type: 'RevokePermissions', roleId: 'r1', permissionIds: ['p1', 'p1', 'p9'], caller: userAdmin })
        .then([{ type: 'RolePermissionRevoked', data: { roleId: 'r1', permissionId: 'p1' } }]);
      given(roleDecider, [created, held, { type: 'RolePermissionRevoked', data: { roleId: 'r1', permissionId: 'p1' } }])
        .when({ type: 'RevokePermissions', roleId: 'r1', permissionIds: ['p1'], caller: userAdmin }).then([]);
    });
  });
});

describe('role group decider', () => {
  const group: RoleGroupCreated = { roleGroupId: 'g1', groupName: '东区业务员', code: 'M6', sort: 5, manageRoleNames: ['supplier'], config: {} };
  const groupCreated: RoleGroupEvent = { type: 'RoleGroupCreated', data: group };
  const supplier: GroupCaller = { roles: [{ name: 'supplier', code: '2' }], holdsRolePower: false };
  const salesman: GroupCaller = { roles: [{ name: 'salesman', code: '6' }], holdsRolePower: false };
  const roleKeeper: GroupCaller = { roles: [{ name: 'useradmin', code: 'useradmin' }], holdsRolePower: true };

  it('the supplier keeps salesman groups (M6); other codes need the role power; a salesman none', () => {
    given(roleGroupDecider).when({ type: 'CreateRoleGroup', group: { ...group, groupName: ' 东区业务员 ' }, caller: supplier }).then([groupCreated]);
    given(roleGroupDecider).when({ type: 'CreateRoleGroup', group: { ...group, code: 'M1' }, caller: supplier }).thenRefused('forbidden', ROLE_TEXT.groupForbidden);
    given(roleGroupDecider).when({ type: 'CreateRoleGroup', group, caller: salesman }).thenRefused('forbidden');
    given(roleGroupDecider).when({ type: 'CreateRoleGroup', group: { ...group, code: 'M1' }, caller: roleKeeper }).then([{ type: 'RoleGroupCreated', data: { ...group, code: 'M1' } }]);
    // a supplier may neither turn his salesman group into another code nor touch another code's group
    given(roleGroupDecider, [groupCreated]).when({ type: 'UpdateRoleGroup', change: { roleGroupId: 'g1', code: 'M1' }, caller: supplier }).thenRefused('forbidden');
    const m1: RoleGroupEvent = { type: 'RoleGroupCreated', data: { ...group, code: 'M1' } };
    given(roleGroupDecider, [m1]).when({ type: 'UpdateRoleGroup', change: { roleGroupId: 'g1', groupName: 'x' }, caller: supplier }).thenRefused('forbidden');
    given(roleGroupDecider, [m1]).when({ type: 'DeleteRoleGroup', roleGroupId: 'g1', caller: supplier }).thenRefused('forbidden');
  });

  it('records only what an edit changes; refuses a blank name, a second create and a gone group', () => {
    given(roleGroupDecider, [groupCreated]).when({ type: 'UpdateRoleGroup', change: { roleGroupId: 'g1', groupName: ' 东区一组', sort: 5, manageRoleNames: ['supplier'] }, caller: supplier })
      .then([{ type: 'RoleGroupUpdated', data: { roleGroupId: 'g1', groupName: '东区一组' } }]);
    given(roleGroupDecider, [groupCreated]).when({ type: 'UpdateRoleGroup', change: { roleGroupId: 'g1', config: {} }, caller: supplier }).then([]);
    given(roleGroupDecider, [groupCreated]).when({ type: 'UpdateRoleGroup', change: { roleGroupId: 'g1', groupName: ' ' }, caller: supplier }).thenRefused('invalid');
    given(roleGroupDecider, [groupCreated]).when({ type: 'CreateRoleGroup', group, caller: supplier }).thenRefused('conflict');
    const deleted: RoleGroupEvent = { type: 'RoleGroupDeleted', data: { roleGroupId: 'g1' } };
    given(roleGroupDecider, [groupCreated]).when({ type: 'DeleteRoleGroup', roleGroupId: 'g1', caller: supplier }).then([deleted]);
    given(roleGroupDecider, [groupCreated, deleted]).when({ type: 'UpdateRoleGroup', change: { roleGroupId: 'g1', sort: 1 }, caller: supplier }).thenRefused('notFound', ROLE_TEXT.groupMissing('g1'));
    given(roleGroupDecider, [groupCreated, deleted]).when({ type: 'DeleteRoleGroup', roleGroupId: 'g1', caller: supplier }).thenRefused('notFound');
  });
});

describe('role relation decider', () => {
  const rel = (relationId: string, parentRoleId: string, childRoleId: string, mayManage = true) => ({ relationId, parentRoleId, childRoleId, mayManage });
  const chiefOverCook: RoleRelationEvent = { type: 'RoleRelationAdded', data: { relationId: 'x1', parentRoleId: 'chief', childRoleId: 'cook', relationPath: 'chief/cook', depth: 1 } };

  it('relates roles, the path running from the top of the parent\'s line', () => {
    given(roleRelationDecider).when({ type: 'AddRoleRelations', relations: [rel('x1', 'chief', 'cook'), rel('x2', 'cook', 'helper')] }).then([
      chiefOverCook,
      { type: 'RoleRelationAdded', data: { relationId: 'x2', parentRoleId: 'cook', childRoleId: 'helper', relationPath: 'chief/cook/helper', depth: 2 } },
    ]);
  });

  it('refuses a cycle (422), a relation twice (409), none at all, and admin roles to one who may not manage them', () => {
    given(roleRelationDecider, [chiefOverCook]).when({ type: 'AddRoleRelations', relations: [rel('x2', 'cook', 'chief')] }).thenRefused('unprocessable', ROLE_TEXT.relationCycle);
    given(roleRelationDecider).when({ type: 'AddRoleRelations', relations: [rel('x2', 'cook', 'cook')] }).thenRefused('unprocessable');
    given(roleRelationDecider, [chiefOverCook]).when({ type: 'AddRoleRelations', relations: [rel('x2', 'chief', 'cook')] }).thenRefused('conflict', ROLE_TEXT.relationExists);
    // a cycle made within one request
    given(roleRelationDecider).when({ type: 'AddRoleRelations', relations: [rel('x1', 'a', 'b'), rel('x2', 'b', 'a')] }).thenRefused('unprocessable');
    given(roleRelationDecider).when({ type: 'AddRoleRelations', relations: [] }).thenRefused('invalid');
    given(roleRelationDecider).when({ type: 'AddRoleRelations', relations: [rel('x1', 'admin', 'cook', false)] }).thenRefused('forbidden', ROLE_TEXT.privileged);
  });

  it('removes a relation that is there', () => {
    given(roleRelationDecider, [chiefOverCook]).when({ type: 'RemoveRoleRelation', relationId: 'x1', mayManage: true }).then([{ type: 'RoleRelationRemoved', data: { relationId: 'x1' } }]);
    given(roleRelationDecider, [chiefOverCook]).when({ type: 'RemoveRoleRelation', relationId: 'x1', mayManage: false }).thenRefused('forbidden');
    given(roleRelationDecider).when({ type: 'RemoveRoleRelation', relationId: 'x1', mayManage: true }).thenRefused('notFound', ROLE_TEXT.relationMissing);
    const state = given(roleRelationDecider, [chiefOverCook]).when({ type: 'RemoveRoleRelation', relationId: 'x1', mayManage: true }).state();
    expect(state.relations).toEqual([]);
  });
});

describe('member role decider', () => {
  const granted: MemberRoleEvent = { type: 'UserRoleGranted', data: { userId: 'u1', roleId: 'cook' } };
  const grant = { self: false, fitsOrgKind: true };
  const facts = { isMember: true, mayManage: true, grant };

  it('grants a role to a member once', () => {
    given(memberRoleDecider).when({ type: 'GrantRole', userId: 'u1', roleId: 'cook', ...facts }).then([granted]);
    given(memberRoleDecider, [granted]).when({ type: 'GrantRole', userId: 'u1', roleId: 'cook', ...facts }).then([]);
  });

  it('refuses one who is no member of the org, and an admin role to one who may not give it', () => {
    given(memberRoleDecider).when({ type: 'GrantRole', userId: 'u1', roleId: 'cook', isMember: false, mayManage: true, grant }).thenRefused('notFound', ROLE_TEXT.notMember);
    given(memberRoleDecider).when({ type: 'GrantRole', userId: 'u1', roleId: 'admin_x', isMember: true, mayManage: false, grant }).thenRefused('forbidden', ROLE_TEXT.privileged);
    given(memberRoleDecider).when({ type: 'RevokeRole', userId: 'u1', roleId: 'cook', isMember: false, mayManage: true }).thenRefused('notFound');
  });

  it('revokes what is held, from a former member too', () => {
    const revoked: MemberRoleEvent = { type: 'UserRoleRevoked', data: { userId: 'u1', roleId: 'cook' } };
    given(memberRoleDecider, [granted]).when({ type: 'RevokeRole', userId: 'u1', roleId: 'cook', ...facts }).then([revoked]);
    given(memberRoleDecider, [granted]).when({ type: 'RevokeRole', userId: 'u1', roleId: 'cook', isMember: false, mayManage: true }).then([revoked]);
    given(memberRoleDecider, [granted, revoked]).when({ type: 'RevokeRole', userId: 'u1', roleId: 'cook', ...facts }).then([]);
  });

  it('moves a member from one role to another', () => {
    given(memberRoleDecider, [granted]).when({ type: 'MoveRole', userId: 'u1', fromRoleId: 'cook', toRoleId: 'chef', ...facts }).then([
      { type: 'UserRoleRevoked', data: { userId: 'u1', roleId: 'cook' } }, { type: 'UserRoleGranted', data: { userId: 'u1', roleId: 'chef' } },
    ]);
    given(memberRoleDecider).when({ type: 'MoveRole', userId: 'u1', fromRoleId: 'cook', toRoleId: 'cook', ...facts }).then([granted]);
    given(memberRoleDecider).when({ type: 'MoveRole', userId: 'u1', fromRoleId: 'cook', toRoleId: 'chef', isMember: false, mayManage: true, grant }).thenRefused('notFound');
  });

  it('refuses a grant to oneself and a role beyond the org kind, by grant or by move (issue 27); keeping a held role is no grant', () => {
    const self = { ...facts, grant: { self: true, fitsOrgKind: true } };
    const unfit = { ...facts, grant: { self: false, fitsOrgKind: false } };
    given(memberRoleDecider).when({ type: 'GrantRole', userId: 'u1', roleId: 'bureau', ...self }).thenRefused('forbidden', ROLE_TEXT.selfGrant);
    given(memberRoleDecider).when({ type: 'GrantRole', userId: 'u1', roleId: 'bureau', ...unfit }).thenRefused('forbidden', ROLE_TEXT.unfitRole);
    given(memberRoleDecider, [granted]).when({ type: 'MoveRole', userId: 'u1', fromRoleId: 'cook', toRoleId: 'bureau', ...self }).thenRefused('forbidden', ROLE_TEXT.selfGrant);
    given(memberRoleDecider, [granted]).when({ type: 'MoveRole', userId: 'u1', fromRoleId: 'cook', toRoleId: 'bureau', ...unfit }).thenRefused('forbidden', ROLE_TEXT.unfitRole);
    given(memberRoleDecider, [granted]).when({ type: 'GrantRole', userId: 'u1', roleId: 'cook', ...self }).then([]);
    // taking one's own role away is no grant
    given(memberRoleDecider, [granted]).when({ type: 'RevokeRole', userId: 'u1', roleId: 'cook', isMember: true, mayManage: true }).then([{ type: 'UserRoleRevoked', data: { userId: 'u1', roleId: 'cook' } }]);
  });
});

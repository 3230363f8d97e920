import { describe, expect, it } from 'vitest';
import { orgSetupDecider, setupKeys, type SetupEvent } from '../../../../domain/aggregates/orgSetup.ts';
import type { DepartmentData, PersonData } from '../../../../domain/aggregates/contacts.ts';
import { given } from '../../../support/decider.ts';

const config: SetupEvent = { type: 'OrgConfigSet', data: { appId: 'a1', path: 'theme', value: 'x' } };
const grant: SetupEvent = { type: 'RolePermissionGranted', data: { roleId: 'r1', permissionId: 'p1' } };
const ranged: SetupEvent = { type: 'RolePermissionGranted', data: { roleId: 'r1', permissionId: 'p1', extraInfo: { department: { range: 'all' } } } };
const dept = (departmentId: string, departmentName: string): DepartmentData => ({ departmentId, parentId: '-1', departmentName, type: 1, sort: 1, isHide: 0, isAllHide: 0, roleConfig: {} });
const person = (userId: string): PersonData => ({ userId, name: 'n', pinyinFirst: 'n', phoneNumber: '1', showPhoneNumber: true, gender: '男', unit: '', status: 1, duties: '', sort: 1 });

describe('org setup decider', () => {
  it('provisions what the stream lacks, once', () => {
    given(orgSetupDecider).when({ type: 'Provision', events: [config, grant, grant] }).then([config, grant]);
  });
  it('a step called again writes nothing', () => {
    given(orgSetupDecider, [config, grant]).when({ type: 'Provision', events: [config, grant] }).then([]);
  });
  it('a grant with a contacts range is another thing than the plain grant', () => {
    given(orgSetupDecider, [grant]).when({ type: 'Provision', events: [ranged] }).then([ranged]);
    given(orgSetupDecider, [grant, ranged]).when({ type: 'Provision', events: [ranged] }).then([]);
  });
  it('keeps only the departments and persons not there yet, with their links', () => {
    const past: SetupEvent[] = [{ type: 'DepartmentsCreated', data: { departments: [dept('d1', '学校')] } }, { type: 'PersonsAdded', data: { persons: [person('u1')], links: [] } }];
    given(orgSetupDecider, past).when({
      type: 'Provision',
      events: [
        { type: 'DepartmentsCreated', data: { departments: [dept('x', '学校'), dept('d2', '一年级')] } },
        { type: 'PersonsAdded', data: { persons: [person('u1'), person('u2')], links: [{ userId: 'u1', departmentId: 'd1' }, { userId: 'u2', departmentId: 'd2' }] } },
      ],
    }).then([
      { type: 'DepartmentsCreated', data: { departments: [dept('d2', '一年级')] } },
      { type: 'PersonsAdded', data: { persons: [person('u2')], links: [{ userId: 'u2', departmentId: 'd2' }] } },
    ]);
  });
  it('takes what the rows hold as the state', () => {
    const decision = orgSetupDecider.decide({ type: 'Provision', events: [config] }, { present: new Set([setupKeys.config('a1', 'theme')]) });
    expect(decision).toEqual([]);
  });
});

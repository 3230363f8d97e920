import { describe, it, expect } from 'vitest';
import { hidesHiddenForOtherOrg, parseQueryRange, visibleDepartmentIds } from '../../../domain/contactsVisibility.ts';

const d = (departmentId: string, parentId = '-1', isHide = 0, isAllHide = 0) => ({ departmentId, parentId, isHide, isAllHide });
const departments = [d('school'), d('canteen', 'school'), d('kitchen', 'canteen'), d('leaders', '-1', 1), d('board', 'leaders'), d('secret', '-1', 0, 1), d('teachers')];
const sorted = (s: Set<string>) => [...s].sort();

describe('§6 contacts visibility', () => {
  it('shows admins and providers everything, hidden departments included', () => {
    expect(sorted(visibleDepartmentIds({ privileged: true, ranges: [], departments, memberOf: new Set() }))).toEqual(departments.map((x) => x.departmentId).sort());
  });

  it('without a stored range shows only the own departments', () => {
    expect(sorted(visibleDepartmentIds({ privileged: false, ranges: [], departments, memberOf: new Set(['canteen']) }))).toEqual(['canteen']);
  });

  it('applies the query ranges: all, own and subordinate, specific', () => {
    const all = visibleDepartmentIds({ privileged: false, ranges: [{ range: 'all' }], departments, memberOf: new Set() });
    expect(sorted(all)).toEqual(['canteen', 'kitchen', 'school', 'teachers']); // isHide (not a member) and isAllHide left out
    const sub = visibleDepartmentIds({ privileged: false, ranges: [{ range: 'departmentAndSubordinateDepartments' }], departments, memberOf: new Set(['canteen']) });
    expect(sorted(sub)).toEqual(['canteen', 'kitchen']);
    const specific = visibleDepartmentIds({ privileged: false, ranges: [{ range: 'specificDepartment', departmentIds: ['teachers', 'secret'] }], departments, memberOf: new Set() });
    expect(sorted(specific)).toEqual(['teachers']);
  });

  it('shows an isHide department to its members, an isAllHide one to nobody but admins', () => {
    const member = visibleDepartmentIds({ privileged: false, ranges: [{ range: 'all' }], departments, memberOf: new Set(['leaders']) });
    expect(member.has('leaders')).toBe(true);
    expect(member.has('board')).toBe(true);
    expect(member.has('secret')).toBe(false);
    const inSecret = visibleDepartmentIds({ privileged: false, ranges: [], departments, memberOf: new Set(['secret']) });
    expect(inSecret.has('secret')).toBe(false);
  });

  it('reads stored ranges leniently', () => {
    expect(parseQueryRange({ range: 'all' })).toEqual({ range: 'all' });
    expect(parseQueryRange({ range: 'specificDepartment', departmentIds: ['a', 1] })).toEqual({ range: 'specificDepartment', departmentIds: ['a'] });
    expect(parseQueryRange({ range: 'specificDepartment' })).toBeNull();
    expect(parseQueryRange('all')).toBeNull();
    expect(parseQueryRange(undefined)).toBeNull();
  });

  it('hides hidden departments for another current org unless admin_ or 999', () => {
    expect(hidesHiddenForOtherOrg(undefined, 'o1', [])).toBe(false);
    expect(hidesHiddenForOtherOrg('o1', 'o1', [])).toBe(false);
    expect(hidesHiddenForOtherOrg('o2', 'o1', [{ name: 'purchaser', code: '1' }])).toBe(true);
    expect(hidesHiddenForOtherOrg('o2', 'o1', [{ name: 'admin_school', code: 'admin' }])).toBe(false);
    expect(hidesHiddenForOtherOrg('o2', 'o1', [{ name: 'p', code: '999' }])).toBe(false);
  });
});

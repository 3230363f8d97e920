import { describe, it, expect } from 'vitest';
import { ancestorsOf, canCreateUnder, departmentUpdateFields, moveMakesCycle, withDescendants } from '../../../domain/departmentRules.ts';

const tree = [
  { departmentId: 'a', parentId: '-1' },
  { departmentId: 'b', parentId: 'a' },
  { departmentId: 'c', parentId: 'b' },
  { departmentId: 'd', parentId: '-1' },
];

describe('department tree', () => {
  it('walks a subtree and the ancestors', () => {
    expect([...withDescendants(tree, ['a'])].sort()).toEqual(['a', 'b', 'c']);
    expect([...withDescendants(tree, ['d'])]).toEqual(['d']);
    expect(ancestorsOf(tree, 'c')).toEqual(['b', 'a']);
    expect(ancestorsOf(tree, 'a')).toEqual([]);
  });

  it('refuses moves below itself', () => {
    expect(moveMakesCycle(tree, 'a', 'c')).toBe(true);
    expect(moveMakesCycle(tree, 'a', 'a')).toBe(true);
    expect(moveMakesCycle(tree, 'c', 'd')).toBe(false);
    expect(moveMakesCycle(tree, 'b', '-1')).toBe(false);
  });
});

describe('§6 createPermision', () => {
  const locked = { roleConfig: { createPermision: { enable: true, roleNames: ['purchaser'] } } };
  it('allows without an enabled rule, with a listed role, or with the override', () => {
    expect(canCreateUnder(undefined, [], false)).toBe(true);
    expect(canCreateUnder({ roleConfig: { createPermision: { enable: false, roleNames: ['x'] } } }, [], false)).toBe(true);
    expect(canCreateUnder(locked, ['supplier'], false)).toBe(false);
    expect(canCreateUnder(locked, ['supplier', 'purchaser'], false)).toBe(true);
    expect(canCreateUnder(locked, [], true)).toBe(true);
  });
});

describe('§5 department update fields', () => {
  it('keeps name and parent only when non-empty and sort only when numeric', () => {
    expect(departmentUpdateFields({ departmentName: '', parentId: '  ', sort: 'abc' })).toEqual({});
    expect(departmentUpdateFields({ departmentName: ' 食堂 ', parentId: 'p', sort: '3' })).toEqual({ departmentName: '食堂', parentId: 'p', sort: 3 });
    expect(departmentUpdateFields({ sort: 0 })).toEqual({ sort: 0 });
    expect(departmentUpdateFields({ departmentName: null, sort: null })).toEqual({});
  });
});

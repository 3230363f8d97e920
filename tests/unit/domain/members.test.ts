import { describe, expect, it } from 'vitest';
import {
  defaultLevelOf, defaultMemberConfig, defaultMemberGroup, memberLevelProblem, moveGroupProblem, sortGroups, sortLevels, MEMBER_PARAM_ERROR,
} from '../../../domain/members.ts';

describe('members (§3, §5, §8)', () => {
  it('defaults: group "ordinary member" with sort 1; one level LV1', () => {
    expect(defaultMemberGroup()).toEqual({ name: 'ordinary member', sort: 1 });
    expect(defaultMemberConfig()).toEqual({ memberLevel: [{ id: 'LV1', name: 'LV1', sort: 1 }] });
    expect(defaultLevelOf(null)).toBe('LV1');
    expect(defaultLevelOf({ memberLevel: [{ id: 'B', name: 'b', sort: 2 }, { id: 'A', name: 'a', sort: 1 }] })).toBe('A');
  });

  it('moving needs ids and a groupId: 参数异常', () => {
    expect(moveGroupProblem({})).toBe(MEMBER_PARAM_ERROR);
    expect(moveGroupProblem({ ids: [], groupId: 'g' })).toBe('参数异常');
    expect(moveGroupProblem({ ids: [''], groupId: 'g' })).toBe('参数异常');
    expect(moveGroupProblem({ ids: ['u'] })).toBe('参数异常');
    expect(moveGroupProblem({ ids: ['u'], groupId: ' ' })).toBe('参数异常');
    expect(moveGroupProblem({ ids: 'u', groupId: 'g' })).toBe('参数异常');
    expect(moveGroupProblem({ ids: ['u'], groupId: 'g' })).toBeNull();
  });

  it('level lists: non-empty, named, unique ids; ordered by sort', () => {
    expect(memberLevelProblem([])).not.toBeNull();
    expect(memberLevelProblem([{ id: 'A', name: ' ', sort: 1 }])).not.toBeNull();
    expect(memberLevelProblem([{ id: 'A', name: 'a', sort: 1 }, { id: 'A', name: 'b', sort: 2 }])).toContain('A');
    expect(memberLevelProblem([{ id: 'A', name: 'a', sort: 1 }])).toBeNull();
    expect(sortLevels([{ id: 'B', name: 'b', sort: 1 }, { id: 'A', name: 'a', sort: 1 }, { id: 'C', name: 'c', sort: 0 }]).map((l) => l.id)).toEqual(['C', 'A', 'B']);
    expect(sortGroups([{ name: 'b', sort: 2 }, { name: 'a', sort: 2 }, { name: 'z', sort: 1 }]).map((g) => g.name)).toEqual(['z', 'a', 'b']);
  });
});

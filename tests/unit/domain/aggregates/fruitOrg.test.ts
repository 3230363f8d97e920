// Issue 34: the schools a fruit org serves, set by the platform: only a fruit org serves, only schools are served.
import { describe, it } from 'vitest';
import { fruitOrgDecider, type FruitOrgEvent } from '../../../../domain/aggregates/fruitOrg.ts';
import { given } from '../../../support/decider.ts';

const at = '2026-11-25T03:00:00.000Z';
const set = (kind: 'fruit' | 'school' | null, schools: { orgId: string; kind: 'school' | 'supplier' | null }[]) =>
  ({ type: 'SetFruitSchools' as const, orgId: 'f1', at, kind, schools });

const linked: FruitOrgEvent = { type: 'FruitSchoolsSet', data: { orgId: 'f1', schoolOrgIds: ['a'], at } };

describe('the schools a fruit org serves', () => {
  it('sets the whole list, sorted and without repeats; the same list again records nothing', () => {
    given(fruitOrgDecider).when(set('fruit', [{ orgId: 'b', kind: 'school' }, { orgId: 'a', kind: 'school' }, { orgId: 'b', kind: 'school' }]))
      .then([{ type: 'FruitSchoolsSet', data: { orgId: 'f1', schoolOrgIds: ['a', 'b'], at } }]);
    given(fruitOrgDecider, [linked]).when(set('fruit', [{ orgId: 'a', kind: 'school' }])).then([]);
    given(fruitOrgDecider, [linked]).when(set('fruit', []))
      .then([{ type: 'FruitSchoolsSet', data: { orgId: 'f1', schoolOrgIds: [], at } }]);
  });
  it('refuses an org that is no fruit org, and an org served that is no school', () => {
    given(fruitOrgDecider).when(set('school', [{ orgId: 'a', kind: 'school' }])).thenRefused('unprocessable', '仅鲜果机构可以操作');
    given(fruitOrgDecider).when(set(null, [])).thenRefused('notFound');
    given(fruitOrgDecider).when(set('fruit', [{ orgId: 'x', kind: 'supplier' }])).thenRefused('unprocessable', '不是学校：x');
    given(fruitOrgDecider).when(set('fruit', [{ orgId: 'y', kind: null }])).thenRefused('unprocessable', '不是学校：y');
  });
});

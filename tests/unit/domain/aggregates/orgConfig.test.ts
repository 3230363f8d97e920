import { describe, expect, it } from 'vitest';
import { getIn, orgConfigDecider, setIn, type OrgConfigEvent } from '../../../../domain/aggregates/orgConfig.ts';
import { given } from '../../../support/decider.ts';

const stored: OrgConfigEvent = { type: 'OrgConfigSet', data: { appId: 'a', path: 'nutritiousmeals', value: { semester: { start: '09-01' }, people: 3 } } };

describe('org config decider', () => {
  it('sets a whole stored path', () => {
    given(orgConfigDecider).when({ type: 'SetConfig', appId: 'a', storedPath: 'theme', keys: [], value: { mode: 'dark' } })
      .then([{ type: 'OrgConfigSet', data: { appId: 'a', path: 'theme', value: { mode: 'dark' } } }]);
  });
  it('sets a dotted path inside the stored value, keeping its siblings', () => {
    given(orgConfigDecider, [stored]).when({ type: 'SetConfig', appId: 'a', storedPath: 'nutritiousmeals', keys: ['semester', 'start'], value: '02-20' })
      .then([{ type: 'OrgConfigSet', data: { appId: 'a', path: 'nutritiousmeals', value: { semester: { start: '02-20' }, people: 3 } } }]);
  });
  it('records nothing when the value is already there', () => {
    given(orgConfigDecider, [stored]).when({ type: 'SetConfig', appId: 'a', storedPath: 'nutritiousmeals', keys: ['people'], value: 3 }).then([]);
  });
  it('reads and writes nested keys through non-objects', () => {
    expect(getIn({ a: { b: 1 } }, ['a', 'b'])).toBe(1);
    expect(getIn({ a: [1] }, ['a', '0'])).toBeUndefined();
    expect(setIn('x', ['a', 'b'], 2)).toEqual({ a: { b: 2 } });
  });
});

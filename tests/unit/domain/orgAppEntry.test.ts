import { describe, it, expect } from 'vitest';
import { displayName, needsKey } from '../../../domain/orgAppEntry.ts';

describe('choosing an org-app (§4)', () => {
  it('needs a key only when it has none', () => {
    expect(needsKey({ key: '' })).toBe(true);
    expect(needsKey({ key: 'abc' })).toBe(false);
  });
  it('names the organisation and the application', () => {
    expect(displayName({ orgName: '第一中学', appName: '智慧食堂' })).toBe('第一中学 - 智慧食堂');
    expect(displayName({ orgName: '第一中学', appName: '' })).toBe('第一中学');
  });
});

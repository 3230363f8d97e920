import { describe, it } from 'vitest';
import { activationDecider, type ActivationEvent, type RecordActivation } from '../../../../domain/aggregates/activation.ts';
import { given } from '../../../support/decider.ts';

const report = (over: Partial<RecordActivation> = {}): RecordActivation => ({
  type: 'RecordActivation', orgId: 'o1', appId: 'cp2024001', userId: 'u1', os: 'pc', day: '2026-11-25', member: true, ...over,
});
const activated = (day: string, os: RecordActivation['os'] = 'pc', appId = 'cp2024001'): ActivationEvent => ({
  type: 'UserActivated', data: { orgId: 'o1', appId, userId: 'u1', os, day },
});

describe('activation decider', () => {
  it('records the first report of a day', () => {
    given(activationDecider).when(report()).then([activated('2026-11-25')]);
  });
  it('records nothing for a second report the same day, or a late report of an earlier day', () => {
    given(activationDecider, [activated('2026-11-25')]).when(report()).then([]);
    given(activationDecider, [activated('2026-11-25')]).when(report({ day: '2026-11-24' })).then([]);
  });
  it('records the next day, and each platform and org-app on its own', () => {
    given(activationDecider, [activated('2026-11-24')]).when(report()).then([activated('2026-11-25')]);
    given(activationDecider, [activated('2026-11-25')]).when(report({ os: 'android' })).then([activated('2026-11-25', 'android')]);
    given(activationDecider, [activated('2026-11-25')]).when(report({ appId: 'cp2024002' })).then([activated('2026-11-25', 'pc', 'cp2024002')]);
  });
  it('refuses someone who is not a member of the org-app', () => {
    given(activationDecider).when(report({ member: false })).thenRefused('forbidden');
  });
});

// Given-when-then for the electronic scale registry (issue 11, mallElectronicWeightManage).
import { describe, it } from 'vitest';
import { scaleDecider, type ScaleEvent, type ScaleRegistered } from '../../../../domain/aggregates/scale.ts';
import { given } from '../../../support/decider.ts';

const scale: ScaleRegistered = {
  scaleId: 's1', name: '收货台秤', model: 'Mettler-Toledo BBA242', protocol: 'mettlerContinuous', baudRate: 9600, toleranceKind: 'percent', tolerance: 2, enabled: true,
};
const registered: ScaleEvent = { type: 'ScaleRegistered', data: scale };
const register = (over: Partial<ScaleRegistered> = {}, facts: { nameTaken?: boolean; count?: number; allowed?: boolean } = {}) => ({
  type: 'RegisterScale' as const, scale: { ...scale, ...over }, nameTaken: facts.nameTaken ?? false, count: facts.count ?? 0, allowed: facts.allowed ?? true,
});
const change = (c: Partial<ScaleRegistered>, facts: { nameTaken?: boolean; allowed?: boolean } = {}) => ({
  type: 'ChangeScale' as const, change: { scaleId: 's1', ...c }, nameTaken: facts.nameTaken ?? false, allowed: facts.allowed ?? true,
});

describe('scale decider: registering', () => {
  it('registers a scale with its name and model trimmed', () => {
    given(scaleDecider).when(register({ name: ' 收货台秤 ', model: ' Mettler-Toledo BBA242 ' })).then([registered]);
  });
  it('refuses an empty or taken name, an unknown baud rate, a tolerance out of range or too fine, one scale too many, a caller without the power', () => {
    given(scaleDecider).when(register({ name: '  ' })).thenRefused('invalid', /名称不能为空/);
    given(scaleDecider).when(register({ name: '秤'.repeat(31) })).thenRefused('invalid', /不能超过 30/);
    given(scaleDecider).when(register({}, { nameTaken: true })).thenRefused('conflict', '电子秤「收货台秤」已存在');
    given(scaleDecider).when(register({ baudRate: 9601 })).thenRefused('invalid', /波特率/);
    given(scaleDecider).when(register({ tolerance: 51 })).thenRefused('invalid', /误差/);
    given(scaleDecider).when(register({ tolerance: -1 })).thenRefused('invalid', /误差/);
    given(scaleDecider).when(register({ tolerance: 1.234 })).thenRefused('invalid', /误差/);
    given(scaleDecider).when(register({ tolerance: Number.NaN })).thenRefused('invalid', /误差/);
    given(scaleDecider).when(register({ toleranceKind: 'grams', tolerance: 150.5 })).then([{ type: 'ScaleRegistered', data: { ...scale, toleranceKind: 'grams', tolerance: 150.5 } }]);
    given(scaleDecider).when(register({ toleranceKind: 'grams', tolerance: 100_001 })).thenRefused('invalid', /误差/);
    given(scaleDecider).when(register({}, { count: 50 })).thenRefused('unprocessable', /最多登记 50 台/);
    given(scaleDecider).when(register({}, { allowed: false })).thenRefused('forbidden', /无权管理电子秤/);
    given(scaleDecider, [registered]).when(register()).thenRefused('conflict');
  });
});

describe('scale decider: changing and removing', () => {
  it('records only what changed; the same values again record nothing', () => {
    given(scaleDecider, [registered]).when(change({ name: '收货台秤', enabled: false, tolerance: 2 }))
      .then([{ type: 'ScaleChanged', data: { scaleId: 's1', enabled: false } }]);
    given(scaleDecider, [registered]).when(change({ protocol: 'mettlerContinuous', baudRate: 9600 })).then([]);
  });
  it('checks the tolerance it would be left with: 2 % switched to grams is 2 g, 80 g switched to percent is refused', () => {
    given(scaleDecider, [registered]).when(change({ toleranceKind: 'grams' })).then([{ type: 'ScaleChanged', data: { scaleId: 's1', toleranceKind: 'grams' } }]);
    const grams: ScaleEvent = { type: 'ScaleChanged', data: { scaleId: 's1', toleranceKind: 'grams', tolerance: 80 } };
    given(scaleDecider, [registered, grams]).when(change({ toleranceKind: 'percent' })).thenRefused('invalid', /误差/);
  });
  it('refuses a taken new name, an unknown or removed scale, a caller without the power', () => {
    given(scaleDecider, [registered]).when(change({ name: '二号秤' }, { nameTaken: true })).thenRefused('conflict', /二号秤/);
    given(scaleDecider).when(change({ name: '二号秤' })).thenRefused('notFound', '电子秤不存在');
    given(scaleDecider, [registered]).when(change({ enabled: false }, { allowed: false })).thenRefused('forbidden');
    const removed: ScaleEvent = { type: 'ScaleRemoved', data: { scaleId: 's1' } };
    given(scaleDecider, [registered]).when({ type: 'RemoveScale', scaleId: 's1', allowed: true }).then([removed]);
    given(scaleDecider, [registered]).when({ type: 'RemoveScale', scaleId: 's1', allowed: false }).thenRefused('forbidden');
    given(scaleDecider, [registered, removed]).when({ type: 'RemoveScale', scaleId: 's1', allowed: true }).thenRefused('notFound');
    given(scaleDecider, [registered, removed]).when(change({ enabled: true })).thenRefused('notFound');
  });
});

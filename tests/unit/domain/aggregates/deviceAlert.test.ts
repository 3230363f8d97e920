import { describe, expect, it } from 'vitest';
import { deviceAlertDecider, type AlertRaised, type DeviceAlertEvent } from '../../../../domain/aggregates/deviceAlert.ts';
import { DEVICE_TEXT } from '../../../../domain/videoDevice.ts';
import { given } from '../../../support/decider.ts';

const at = '2024-05-01T08:00:00.000Z';
const alert: AlertRaised = { alertId: 'a1', deviceId: 'd1', deviceName: '烹饪区 1 号', alertType: 'noHat', at, confidence: 0.92, snapshotId: 's1' };
const raised: DeviceAlertEvent = { type: 'DeviceAlertRaised', data: alert };
const handle = { type: 'HandleAlert' as const, alertId: 'a1', measure: '  已提醒佩戴厨师帽  ', allowed: true, by: 'u1', at };
const ticket = { type: 'TicketAlert' as const, alertId: 'a1', inspectionId: 'i1', allowed: true, by: 'u1', at };

describe('device alert decider', () => {
  it('raises a new alert, and refuses the same alert again (a replay)', () => {
    given(deviceAlertDecider).when({ type: 'RaiseAlert', alert }).then([raised]);
    given(deviceAlertDecider, [raised]).when({ type: 'RaiseAlert', alert }).thenRefused('conflict', DEVICE_TEXT.replayed);
  });
  it('handles an open alert with the trimmed measure', () => {
    given(deviceAlertDecider, [raised]).when(handle).then([{ type: 'DeviceAlertHandled', data: { alertId: 'a1', measure: '已提醒佩戴厨师帽', by: 'u1', at } }]);
    expect(given(deviceAlertDecider, [raised]).when(handle).state()).toEqual({ status: 'handled' });
  });
  it('turns an open alert into an inspection ticket', () => {
    given(deviceAlertDecider, [raised]).when(ticket).then([{ type: 'DeviceAlertTicketed', data: { alertId: 'a1', inspectionId: 'i1', by: 'u1', at } }]);
    expect(given(deviceAlertDecider, [raised]).when(ticket).state()).toEqual({ status: 'ticketed' });
  });
  it('refuses an unknown alert, a caller who may not manage, a blank or too long measure', () => {
    given(deviceAlertDecider).when(handle).thenRefused('notFound', DEVICE_TEXT.alertNotFound);
    given(deviceAlertDecider, [raised]).when({ ...handle, allowed: false }).thenRefused('forbidden', DEVICE_TEXT.mayNotManage);
    given(deviceAlertDecider, [raised]).when({ ...ticket, allowed: false }).thenRefused('forbidden');
    given(deviceAlertDecider, [raised]).when({ ...handle, measure: '   ' }).thenRefused('invalid', DEVICE_TEXT.measureRequired);
    given(deviceAlertDecider, [raised]).when({ ...handle, measure: 'x'.repeat(501) }).thenRefused('invalid');
  });
  it('refuses to handle or ticket an alert already handled or ticketed', () => {
    const handled: DeviceAlertEvent = { type: 'DeviceAlertHandled', data: { alertId: 'a1', measure: 'm', by: 'u1', at } };
    const ticketed: DeviceAlertEvent = { type: 'DeviceAlertTicketed', data: { alertId: 'a1', inspectionId: 'i1', by: 'u1', at } };
    given(deviceAlertDecider, [raised, handled]).when(handle).thenRefused('conflict', DEVICE_TEXT.alertHandled);
    given(deviceAlertDecider, [raised, handled]).when(ticket).thenRefused('conflict', DEVICE_TEXT.alertHandled);
    given(deviceAlertDecider, [raised, ticketed]).when(handle).thenRefused('conflict', DEVICE_TEXT.alertHandled);
  });
});

// AI alerts (issue 33): one stream per alert ('deviceAlert-<id>') in the school's org, raised by the device's edge
// box (the server checked its signature), then handled by the school with the measure taken or turned into an
// inspection ticket. The snapshot's bytes are kept beside the events (device_snapshots); the event names it.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { DEVICE_LIMITS, DEVICE_TEXT, type AlertType } from '../videoDevice.ts';

export const deviceAlertStream = (alertId: string) => `deviceAlert-${alertId}`;

export interface AlertRaised { alertId: string; deviceId: string; deviceName: string; alertType: AlertType; at: string; confidence: number; snapshotId: string | null }
export interface AlertHandled { alertId: string; measure: string; by: string; at: string }
export interface AlertTicketed { alertId: string; inspectionId: string; by: string; at: string }

export type DeviceAlertEvent =
  | DomainEvent<'DeviceAlertRaised', AlertRaised>
  | DomainEvent<'DeviceAlertHandled', AlertHandled>
  | DomainEvent<'DeviceAlertTicketed', AlertTicketed>;

export type DeviceAlertCommand =
  | { type: 'RaiseAlert'; alert: AlertRaised }
  | { type: 'HandleAlert'; alertId: string; measure: string; allowed: boolean; by: string; at: string }
  | { type: 'TicketAlert'; alertId: string; inspectionId: string; allowed: boolean; by: string; at: string };

export interface DeviceAlertState { status: 'none' | 'open' | 'handled' | 'ticketed' }

export const deviceAlertDecider: Decider<DeviceAlertCommand, DeviceAlertState, DeviceAlertEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    if (command.type === 'RaiseAlert') return state.status === 'none' ? [{ type: 'DeviceAlertRaised', data: command.alert }] : refuse('conflict', DEVICE_TEXT.replayed);
    if (state.status === 'none') return refuse('notFound', DEVICE_TEXT.alertNotFound);
    if (!command.allowed) return refuse('forbidden', DEVICE_TEXT.mayNotManage);
    if (state.status !== 'open') return refuse('conflict', DEVICE_TEXT.alertHandled);
    if (command.type === 'HandleAlert') {
      const measure = command.measure.trim();
      if (!measure) return refuse('invalid', DEVICE_TEXT.measureRequired);
      if (measure.length > DEVICE_LIMITS.measureMax) return refuse('invalid', DEVICE_TEXT.measureRequired);
      return [{ type: 'DeviceAlertHandled', data: { alertId: command.alertId, measure, by: command.by, at: command.at } }];
    }
    return [{ type: 'DeviceAlertTicketed', data: { alertId: command.alertId, inspectionId: command.inspectionId, by: command.by, at: command.at } }];
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'DeviceAlertRaised': return { status: 'open' };
      case 'DeviceAlertHandled': return { status: 'handled' };
      case 'DeviceAlertTicketed': return { status: 'ticketed' };
    }
  },
};

// Kitchen cameras (issue 33, §2 videoDevice): one stream per device ('videoDevice-<id>') in the school's org, holding
// its registration, changes, removal and the health the server's checks found (an event only when online/offline
// changes, so uptime is the time between them). The rules are domain/videoDevice.ts's; the handler passes in what
// other aggregates hold (the name taken, the count, the type and company known) and the caller's standing.
import { changedFields, withChanges } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { DEVICE_LIMITS, DEVICE_TEXT, UNCHECKED, deviceProblem, healthAfterCheck, type HealthState, type VideoDeviceFields } from '../videoDevice.ts';

export const videoDeviceStream = (deviceId: string) => `videoDevice-${deviceId}`;
export const deviceSettingsStream = (orgId: string) => `videoDeviceSettings-${orgId}`;

export interface DeviceRegistered extends VideoDeviceFields { deviceId: string }
export type DeviceChanged = { deviceId: string } & Partial<VideoDeviceFields>;
export interface DeviceRemoved { deviceId: string }
export interface DeviceHealthChanged { deviceId: string; online: boolean; at: string; onlineMs: number; offlineMs: number; detail: string }

export type VideoDeviceEvent =
  | DomainEvent<'VideoDeviceRegistered', DeviceRegistered>
  | DomainEvent<'VideoDeviceChanged', DeviceChanged>
  | DomainEvent<'VideoDeviceRemoved', DeviceRemoved>
  | DomainEvent<'VideoDeviceWentOnline', DeviceHealthChanged>
  | DomainEvent<'VideoDeviceWentOffline', DeviceHealthChanged>;

/** Facts the handler found in other aggregates. */
interface Facts { allowed: boolean; nameTaken: boolean; typeKnown: boolean; companyKnown: boolean }

export type VideoDeviceCommand =
  | ({ type: 'RegisterDevice'; device: DeviceRegistered; count: number } & Facts)
  | ({ type: 'ChangeDevice'; change: DeviceChanged } & Facts)
  | { type: 'RemoveDevice'; deviceId: string; allowed: boolean }
  | { type: 'RecordHealth'; deviceId: string; online: boolean; at: string; detail: string };

export interface VideoDeviceState { status: 'none' | 'live' | 'removed'; device: VideoDeviceFields | null; health: HealthState }

const trimmed = <T extends Partial<VideoDeviceFields>>(d: T): T => ({
  ...d, ...(d.name !== undefined && { name: d.name.trim() }), ...(d.area !== undefined && { area: d.area.trim() }), ...(d.playUrl !== undefined && { playUrl: d.playUrl.trim() }),
});

function factsRefusal(c: Facts, d: Partial<VideoDeviceFields>, current: VideoDeviceFields | null) {
  const bad = deviceProblem(d);
  if (bad) return refuse('invalid', bad);
  if (d.typeId && d.typeId !== current?.typeId && !c.typeKnown) return refuse('invalid', DEVICE_TEXT.unknownType);
  if (d.companyId && d.companyId !== current?.companyId && !c.companyKnown) return refuse('invalid', DEVICE_TEXT.unknownCompany);
  if (d.name !== undefined && d.name !== current?.name && c.nameTaken) return refuse('conflict', DEVICE_TEXT.nameTaken(d.name));
  return null;
}

export const videoDeviceDecider: Decider<VideoDeviceCommand, VideoDeviceState, VideoDeviceEvent> = {
  initialState: () => ({ status: 'none', device: null, health: UNCHECKED }),
  decide(command, state) {
    if (command.type === 'RecordHealth') {
      if (state.status !== 'live') return [];
      const next = healthAfterCheck(state.health, command.online, command.at);
      if (!next) return [];
      const data = { deviceId: command.deviceId, online: next.online!, at: command.at, onlineMs: next.onlineMs, offlineMs: next.offlineMs, detail: command.detail };
      return [{ type: next.online ? 'VideoDeviceWentOnline' : 'VideoDeviceWentOffline', data }];
    }
    if (!command.allowed) return refuse('forbidden', DEVICE_TEXT.mayNotManage);
    switch (command.type) {
      case 'RegisterDevice': {
        const d = trimmed(command.device);
        if (state.status !== 'none') return refuse('conflict', DEVICE_TEXT.nameTaken(d.name));
        const bad = factsRefusal(command, d, null);
        if (bad) return bad;
        if (command.count >= DEVICE_LIMITS.devicesPerOrg) return refuse('unprocessable', DEVICE_TEXT.tooMany);
        return [{ type: 'VideoDeviceRegistered', data: d }];
      }
      case 'ChangeDevice': {
        if (state.status !== 'live' || !state.device) return refuse('notFound', DEVICE_TEXT.notFound);
        const { deviceId, ...rest } = trimmed(command.change);
        const bad = factsRefusal(command, rest, state.device);
        if (bad) return bad;
        const differs = changedFields(state.device, rest);
        return Object.keys(differs).length ? [{ type: 'VideoDeviceChanged', data: { deviceId, ...differs } }] : [];
      }
      case 'RemoveDevice':
        if (state.status !== 'live') return refuse('notFound', DEVICE_TEXT.notFound);
        return [{ type: 'VideoDeviceRemoved', data: { deviceId: command.deviceId } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'VideoDeviceRegistered': {
        const { deviceId: _, ...device } = event.data;
        return { status: 'live', device, health: UNCHECKED };
      }
      case 'VideoDeviceChanged': {
        const { deviceId: _, ...change } = event.data;
        return { ...state, device: state.device && withChanges(state.device, change) };
      }
      case 'VideoDeviceRemoved': return { ...state, status: 'removed' };
      case 'VideoDeviceWentOnline':
      case 'VideoDeviceWentOffline':
        return { ...state, health: { online: event.data.online, since: event.data.at, onlineMs: event.data.onlineMs, offlineMs: event.data.offlineMs } };
    }
  },
};

// ── an org's device settings ────────────────────────────────────────────────────────────────────────────────

export interface DeviceSettingsSet { offlineThresholdMinutes: number }
export type DeviceSettingsEvent = DomainEvent<'VideoDeviceSettingsSet', DeviceSettingsSet>;
export type DeviceSettingsCommand = { type: 'SetDeviceSettings'; settings: DeviceSettingsSet; allowed: boolean };

export const deviceSettingsDecider: Decider<DeviceSettingsCommand, DeviceSettingsSet | null, DeviceSettingsEvent> = {
  initialState: () => null,
  decide(command, state) {
    if (!command.allowed) return refuse('forbidden', DEVICE_TEXT.mayNotManage);
    const m = command.settings.offlineThresholdMinutes;
    if (!Number.isInteger(m) || m < 0 || m > DEVICE_LIMITS.offlineThresholdMax) return refuse('invalid', DEVICE_TEXT.badThreshold);
    return state?.offlineThresholdMinutes === m ? [] : [{ type: 'VideoDeviceSettingsSet', data: { offlineThresholdMinutes: m } }];
  },
  evolve: (_state, event) => ({ ...event.data }),
};

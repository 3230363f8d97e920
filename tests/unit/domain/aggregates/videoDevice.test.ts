import { describe, expect, it } from 'vitest';
import {
  deviceSettingsDecider, videoDeviceDecider, type DeviceRegistered, type DeviceSettingsEvent, type VideoDeviceEvent,
} from '../../../../domain/aggregates/videoDevice.ts';
import { DEVICE_LIMITS, DEVICE_TEXT, demoStreamPlaylist } from '../../../../domain/videoDevice.ts';
import { given } from '../../../support/decider.ts';

const device: DeviceRegistered = {
  deviceId: 'd1', name: ' 烹饪区 1 号 ', typeId: 't1', area: '烹饪区', playUrl: 'https://media.example/live/d1.m3u8', protocol: 'hls', enabled: true, companyId: 'c1',
};
const facts = { allowed: true, nameTaken: false, typeKnown: true, companyKnown: true };
const register = { type: 'RegisterDevice' as const, device, count: 0, ...facts };
const registered: VideoDeviceEvent = { type: 'VideoDeviceRegistered', data: { ...device, name: '烹饪区 1 号' } };
const t0 = '2024-05-01T08:00:00.000Z';
const t1 = '2024-05-01T09:00:00.000Z';

describe('video device decider', () => {
  it('registers a device with its fields trimmed', () => {
    given(videoDeviceDecider).when(register).then([registered]);
    expect(given(videoDeviceDecider).when(register).state().status).toBe('live');
  });
  it('refuses a caller who may not, a taken name, unknown type or company, a bad URL, too many devices, a second registration', () => {
    given(videoDeviceDecider).when({ ...register, allowed: false }).thenRefused('forbidden', DEVICE_TEXT.mayNotManage);
    given(videoDeviceDecider).when({ ...register, nameTaken: true }).thenRefused('conflict', DEVICE_TEXT.nameTaken('烹饪区 1 号'));
    given(videoDeviceDecider).when({ ...register, typeKnown: false }).thenRefused('invalid', DEVICE_TEXT.unknownType);
    given(videoDeviceDecider).when({ ...register, companyKnown: false }).thenRefused('invalid', DEVICE_TEXT.unknownCompany);
    given(videoDeviceDecider).when({ ...register, device: { ...device, playUrl: 'https://u:p@media.example/x.m3u8' } }).thenRefused('invalid', DEVICE_TEXT.credentialsInUrl);
    given(videoDeviceDecider).when({ ...register, count: DEVICE_LIMITS.devicesPerOrg }).thenRefused('unprocessable', DEVICE_TEXT.tooMany);
    given(videoDeviceDecider, [registered]).when(register).thenRefused('conflict');
  });
  it('takes the deployment\'s own demo stream as the one bare path, and refuses any other path of the console\'s origin', () => {
    const at = (playUrl: string) => given(videoDeviceDecider).when({ ...register, device: { ...device, playUrl } });
    at('/demo-stream/index.m3u8').then([{ type: 'VideoDeviceRegistered', data: { ...device, name: '烹饪区 1 号', playUrl: '/demo-stream/index.m3u8' } }]);
    // a playlist the deployment does not have is still its path (the health check finds it down)
    expect(demoStreamPlaylist('/demo-stream/prep-room.m3u8')).toBe('prep-room.m3u8');
    for (const bad of ['/v1/dev/smsoutbox', '/demo-stream/../v1/x.m3u8', '/demo-stream/init.mp4', '/demo-stream/a/b.m3u8', '//evil.example/demo-stream/index.m3u8', '/demo-stream/index.m3u8?x=1', 'demo-stream/index.m3u8']) {
      at(bad).thenRefused('invalid', DEVICE_TEXT.badUrl);
      expect(demoStreamPlaylist(bad)).toBeNull();
    }
  });
  it('changes only what differs, and does not re-check the name it already has', () => {
    const change = { type: 'ChangeDevice' as const, change: { deviceId: 'd1', name: '烹饪区 1 号', area: ' 洗消区 ' }, ...facts, nameTaken: true };
    given(videoDeviceDecider, [registered]).when(change).then([{ type: 'VideoDeviceChanged', data: { deviceId: 'd1', area: '洗消区' } }]);
    given(videoDeviceDecider, [registered]).when({ ...change, change: { deviceId: 'd1', enabled: true } }).then([]);
    given(videoDeviceDecider).when(change).thenRefused('notFound', DEVICE_TEXT.notFound);
  });
  it('removes a live device, and refuses to remove it twice', () => {
    const removed: VideoDeviceEvent = { type: 'VideoDeviceRemoved', data: { deviceId: 'd1' } };
    given(videoDeviceDecider, [registered]).when({ type: 'RemoveDevice', deviceId: 'd1', allowed: true }).then([removed]);
    given(videoDeviceDecider, [registered, removed]).when({ type: 'RemoveDevice', deviceId: 'd1', allowed: true }).thenRefused('notFound');
    given(videoDeviceDecider, [registered]).when({ type: 'RemoveDevice', deviceId: 'd1', allowed: false }).thenRefused('forbidden');
  });
  it('records health only when online/offline changes, counting the time spent', () => {
    const online: VideoDeviceEvent = { type: 'VideoDeviceWentOnline', data: { deviceId: 'd1', online: true, at: t0, onlineMs: 0, offlineMs: 0, detail: 'ok' } };
    given(videoDeviceDecider, [registered]).when({ type: 'RecordHealth', deviceId: 'd1', online: true, at: t0, detail: 'ok' }).then([online]);
    given(videoDeviceDecider, [registered, online]).when({ type: 'RecordHealth', deviceId: 'd1', online: true, at: t1, detail: 'ok' }).then([]);
    given(videoDeviceDecider, [registered, online]).when({ type: 'RecordHealth', deviceId: 'd1', online: false, at: t1, detail: 'timeout' })
      .then([{ type: 'VideoDeviceWentOffline', data: { deviceId: 'd1', online: false, at: t1, onlineMs: 3_600_000, offlineMs: 0, detail: 'timeout' } }]);
    given(videoDeviceDecider).when({ type: 'RecordHealth', deviceId: 'd1', online: true, at: t0, detail: 'ok' }).then([]);
  });
});

describe('device settings decider', () => {
  const set = (m: number, allowed = true) => ({ type: 'SetDeviceSettings' as const, settings: { offlineThresholdMinutes: m }, allowed });
  const was30: DeviceSettingsEvent = { type: 'VideoDeviceSettingsSet', data: { offlineThresholdMinutes: 30 } };
  it('sets the offline threshold, nothing when it is the same', () => {
    given(deviceSettingsDecider).when(set(30)).then([was30]);
    given(deviceSettingsDecider, [was30]).when(set(30)).then([]);
    given(deviceSettingsDecider, [was30]).when(set(0)).then([{ type: 'VideoDeviceSettingsSet', data: { offlineThresholdMinutes: 0 } }]);
    expect(given(deviceSettingsDecider, [was30]).when(set(45)).state()).toEqual({ offlineThresholdMinutes: 45 });
  });
  it('refuses a caller who may not and a threshold out of range', () => {
    given(deviceSettingsDecider).when(set(30, false)).thenRefused('forbidden', DEVICE_TEXT.mayNotManage);
    given(deviceSettingsDecider).when(set(-1)).thenRefused('invalid', DEVICE_TEXT.badThreshold);
    given(deviceSettingsDecider).when(set(1.5)).thenRefused('invalid', DEVICE_TEXT.badThreshold);
    given(deviceSettingsDecider).when(set(DEVICE_LIMITS.offlineThresholdMax + 1)).thenRefused('invalid', DEVICE_TEXT.badThreshold);
  });
});

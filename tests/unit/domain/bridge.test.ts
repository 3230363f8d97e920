import { describe, it, expect } from 'vitest';
import { bridgeAccepted, decodeBridge, encodeBridge, readBridgeParam, stripBridgeParam, type BridgeData } from '../../../domain/bridge.ts';

const data: BridgeData = { accesstoken: 't0k', userId: 'u1', username: '13800138000', orgId: 'o1', appId: 'cp2024001', key: 'k+/=', route: '/orders' };
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('encodeBridge / decodeBridge (§2, §5)', () => {
  it('round-trips, including non-ASCII text, with url-safe characters only', () => {
    const withName = { ...data, username: '张三' };
    const raw = encodeBridge(withName);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeBridge(raw)).toEqual(withName);
  });
  it('reads what another encoder wrote, and numeric ids', () => {
    expect(decodeBridge(b64({ ...data, userId: 7 }))).toEqual({ ...data, userId: '7' });
  });
  it('refuses data missing any of the six required fields', () => {
    for (const field of ['accesstoken', 'userId', 'username', 'orgId', 'appId', 'key'] as const) {
      expect(decodeBridge(b64({ ...data, [field]: undefined }))).toBeNull();
      expect(decodeBridge(b64({ ...data, [field]: '' }))).toBeNull();
    }
    const { route: _route, ...noRoute } = data;
    expect(decodeBridge(encodeBridge(noRoute))).toEqual(noRoute);
  });
  it('refuses garbage', () => {
    for (const raw of ['', null, '!!!', b64('string'), b64([1]), 'e30']) expect(decodeBridge(raw)).toBeNull();
  });
});

describe('bridge url parameter', () => {
  it('reads it from the query or the hash query', () => {
    expect(readBridgeParam('https://x.example/jydd.html?bridgeData=abc&y=1#/home')).toBe('abc');
    expect(readBridgeParam('https://x.example/#/login?a=1&bridgeData=def')).toBe('def');
    expect(readBridgeParam('https://x.example/#/login?a=1')).toBeNull();
  });
  it('strips it and keeps everything else', () => {
    expect(stripBridgeParam('https://x.example/jydd.html?bridgeData=abc&y=1#/home')).toBe('https://x.example/jydd.html?y=1#/home');
    expect(stripBridgeParam('https://x.example/?bridgeData=abc')).toBe('https://x.example/');
    expect(stripBridgeParam('https://x.example/#/login?a=1&bridgeData=def&b=2')).toBe('https://x.example/#/login?a=1&b=2');
    expect(stripBridgeParam('https://x.example/#/login?bridgeData=def')).toBe('https://x.example/#/login');
    expect(stripBridgeParam('https://x.example/#/home')).toBe('https://x.example/#/home');
  });
});

describe('bridgeAccepted (§4)', () => {
  it('accepts only when the stored org key equals the supplied key', () => {
    expect(bridgeAccepted(data, 'k+/=')).toBe(true);
    expect(bridgeAccepted(data, 'other')).toBe(false);
    expect(bridgeAccepted(data, '')).toBe(false);
    expect(bridgeAccepted(data, null)).toBe(false);
  });
});

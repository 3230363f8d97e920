import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../../server/modules/live/liveFeed.ts';

describe('live listener reconnect backoff', () => {
  it('waits 0.5 s, doubling each failed attempt, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(reconnectDelay(1000)).toBe(30000);
    expect(reconnectDelay(-1)).toBe(500);
  });
});

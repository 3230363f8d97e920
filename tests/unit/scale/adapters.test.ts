// The scale adapters behind one interface (issue 11): the simulated scale settles to a stable reading after its
// settle time; the Web Serial adapter opens the port the user picked at the registered baud rate and turns its
// bytes into readings; feature detection picks what a browser without Web Serial may use.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { simulatedScale } from '../../../src/scale/simulatedScale.ts';
import { webSerialAvailable, webSerialScale } from '../../../src/scale/webSerialScale.ts';
import { usableHere } from '../../../src/scale/createScaleAdapter.ts';
import type { ScaleReading } from '../../../src/scale/ScaleAdapter.ts';

describe('simulated scale', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('reads a weight set unstable until the settle time has passed, then stable; nothing after disconnect', async () => {
    const scale = simulatedScale({ settleMs: 600, intervalMs: 100, now: () => Date.now() });
    const seen: ScaleReading[] = [];
    scale.subscribe((r) => seen.push(r));
    await scale.connect();
    scale.setWeight(4750);
    expect(seen.at(-1)).toEqual({ grams: 4750, stable: false });
    await vi.advanceTimersByTimeAsync(500);
    expect(seen.at(-1)).toEqual({ grams: 4750, stable: false });
    await vi.advanceTimersByTimeAsync(100);
    expect(seen.at(-1)).toEqual({ grams: 4750, stable: true });
    await scale.disconnect();
    const n = seen.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.length).toBe(n);
  });
});

describe('Web Serial scale', () => {
  it('is available only where navigator.serial can request a port', () => {
    expect(webSerialAvailable({})).toBe(false);
    expect(webSerialAvailable(undefined)).toBe(false);
    expect(webSerialAvailable({ serial: { requestPort: async () => null } })).toBe(true);
    expect(usableHere({ protocol: 'simulated', baudRate: 9600 }, {})).toBe(true);
    expect(usableHere({ protocol: 'asciiStGs', baudRate: 9600 }, {})).toBe(false);
  });

  it('opens the chosen port at the baud rate and emits the readings its bytes carry, then closes it', async () => {
    let push!: (b: Uint8Array) => void;
    const readable = new ReadableStream<Uint8Array>({ start(c) { push = (b) => c.enqueue(b); } });
    const opened: unknown[] = [];
    let closed = false;
    const nav = { serial: { requestPort: async () => ({ readable, open: async (o: unknown) => { opened.push(o); }, close: async () => { closed = true; } }) } };
    const scale = webSerialScale({ protocol: 'asciiStGs', baudRate: 2400, navigator: nav });
    const seen: ScaleReading[] = [];
    const statuses: string[] = [];
    scale.subscribe((r) => seen.push(r));
    scale.onStatus((s) => statuses.push(s));
    await scale.connect();
    expect(opened).toEqual([{ baudRate: 2400, dataBits: 8, stopBits: 1, parity: 'none' }]);
    const enc = new TextEncoder();
    push(enc.encode('US,GS,+0004.7'));
    push(enc.encode('00kg\r\nST,GS,+0004.750kg\r\nOL,GS,+9999.999kg\r\n'));
    await vi.waitFor(() => expect(seen).toEqual([{ grams: 4700, stable: false }, { grams: 4750, stable: true }]));
    await vi.waitFor(() => expect(statuses).toContain('overload'));
    await scale.disconnect();
    expect(closed).toBe(true);
    expect(statuses).toEqual(['connecting', 'connected', 'overload', 'closed']);
  });

  it('refuses to connect without Web Serial', async () => {
    await expect(webSerialScale({ protocol: 'mettlerContinuous', baudRate: 9600, navigator: {} }).connect()).rejects.toThrow(/Web Serial/);
  });
});

// A real scale on a serial port, read through the browser's Web Serial API (issue 11): the user picks the port in
// the browser's own chooser (connect() must run from a click), the port opens at the scale's registered baud rate,
// and the bytes go through the protocol's frame decoder (protocols.ts). Chromium-based browsers have it on https
// and localhost; others do not (webSerialAvailable), and the dialog says so.
import type { ScaleProtocol } from '../../domain/scale.ts';
import { frameDecoder, isReading } from './protocols.ts';
import { listeners, type ScaleAdapter, type ScaleReading, type ScaleStatus } from './ScaleAdapter.ts';

/** The part of the Web Serial API used here (TypeScript's DOM library does not declare it yet). */
interface SerialPortLike {
  open(options: { baudRate: number; dataBits?: number; stopBits?: number; parity?: 'none' | 'even' | 'odd' }): Promise<void>;
  close(): Promise<void>;
  readonly readable: ReadableStream<Uint8Array> | null;
}
interface SerialLike { requestPort(options?: object): Promise<SerialPortLike> }

const serialOf = (nav: unknown): SerialLike | null => {
  const s = (nav as { serial?: SerialLike } | undefined)?.serial;
  return s && typeof s.requestPort === 'function' ? s : null;
};

/** Whether this browser can open serial ports (Chromium on https or localhost). */
export const webSerialAvailable = (nav: unknown = globalThis.navigator): boolean => serialOf(nav) !== null;

export function webSerialScale(opts: { protocol: Exclude<ScaleProtocol, 'simulated'>; baudRate: number; navigator?: unknown }): ScaleAdapter {
  const readings = listeners<[ScaleReading]>();
  const status = listeners<[ScaleStatus, string?]>();
  let port: SerialPortLike | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let closing = false;

  async function pump(r: ReadableStreamDefaultReader<Uint8Array>) {
    const decoder = frameDecoder(opts.protocol);
    try {
      for (;;) {
        const { value, done } = await r.read();
        if (done) break;
        if (!value) continue;
        for (const frame of decoder.push(value)) {
          if (isReading(frame)) readings.emit(frame);
          else status.emit(frame.fault === 'overload' ? 'overload' : 'error', frame.fault);
        }
      }
    } catch (e) {
      // a pulled cable or a port closed elsewhere ends the stream with an error
      if (!closing) status.emit('error', e instanceof Error ? e.message : String(e));
    } finally {
      r.releaseLock();
    }
  }

  return {
    kind: 'serial',
    async connect() {
      const serial = serialOf(opts.navigator ?? globalThis.navigator);
      if (!serial) throw new Error('Web Serial unavailable');
      status.emit('connecting');
      closing = false;
      port = await serial.requestPort();
      // the usual frame of these scales: 8 data bits, no parity, 1 stop bit
      await port.open({ baudRate: opts.baudRate, dataBits: 8, stopBits: 1, parity: 'none' });
      if (!port.readable) throw new Error('serial port not readable');
      reader = port.readable.getReader();
      status.emit('connected');
      void pump(reader);
    },
    subscribe: readings.add,
    onStatus: status.add,
    async disconnect() {
      closing = true;
      try { await reader?.cancel(); } catch { /* already closed */ }
      try { await port?.close(); } catch { /* already closed */ }
      reader = null;
      port = null;
      status.emit('closed');
    },
  };
}

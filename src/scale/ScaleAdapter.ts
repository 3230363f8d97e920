// One interface for every scale the receive dialog reads (issue 11): a real scale on a serial port through the
// browser's Web Serial API, or the simulated scale of tests and demos. The dialog connects, listens to readings
// and disconnects; it never knows which it has.
import type { ScaleReading } from './protocols.ts';

export type { ScaleReading } from './protocols.ts';

export type ScaleStatus = 'idle' | 'connecting' | 'connected' | 'overload' | 'error' | 'closed';

export interface ScaleAdapter {
  readonly kind: 'serial' | 'simulated';
  /** opens the scale (a serial port is asked for here: call it from a click) */
  connect(): Promise<void>;
  /** every reading as it arrives; returns the unsubscribe */
  subscribe(listener: (reading: ScaleReading) => void): () => void;
  /** status changes: connected, overload, a lost cable (error) */
  onStatus(listener: (status: ScaleStatus, message?: string) => void): () => void;
  disconnect(): Promise<void>;
}

/** Listeners of one kind, called in order; a throwing listener does not stop the others. */
export function listeners<T extends unknown[]>() {
  const set = new Set<(...args: T) => void>();
  return {
    add(fn: (...args: T) => void) { set.add(fn); return () => { set.delete(fn); }; },
    emit(...args: T) { for (const fn of [...set]) { try { fn(...args); } catch { /* a view's bug must not stop the scale */ } } },
    clear() { set.clear(); },
  };
}

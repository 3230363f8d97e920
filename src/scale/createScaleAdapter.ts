// The adapter for a registered scale (issue 11): its protocol says how it talks. A simulated scale gets the
// simulated adapter; a real one the Web Serial adapter, which only browsers with Web Serial can open.
import type { ScaleProtocol } from '../../domain/scale.ts';
import type { ScaleAdapter } from './ScaleAdapter.ts';
import { simulatedScale, type SimulatedScale } from './simulatedScale.ts';
import { webSerialAvailable, webSerialScale } from './webSerialScale.ts';

export interface RegisteredScale { protocol: ScaleProtocol; baudRate: number }

/** Whether this browser can read the scale: simulated ones always, real ones where Web Serial exists. */
export const usableHere = (scale: RegisteredScale, nav: unknown = globalThis.navigator): boolean => scale.protocol === 'simulated' || webSerialAvailable(nav);

export function createScaleAdapter(scale: RegisteredScale): ScaleAdapter | SimulatedScale {
  if (scale.protocol === 'simulated') return simulatedScale();
  return webSerialScale({ protocol: scale.protocol, baudRate: scale.baudRate });
}

export const isSimulated = (a: ScaleAdapter): a is SimulatedScale => a.kind === 'simulated';

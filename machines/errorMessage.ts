/** The message a failed invoked actor carries (§8: failures are stored as success false plus message). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return String(error);
}

/** setTimeout cannot wait longer than this; longer deadlines are re-armed in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** An actor the app has not provided: invoking it fails loudly instead of hanging. */
export function notProvided(name: string): never {
  throw new Error(`${name} not provided`);
}

/** Drops undefined entries, so `machine.provide()` keeps the defaults for what was not supplied. */
export function defined<T extends object>(obj: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (!obj) return out;
  for (const key of Object.keys(obj) as (keyof T)[]) {
    if (obj[key] !== undefined) out[key] = obj[key];
  }
  return out;
}

import { TIMERS } from './constants.ts';

// §4 forbidden message shown at most once per 30 s (times in ms, supplied by the caller)
export function shouldShowForbidden(lastShownAt: number | null, now: number): boolean {
  return lastShownAt === null || now - lastShownAt >= TIMERS.forbiddenDedupMs;
}

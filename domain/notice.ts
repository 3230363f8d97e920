import { TIMERS } from './constants.ts';
import type { SystemNotify } from './types.ts';

// §2 the banner shows only if enabled and content non-empty
export function shouldShowNotice(notify: SystemNotify | undefined | null): boolean {
  return Boolean(notify?.enable) && (notify?.content ?? '').trim() !== '';
}

// §2 text wider than banner width minus 60 px scrolls as a marquee
export function needsMarquee(textWidth: number, bannerWidth: number): boolean {
  return textWidth > bannerWidth - TIMERS.marqueeMarginPx;
}

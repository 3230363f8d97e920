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

/**
 * Which notice a closed banner was (issue 28: closing it is remembered until the notice changes): a short hash of
 * its text, so a new or edited notice shows again while the one closed stays closed across reloads.
 */
export function noticeKey(notify: Pick<SystemNotify, 'content'>): string {
  // FNV-1a over the UTF-16 code units: stable, short, no crypto needed (nothing secret, just "the same text")
  let h = 0x811c9dc5;
  const text = notify.content.trim();
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}-${h.toString(36)}`;
}

// Password guessing is limited like SMS codes are (issue 12 hardening): failed password sign-ins are counted
// in a sliding window per account and address, per address, and per account. Limits are windows, never a
// permanent lock: an attacker can delay a user elsewhere only while he keeps failing, at most one window.
export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60_000,
  /** one account from one address: a person mistyping, then a pause */
  perAccountAndAddress: 5,
  /** one address over any accounts: password spraying */
  perAddress: 20,
  /** one account from anywhere: distributed guessing, set high so a user elsewhere is rarely delayed */
  perAccount: 50,
} as const;

export interface FailureCounts {
  accountAndAddress: { n: number; oldest: Date | null };
  address: { n: number; oldest: Date | null };
  account: { n: number; oldest: Date | null };
}

/** Milliseconds to wait before the next try, or 0 when a try is allowed now. */
export function signInWaitMs(counts: FailureCounts, now: Date, limits = SIGN_IN_THROTTLE): number {
  const waits = ([
    [counts.accountAndAddress, limits.perAccountAndAddress],
    [counts.address, limits.perAddress],
    [counts.account, limits.perAccount],
  ] as const).filter(([c, limit]) => c.n >= limit && c.oldest)
    .map(([c]) => c.oldest!.getTime() + limits.windowMs - now.getTime());
  return Math.max(0, ...waits);
}

export const signInThrottleText = (waitMs: number) => `密码错误次数过多，请 ${Math.max(1, Math.ceil(waitMs / 60_000))} 分钟后再试`;

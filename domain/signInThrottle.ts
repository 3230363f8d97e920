// Password guessing is limited like SMS codes are (issue 12 hardening): failed password sign-ins are counted
// in a sliding window per account and address, per address, and per account. Limits are windows, never a
// permanent lock: an attacker can delay a user elsewhere only while he keeps failing, at most one window.
// Issue 29: the limits punish the guesser, not the guessed. Only an account's own failures make it wait (per account
// and address, per account); failures of usernames nobody has are counted under those names, so they never make a
// real account wait. The per-address count makes no one wait at all: past it, every password try from that address
// needs a captcha (addressNeedsCaptcha), so one address spraying made-up names slows itself, and the people behind the
// same NAT or proxy still sign in with their right password after a captcha.
export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60_000,
  /** one account from one address: a person mistyping, then a pause */
  perAccountAndAddress: 5,
  /** one address over any accounts (password spraying): past it every try from there needs a captcha, never a wait */
  perAddress: 20,
  /** one account from anywhere: distributed guessing, set high so a user elsewhere is rarely delayed */
  perAccount: 50,
} as const;

export interface FailureCounts {
  accountAndAddress: { n: number; oldest: Date | null };
  address: { n: number; oldest: Date | null };
  account: { n: number; oldest: Date | null };
}

/** Milliseconds to wait before the next try, or 0 when a try is allowed now: only the account's own failures count. */
export function signInWaitMs(counts: FailureCounts, now: Date, limits = SIGN_IN_THROTTLE): number {
  const waits = ([
    [counts.accountAndAddress, limits.perAccountAndAddress],
    [counts.account, limits.perAccount],
  ] as const).filter(([c, limit]) => c.n >= limit && c.oldest)
    .map(([c]) => c.oldest!.getTime() + limits.windowMs - now.getTime());
  return Math.max(0, ...waits);
}

/** Issue 29: an address past its failures asks every password try from there for a captcha (428), for any account. */
export const addressNeedsCaptcha = (counts: Pick<FailureCounts, 'address'>, limits = SIGN_IN_THROTTLE): boolean =>
  counts.address.n >= limits.perAddress;

export const signInThrottleText = (waitMs: number) => `密码错误次数过多，请 ${Math.max(1, Math.ceil(waitMs / 60_000))} 分钟后再试`;

/**
 * Issue 15: a captcha after failed tries. Once an account has this many failed sign-ins (wrong password or wrong
 * SMS code, from any address) in the throttle's window, its next password sign-in and its next SMS code need an
 * image captcha (GET /v1/passport/captcha, one-time, TOKEN.captchaTtlMs). Below the 429 limits: a person who
 * mistypes meets the captcha first; a script meets it before it can guess further.
 */
export const CAPTCHA_GATE = {
  afterFailures: 3,
  /**
   * captchas one client address may ask for per account per window: each replaces the last. Per account (issue 29),
   * so a script drawing captchas for made-up names does not leave the people behind the same address without one.
   */
  perAddressAndAccount: 30,
  windowMs: SIGN_IN_THROTTLE.windowMs,
} as const;

export const needsCaptcha = (failures: number, gate = CAPTCHA_GATE): boolean => failures >= gate.afterFailures;

/**
 * A password try is claimed (written, pending) before its password is checked, so the 429 throttle above counts
 * parallel guesses, settled and pending alike. The captcha gate asks about FAILURES, and a pending try is not one
 * yet: counting it made the 4th of four people signing in to one account at once with the right password meet
 * the captcha. So the gate decides on settled failures, and where only the pending tries could tip it, the try
 * waits (outside the lock, in steps) for them to settle. A pending try older than `staleMs` belongs to a request
 * that died: it counts as a failure, so nothing waits on it and a crash cannot open the gate.
 */
export const PENDING_TRY = {
  staleMs: 30_000,
  waitStepMs: 50,
  /** past this the pending tries count as failures (the safe side): a captcha rather than an unseen guess */
  maxWaitMs: 2_000,
} as const;

/** Pending tries claimed at or before this instant are treated as settled failures. */
export const pendingStaleBefore = (now: Date, rule = PENDING_TRY): Date => new Date(now.getTime() - rule.staleMs);

export type CaptchaGateDecision = 'pass' | 'captcha' | 'wait';

/**
 * `settled`: failures of the account in the gate's window, stale pending tries included; `pending`: its recent
 * pending tries; `waitedMs`: how long this try has already waited for them.
 */
export function captchaGateDecision(
  failures: { settled: number; pending: number }, waitedMs: number, gate = CAPTCHA_GATE, rule = PENDING_TRY,
): CaptchaGateDecision {
  if (needsCaptcha(failures.settled, gate)) return 'captcha';
  if (!needsCaptcha(failures.settled + failures.pending, gate)) return 'pass';
  return waitedMs < rule.maxWaitMs ? 'wait' : 'captcha';
}

export const CAPTCHA_REQUIRED_TEXT = '请输入图形验证码';

/** HTTP 428 Precondition Required: the answer that says "show the captcha, then try again". */
export const CAPTCHA_REQUIRED_STATUS = 428;

/** A refused sign-in or SMS send that asks for a captcha (the transport's error carries the HTTP status). */
export const asksForCaptcha = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === CAPTCHA_REQUIRED_STATUS;

// Issue 29: bounds on what a caller without a session may make the server write or draw. Counted per client address
// (the Fastify request.ip: the peer, or the client a trusted proxy names: server/settings.ts TRUST_PROXY), in a
// window of one minute, so a flood is cut off quickly and a school behind one NAT is slowed for a minute at most.
export const ANONYMOUS_LIMITS = {
  windowMs: 60_000,
  /** POST /v1/passport/qrcode: the sign-in page draws one per visit and one per expiry (TOKEN.qrCodeTtlMs) */
  qrCodesPerAddress: 60,
  /** SMS codes, registration, password reset, trial sign-up and code checks: the calls that send, create or guess */
  passportWritesPerAddress: 30,
  /** image and slide captchas drawn: each costs the server a drawing */
  captchasPerAddress: 60,
  /** issue 34: storefront orders placed (POST /v1/storefront/orders): a parent orders a few a week; a script ordering
   * with many member sessions from one address is cut off here before it drains a day's stock */
  storefrontOrdersPerAddress: 20,
} as const;

export type AnonymousLimitName = 'qrCodesPerAddress' | 'passportWritesPerAddress' | 'captchasPerAddress' | 'storefrontOrdersPerAddress';

/** Rows that only serve sign-in (QR codes, SMS codes, captchas, throttle logs) are deleted once this long past their use. */
export const PURGE = {
  /** after expiry, so a console still polling an expired QR code is told "expired" rather than "unknown" */
  graceMs: 10 * 60_000,
  /** how often the server sweeps them; a QR write also sweeps expired QR codes */
  everyMs: 5 * 60_000,
} as const;

/** The refusal of a call past its per-address bound (HTTP 429). */
export const ANONYMOUS_LIMIT_TEXT = '请求过于频繁，请稍后再试';

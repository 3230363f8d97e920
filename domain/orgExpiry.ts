// §6 "org expiration check exists": what the console tells a member about his org's expiration. An org expiring
// within a month is announced ahead, so its admin can renew before anyone is locked out; an expired one is said so.
export const ORG_EXPIRY_NOTICE_DAYS = 30;

export type OrgExpiry = { kind: 'none' } | { kind: 'soon'; days: number; expiration: string } | { kind: 'expired'; expiration: string };

export function orgExpiryOf(check: { expiration?: string | null; expired?: boolean }, now: Date, noticeDays = ORG_EXPIRY_NOTICE_DAYS): OrgExpiry {
  if (!check.expiration) return { kind: 'none' };
  const at = new Date(check.expiration);
  if (Number.isNaN(at.getTime())) return { kind: 'none' };
  if (check.expired || at.getTime() <= now.getTime()) return { kind: 'expired', expiration: check.expiration };
  const days = Math.ceil((at.getTime() - now.getTime()) / 86_400_000);
  return days <= noticeDays ? { kind: 'soon', days, expiration: check.expiration } : { kind: 'none' };
}

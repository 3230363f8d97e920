// The account dialog's expiration field: a local date in the input, an ISO time (or null: never) on the wire (§5).

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO expiration as the local date of a date input ('' when none). */
export function expirationToDate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A date input's value as the expiration: the end of that local day; '' (never expires) → null. */
export function dateToExpiration(date: string): string | null {
  if (!date.trim()) return null;
  const d = new Date(`${date.trim()}T23:59:59`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

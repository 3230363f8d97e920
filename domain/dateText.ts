// Dates and times a caller sends as text (issue 27, finding 8): one rule for every date field, so that a date the
// store cannot hold ("+275760-09-13T00:00:00.000Z", year 10000) or a day that does not exist (2026-02-30) is the
// caller's mistake, refused with a reason, and never reaches PostgreSQL to fail there as a server error.

/** The years a date field may name: far enough either way for any expiry, price period or record of ours. */
export const DATE_YEARS = { first: 1900, last: 9999 } as const;

// YYYY-MM-DD, optionally followed by a time (T or a space) with optional seconds, fraction and zone
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * The moment an ISO date ('YYYY-MM-DD', midnight UTC) or date-time text names, or null when the text is not one:
 * a four-digit year within DATE_YEARS, a real calendar day and a real time of day.
 */
export function instantOf(text: string): Date | null {
  const m = INSTANT.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < DATE_YEARS.first || year > DATE_YEARS.last) return null;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  const zone = m[7];
  if (zone && zone.toUpperCase() !== 'Z' && (Number(zone.slice(1, 3)) > 14 || Number(zone.slice(-2)) > 59)) return null;
  // a date alone is that day at midnight UTC; a time without a zone is read as UTC, the same on every server
  const iso = m[4] === undefined ? `${m[1]}-${m[2]}-${m[3]}T00:00:00Z` : zone ? text.trim().replace(' ', 'T') : `${text.trim().replace(' ', 'T')}Z`;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}

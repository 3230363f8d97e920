// How `timestamptz` values arrive from PostgreSQL as Dates. pg's own parser (postgres-date) runs three regular
// expressions on every value; the price list alone parses four timestamps on each of its 50 rows, and under the mixed
// load (issue 32) that parser was a few percent of the server's CPU. The embedded cluster runs in UTC, so nearly every
// value has one shape, 'YYYY-MM-DD HH:MM:SS[.ffffff]+00': that shape is read here digit by digit into the same Date;
// anything else (another session time zone, BC, infinity, a year before 1000) goes to pg's parser unchanged.
import pg from 'pg';

/** pg's parser for the type, as it was before this module's override */
const fallback: (text: string) => Date | number | null = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text');

const ZERO = 48;
const digit = (text: string, i: number) => text.charCodeAt(i) - ZERO;
const isDigit = (text: string, i: number) => {
  const d = text.charCodeAt(i) - ZERO;
  return d >= 0 && d <= 9;
};
/** where 'YYYY-MM-DD HH:MM:SS' has its digits */
const DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const two = (text: string, i: number) => digit(text, i) * 10 + digit(text, i + 1);

/**
 * A timestamptz text as a Date, exactly as postgres-date reads it (its fractional milliseconds included: the same
 * 1000 × parseFloat(fraction), truncated by Date.UTC).
 */
export function parseTimestamptz(text: string): Date | number | null {
  const n = text.length;
  // 'YYYY-MM-DD HH:MM:SS' + optional '.f…' (1–6 digits) + '+00'
  if (n < 22 || n > 29 || text.charCodeAt(n - 3) !== 43 /* + */ || text.charCodeAt(n - 2) !== ZERO || text.charCodeAt(n - 1) !== ZERO) return fallback(text);
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return fallback(text);
  for (const i of DIGITS) if (!isDigit(text, i)) return fallback(text);
  const fractionEnd = n - 3;
  if (fractionEnd !== 19) {
    if (text.charCodeAt(19) !== 46 /* . */ || fractionEnd === 20) return fallback(text);
    for (let i = 20; i < fractionEnd; i++) if (!isDigit(text, i)) return fallback(text);
  }
  const year = two(text, 0) * 100 + two(text, 2);
  // years 0–99 need postgres-date's setUTCFullYear correction: rare enough to leave to it
  if (year < 1000) return fallback(text);
  const ms = fractionEnd === 19 ? 0 : 1000 * parseFloat(text.slice(19, fractionEnd));
  return new Date(Date.UTC(year, two(text, 5) - 1, two(text, 8), two(text, 11), two(text, 14), two(text, 17), ms));
}

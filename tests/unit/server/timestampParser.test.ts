// The timestamptz parser (server/store/timestampParser.ts) gives the very Date pg's own parser (postgres-date) gives,
// for the texts PostgreSQL writes in a UTC session and for every other shape it hands on.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from '../../../server/store/timestampParser.ts';

// pg-types' own dependency, loaded directly: pg's registered parser may already be ours in this worker
const fromPgTypes = createRequire(createRequire(import.meta.url).resolve('pg-types'));
const postgresDate = fromPgTypes('postgres-date') as (text: string) => Date | number | null;

const same = (text: string) => {
  const ours = parseTimestamptz(text);
  const theirs = postgresDate(text);
  return [text, ours instanceof Date ? ours.getTime() : ours, theirs instanceof Date ? theirs.getTime() : theirs];
};

describe('parseTimestamptz', () => {
  it('reads the UTC shapes PostgreSQL writes, every fraction length, as postgres-date does', () => {
    const texts = ['2026-11-29 15:43:12+00', '2026-11-29 15:43:12.5+00', '2026-11-29 15:43:12.57+00', '2026-11-29 15:43:12.123+00',
      '2026-11-29 15:43:12.1234+00', '2026-11-29 15:43:12.12345+00', '2026-11-29 15:43:12.123456+00', '2026-11-29 15:43:12.999999+00',
      '2024-02-29 23:59:59.000001+00', '1000-01-01 00:00:00+00', '9999-12-31 23:59:59.999+00', '1970-01-01 00:00:00+00'];
    for (const text of texts) {
      const [, ours, theirs] = same(text);
      expect([text, ours], text).toEqual([text, theirs]);
    }
  });

  it('agrees with postgres-date on thousands of random instants, each millisecond and microsecond fraction', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    for (let i = 0; i < 5000; i++) {
      const d = new Date(Date.UTC(1000, 0, 1) + Math.floor(next() * (Date.UTC(9999, 11, 31) - Date.UTC(1000, 0, 1))));
      const micros = pad(Math.floor(next() * 1_000_000), 6).slice(0, 1 + (i % 6)).replace(/0+$/, '');
      const text = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}${micros ? `.${micros}` : ''}+00`;
      const [, ours, theirs] = same(text);
      if (ours !== theirs) expect([text, ours]).toEqual([text, theirs]);
    }
  });

  it('hands every other shape to postgres-date: other zones, BC, infinity, early years, odd text', () => {
    for (const text of ['2026-11-29 23:43:12.5+08', '2026-11-29 15:43:12+05:30', '2026-11-29 15:43:12-03', '0099-06-01 00:00:00+00',
      '0500-06-01 12:00:00+00', '2026-11-29 15:43:12+00 BC', 'infinity', '-infinity', '2026-11-29', '12026-11-29 15:43:12+00',
      '2026-11-29 15:43:12.+00', '2026-1a-29 15:43:12+00']) {
      const [, ours, theirs] = same(text);
      expect([text, ours], text).toEqual([text, theirs]);
    }
  });
});

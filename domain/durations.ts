export type DurationUnit = 'd' | 'w' | 'm' | 'y';

export interface Duration {
  amount: number;
  unit: DurationUnit;
}

// §5 price duration strings: optional number then d, w, m or y, else no limit (null).
// §4 0d means the current day, week or month; a missing number counts as 1 (e.g. 'w' = one week).
const DURATION = /^(\d+)?([dwmy])$/i;

export function parseDuration(raw: string | null | undefined): Duration | null {
  const match = DURATION.exec((raw ?? '').trim());
  if (!match) return null;
  return { amount: match[1] === undefined ? 1 : Number(match[1]), unit: match[2].toLowerCase() as DurationUnit };
}

// §7 list calls take `$orderby` ("sort asc", "name desc,sort asc"): the fields a list may be ordered by are
// named by the list (a whitelist), so input never reaches SQL or property access beyond them. A field not in the
// list, a direction other than asc/desc, or a malformed term is a readable refusal (400), not a silent default.
import { refuse, type Refusal } from './decider.ts';

export type OrderDirection = 'asc' | 'desc';
export interface OrderKey<F extends string> { field: F; direction: OrderDirection }

export const LIST_ORDER_TEXT = {
  unknownField: (field: string, fields: readonly string[]) => `不支持按该字段排序：${field}（可排序字段：${fields.join('、')}）`,
  badDirection: (term: string) => `排序方向只能是 asc 或 desc：${term}`,
  tooMany: (max: number) => `排序字段最多 ${max} 个`,
} as const;

/** At most this many terms: a list has a handful of sortable fields. */
const MAX_TERMS = 4;

/** The keys of `$orderby`, each a whitelisted field; empty when none was asked for. */
export function parseOrderBy<F extends string>(input: string | undefined, fields: readonly F[]): OrderKey<F>[] | Refusal {
  if (input === undefined || input.trim() === '') return [];
  const terms = input.split(',').map((t) => t.trim());
  if (terms.length > MAX_TERMS) return refuse('invalid', LIST_ORDER_TEXT.tooMany(MAX_TERMS));
  const keys: OrderKey<F>[] = [];
  for (const term of terms) {
    const [field = '', direction = 'asc', ...rest] = term.split(/\s+/);
    if (!(fields as readonly string[]).includes(field)) return refuse('invalid', LIST_ORDER_TEXT.unknownField(field, fields));
    const dir = direction.toLowerCase();
    if (rest.length || (dir !== 'asc' && dir !== 'desc')) return refuse('invalid', LIST_ORDER_TEXT.badDirection(term));
    keys.push({ field: field as F, direction: dir });
  }
  return keys;
}

type Sortable = string | number | boolean | null | undefined;

function compareValues(a: Sortable, b: Sortable): number {
  // a missing value is the smallest
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'zh-CN', { numeric: true });
}

/**
 * Rows ordered by the keys, then in the order they came (the list's default order breaks ties). `valueOf` reads
 * one whitelisted field of a row.
 */
export function orderRows<T, F extends string>(rows: readonly T[], keys: readonly OrderKey<F>[], valueOf: (row: T, field: F) => Sortable): T[] {
  if (!keys.length) return [...rows];
  return rows.map((row, index) => ({ row, index })).sort((x, y) => {
    for (const k of keys) {
      const c = compareValues(valueOf(x.row, k.field), valueOf(y.row, k.field));
      if (c !== 0) return k.direction === 'asc' ? c : -c;
    }
    return x.index - y.index;
  }).map((e) => e.row);
}

// An all-or-nothing import or batch refused for some of its rows: nothing is written and the caller gets every
// refused row with its reasons in data.errors (the console lists them beside the rows of the file), while the
// status text gives a readable summary. Both travel in the request's language (refusalTexts), so a row error reads
// the same way as every other refusal. The price and product imports (server/modules/mall) and the local
// ingredient import (server/modules/recipes/ingredientImport.ts) throw it; the error handler answers it
// (server/http/errorHandler.ts).
import { HttpError } from './errors.ts';

/** One refused row: its number as the caller knows it (sheet row, 1-based position), what names it, and why. */
export interface RowError { row: number; skuId?: string; id?: string; errors: string[] }

/** A batch refused as a whole: 400 when a row's input is wrong, 422 when only a rule forbids it now. */
export class RowsError extends HttpError {
  constructor(readonly rows: RowError[], status: 400 | 422, message: string) {
    super(status, message);
  }
}

/**
 * The first `max` rows as "第 N 行：…；第 M 行：…", the list the catalogue translates piece by piece
 * (domain/serverRefusalTexts.ts `第 {row} 行：{reasons}`).
 */
export const rowsSummary = (rows: RowError[], max: number): string =>
  rows.slice(0, max).map((r) => `第 ${r.row} 行：${r.errors.join('；')}`).join('；');

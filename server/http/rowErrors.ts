// An all-or-nothing import or batch refused for some of its rows: nothing is written and the caller gets every
// refused row with its reasons in data.errors (the console lists them beside the rows of the file), while the
// status text gives a readable summary. Both travel in the request's language (refusalTexts), so a row error reads
// the same way as every other refusal. The price and product imports (server/modules/mall) and the local
// ingredient import (server/modules/recipes/ingredientImport.ts) throw it.
import type { FastifyReply } from 'fastify';
import { HttpError } from './errors.ts';
import { refusalTexts } from './errorHandler.ts';

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

/** The envelope of a RowsError: status text and each row's errors in the request's language. */
export function sendRowsError(reply: FastifyReply, e: RowsError): FastifyReply {
  const text = refusalTexts(reply);
  const errors = e.rows.map((r) => ({ ...r, errors: r.errors.map(text) }));
  return reply.status(e.statusCode).send({ status_code: e.statusCode, status_text: text(e.message), data: { errors } });
}

/** Runs a route body; a RowsError leaves as its envelope (data.errors), anything else goes to the error handler. */
export async function withRowErrors<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof RowsError) return sendRowsError(reply, e);
    throw e;
  }
}

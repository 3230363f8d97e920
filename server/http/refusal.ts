// A decider's refusal as the HTTP error the envelope carries: one status per refusal code, never guessed from
// the message text.
import type { Refusal, RefusalCode } from '../../domain/decider.ts';
import { HttpError } from './errors.ts';

const STATUS: Record<RefusalCode, number> = {
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unprocessable: 422,
};

export const refusalStatus = (code: RefusalCode): number => STATUS[code];

export const refusalError = (refusal: Refusal): HttpError => new HttpError(STATUS[refusal.refused], refusal.message);

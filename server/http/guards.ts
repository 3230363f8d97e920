// Guards a route declares in its config (config.guard), run by the auth hook before the body is parsed or validated
// (issue 12): helpers for the requirements several modules share.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { holdsPower } from './auth.ts';
import { forbidden } from './errors.ts';

export type Guard = (request: FastifyRequest) => void | Promise<void>;

/** Only the platform (code 999 in the platform org), refused with the route's own text. */
export const platformOnly = (text: string): Guard => (request) => {
  if (!request.platform) throw forbidden(text);
};

/** A §6 power the route needs only for some callers or some forms of its body is not config.power: a guard checks it. */
export const powerGuard = (db: Kysely<Database>, key: string): Guard => async (request) => {
  if (!(await holdsPower(db, request, key))) throw forbidden('没有该操作的权限');
};

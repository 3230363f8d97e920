// Creating orgs, templates, apps and partners is the system provider's job: role code 999 in the org-app of
// the request (the route's `key`). Used as a preValidation hook, so a refused caller learns nothing about
// what a valid body would be.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { ROLE_CODE } from '../../../domain/constants.ts';

export const PROVIDER_ONLY = '仅系统服务商可以执行该操作';

export async function requireSystemProvider(request: FastifyRequest): Promise<void> {
  if (!request.roles.some((r) => r.code === ROLE_CODE.systemProvider)) throw forbidden(PROVIDER_ONLY);
}

/** For public routes: whether the caller (token + key headers, if any) is a system provider. */
export async function callerIsSystemProvider(db: Kysely<Database>, request: FastifyRequest): Promise<boolean> {
  const key = request.headers.key;
  if (!request.user || typeof key !== 'string' || !key) return false;
  const row = await db.selectFrom('org_apps as oa')
    .innerJoin('org_app_users as m', (j) => j.onRef('m.org_id', '=', 'oa.org_id').onRef('m.app_id', '=', 'oa.app_id'))
    .innerJoin('user_roles as ur', (j) => j.onRef('ur.org_id', '=', 'oa.org_id').onRef('ur.user_id', '=', 'm.user_id'))
    .innerJoin('roles as r', 'r.role_id', 'ur.role_id')
    .select('r.role_id')
    .where('oa.key', '=', key).where('oa.disabled', '=', false).where('m.user_id', '=', request.user.userId)
    .where('r.code', '=', ROLE_CODE.systemProvider).where('r.enable', '=', true)
    .executeTakeFirst();
  return !!row;
}

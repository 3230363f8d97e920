// Creating orgs, templates, apps and partners is the platform's job: code 999 in the platform org
// (request.platform), never a code-999 role an org gave itself (issue 16). Declared as the routes' config.guard, which the
// auth hook runs before the body is read, so a refused caller learns nothing about what a valid body would be.
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors.ts';

export const PROVIDER_ONLY = '仅系统服务商可以执行该操作';

export async function requireSystemProvider(request: FastifyRequest): Promise<void> {
  if (!request.platform) throw forbidden(PROVIDER_ONLY);
}

/** For public routes: whether the caller (a token header, if any) is the platform. */
export function callerIsSystemProvider(request: FastifyRequest): boolean {
  return request.platform;
}

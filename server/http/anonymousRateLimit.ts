// Issue 29: the per-address bound of a public route (domain/anonymousLimits.ts), through @fastify/rate-limit. Keyed
// by request.ip, which is the peer unless the peer is a configured trusted proxy (server/settings.ts TRUST_PROXY): a
// client cannot pick its own address with a header. The counts are this process's.
import type { FastifyRequest } from 'fastify';
import type { ServerSettings } from '../context.ts';
import { tooManyRequests } from './errors.ts';
import { ANONYMOUS_LIMIT_TEXT, ANONYMOUS_LIMITS, type AnonymousLimitName } from '../../domain/anonymousLimits.ts';

/** The rate-limit config of a route under the bound `limit` (a test server may set its own: ServerSettings.anonymousLimits). */
export function perAddressLimit(settings: ServerSettings, limit: AnonymousLimitName) {
  return {
    max: settings.anonymousLimits?.[limit] ?? ANONYMOUS_LIMITS[limit],
    timeWindow: ANONYMOUS_LIMITS.windowMs,
    keyGenerator: (request: FastifyRequest) => `${limit}|${request.ip}`,
    errorResponseBuilder: () => tooManyRequests(ANONYMOUS_LIMIT_TEXT),
  };
}

// Issue 29: the per-address bound of a public route (domain/anonymousLimits.ts), through @fastify/rate-limit. Keyed
// by request.ip, which is the peer unless the peer is a configured trusted proxy (server/settings.ts TRUST_PROXY): a
// client cannot pick its own address with a header. The counts are this process's.
import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors.ts';
import { ANONYMOUS_LIMIT_TEXT, ANONYMOUS_LIMITS } from '../../domain/anonymousLimits.ts';

export function perAddressLimit(name: string, max: number) {
  return {
    max,
    timeWindow: ANONYMOUS_LIMITS.windowMs,
    keyGenerator: (request: FastifyRequest) => `${name}|${request.ip}`,
    errorResponseBuilder: () => tooManyRequests(ANONYMOUS_LIMIT_TEXT),
  };
}

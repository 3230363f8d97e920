// Issue 34: who operates a storefront. The powers are the §6 screens' (server/http/routePowers.ts); the party is the
// org's kind (domain/mall/mallOrg.ts): an org that sells to members, or the platform looking after one.
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors.ts';
import { MALL_ORG_TEXT, runsMall } from '../../../domain/mall/mallOrg.ts';

export function requireMallOrg(request: FastifyRequest): void {
  if (request.platform && request.orgApp) return;
  if (!runsMall(request.orgKind)) throw forbidden(MALL_ORG_TEXT.notMallOrg);
}

export const mallStreams = {
  record: (orgId: string, recordId: string) => `mallRecord-${orgId}-${recordId}`,
  groupon: (orgId: string, grouponId: string) => `groupon-${orgId}-${grouponId}`,
} as const;

/** the template is one record per org, under a fixed id */
export const TEMPLATE_RECORD_ID = 'storefront-template';

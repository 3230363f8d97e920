// Who reaches which cameras, tickets and alerts (issue 33): decided from the caller's party (his org's kind and his
// roles there: server/http/parties.ts) by domain/videoDevice.ts deviceReachOf, never from an org id the client sent.
// A bureau's area is its district's real orgs (areaOrgIds); an installer company reaches the devices it looks after
// and the tickets assigned to it; a school its own; the platform everything.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { areaOrgIds, partyOfRequest } from '../../http/parties.ts';
import type { OrgAppRequest } from '../../http/route.ts';
import { DEVICE_TEXT, deviceReachOf, mayManageDevices, type DeviceReach } from '../../../domain/videoDevice.ts';

export async function reachOf(db: Kysely<Database>, request: OrgAppRequest): Promise<Exclude<DeviceReach, null>> {
  const party = partyOfRequest(request);
  const orgId = request.orgApp.orgId;
  const reach = deviceReachOf(party, { orgId, areaOrgIds: party === 'bureau' ? await areaOrgIds(db, orgId) : [] });
  if (!reach) throw forbidden(DEVICE_TEXT.mayNotSee);
  return reach;
}

/**
 * The school orgs a query covers: the reach narrowed to `orgId` when one was asked for (refused when outside the
 * reach: another org's id is never answered with the caller's own rows). Null: every org (the platform).
 */
export function orgScope(reach: Exclude<DeviceReach, null>, orgId: string | undefined): readonly string[] | null {
  if ('all' in reach) return orgId ? [orgId] : null;
  if ('orgIds' in reach) {
    if (orgId && !reach.orgIds.includes(orgId)) throw forbidden('无权访问其他机构的数据');
    return orgId ? [orgId] : reach.orgIds;
  }
  // an installer: the schools are those of its tickets and devices; an orgId narrows them
  return orgId ? [orgId] : null;
}

/** Guards of the routes (server/http/routePowers.ts names them). */
export function requireDeviceManager(request: FastifyRequest): void {
  if (!mayManageDevices(partyOfRequest(request))) throw forbidden(DEVICE_TEXT.mayNotManage);
}
export function requireDeviceViewer(request: FastifyRequest): void {
  const p = partyOfRequest(request);
  if (!['school', 'bureau', 'platform', 'installer'].includes(p)) throw forbidden(DEVICE_TEXT.mayNotSee);
}
export function requireCompanyManager(request: FastifyRequest): void {
  const p = partyOfRequest(request);
  if (p !== 'platform' && p !== 'bureau') throw forbidden(DEVICE_TEXT.mayNotManageCompanies);
}

// Issue 33: the bright-kitchen notices beyond the school's own console. The store tells the school's org of every
// event on commit; an AI alert and an inspection ticket are read by others too (the bureau of the school's area, the
// platform; a ticket by its installer company), so their consoles get the same notice ({orgId, streamId, types}, in
// the same transaction: delivered on commit only). Who hears is domain/liveAudience.ts deviceNoticeAudience's rule,
// the bureau's reach; each member still hears only what his powers cover (mayHear).
import { sql } from 'kysely';
import type { Tx } from '../../store/eventStore.ts';
import { decideAndAppend, type CommandResult, type CommandSpec } from '../../store/command.ts';
import { orgFacts } from '../../http/parties.ts';
import { orgKindOf, type OrgFacts } from '../../../domain/orgKind.ts';
import { PLATFORM_ORG_TYPE } from '../../../domain/constants.ts';
import { deviceNoticeAudience } from '../../../domain/liveAudience.ts';
import type { DomainEvent } from '../../../domain/decider.ts';

/** The orgs besides the school that hear its alerts and tickets: the bureaus of its area and the platform. */
export async function deviceAudienceOf(tx: Tx, schoolOrgId: string): Promise<string[]> {
  const school = await orgFacts(tx, schoolOrgId);
  if (!school) return [];
  const rows = await tx.selectFrom('orgs').select(['org_id', 'kind', 'org_type', 'area', 'parent_org_id'])
    // the bureaus of the school's district and the platform org (by its kind, or its §1 type before kinds existed)
    .where((eb) => eb.or([eb.and([eb('kind', '=', 'bureau'), eb('area', '=', school.area)]), eb('kind', '=', 'platform'), eb('org_type', '=', PLATFORM_ORG_TYPE)]))
    .execute();
  const candidates: OrgFacts[] = rows.map((r) => ({ orgId: r.org_id, kind: orgKindOf({ kind: r.kind, orgType: r.org_type }), area: r.area, parentOrgId: r.parent_org_id }));
  return deviceNoticeAudience(school, candidates);
}

/** Tells the audience of `schoolOrgId` (and `alsoOrgIds`: a ticket's installer company) of `types` on `streamId`. */
export async function notifyDeviceWatchers(tx: Tx, schoolOrgId: string, streamId: string, types: readonly string[], alsoOrgIds: readonly (string | null | undefined)[] = []): Promise<void> {
  if (!types.length) return;
  const unique = [...new Set(types)];
  const orgIds = new Set([...await deviceAudienceOf(tx, schoolOrgId), ...alsoOrgIds.filter((id): id is string => !!id)]);
  orgIds.delete(schoolOrgId); // the store told the school's own org already
  for (const orgId of orgIds) await sql`SELECT pg_notify('events', ${JSON.stringify({ orgId, streamId, types: unique })})`.execute(tx);
}

/** decideAndAppend on an alert's or a ticket's stream, then the notices to those beyond the school who read it. */
export async function appendWatched<C, S, E extends DomainEvent>(tx: Tx, spec: CommandSpec<C, S, E>, alsoOrgIds: readonly (string | null | undefined)[] = []): Promise<CommandResult<S, E>> {
  const result = await decideAndAppend(tx, spec);
  await notifyDeviceWatchers(tx, spec.orgId, spec.streamId, result.decided.map((e) => e.type), alsoOrgIds);
  return result;
}

// The trial applicant's role (domain/trialRole.ts), granted inside the sign-up's transaction through the member-role
// decider (GrantRole), so the account, the membership and the role are written together or not at all.
import { sql } from 'kysely';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { grantsTrialRole, trialRoleFor, type TrialCandidateRole } from '../../../domain/trialRole.ts';
import { membersOf, roleCommands } from './commands.ts';
import { roleFitsOrg } from './grantFacts.ts';
import { orgKindOf } from '../../../domain/orgKind.ts';

/** Grants the applicant the org's trial role when the rule gives one; answers the role granted (or null). */
export async function grantTrialRole(
  tx: Tx,
  spec: { orgId: string; appId: string; userId: string; appliedAs: string | undefined; meta: EventMeta },
): Promise<{ roleId: string; name: string; code: string } | null> {
  const { orgId, appId, userId } = spec;
  const org = await tx.selectFrom('orgs').select(['org_type', 'kind']).where('org_id', '=', orgId).executeTakeFirst();
  if (!org) return null;
  if (!grantsTrialRole(org)) return null;

  const held = await tx.selectFrom('user_roles').select('role_id').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  // each role with what it holds in this app: powers (actions) and pcMenu entries (pages)
  const rows = await tx.selectFrom('roles as r')
    .leftJoin('role_permissions as rp', (j) => j.onRef('rp.org_id', '=', 'r.org_id').onRef('rp.role_id', '=', 'r.role_id'))
    .leftJoin('permissions as p', (j) => j.onRef('p.org_id', '=', 'rp.org_id').onRef('p.permission_id', '=', 'rp.permission_id')
      .on('p.app_id', '=', appId).on('p.enable', '=', true))
    .select(['r.role_id', 'r.name', 'r.code', 'r.enable', 'r.sort'])
    .select([
      sql<number>`count(p.permission_id) filter (where p.power <> '')`.as('powers'),
      sql<number>`count(p.permission_id) filter (where p.power = '' and p.group_name = 'pcMenu')`.as('menu_entries'),
    ])
    .where('r.org_id', '=', orgId)
    .groupBy(['r.role_id', 'r.name', 'r.code', 'r.enable', 'r.sort'])
    .execute();
  const roles: TrialCandidateRole[] = rows.map((r) => ({
    roleId: r.role_id, name: r.name, code: r.code, enable: r.enable, sort: r.sort, powers: Number(r.powers), menuEntries: Number(r.menu_entries),
  }));
  // only roles that fit the org's kind are candidates (a trial org carries every §1 party; issue 27)
  const kind = orgKindOf({ kind: org.kind, orgType: org.org_type });
  const fitting: TrialCandidateRole[] = [];
  for (const r of roles) if (await roleFitsOrg(tx, orgId, kind, r)) fitting.push(r);
  const role = trialRoleFor(spec.appliedAs, fitting, { rolesHeldInOrg: held.length });
  if (!role) return null;
  // the rule chose a role an applicant may hold: that is the permission to grant it (no user manager is involved,
  // so it is no self-grant), and it fits the org's kind
  await roleCommands(tx, orgId, spec.meta).memberRoles(userId, {
    type: 'GrantRole', userId, roleId: role.roleId, isMember: (await membersOf(tx, orgId, [userId])).has(userId), mayManage: true,
    grant: { self: false, fitsOrgKind: true },
  });
  return { roleId: role.roleId, name: role.name, code: role.code };
}

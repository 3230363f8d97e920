// What a grant of a role must respect besides managing the role (issue 27, domain/aggregates/role.ts grantRefusal):
// nobody grants himself a role, and a role that holds a party power its org's kind lacks (a school's code-4
// "bureau" role with the price-approval power) is granted to no one. One lookup per role granted.
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../store/eventStore.ts';
import type { GrantFacts } from '../../../domain/aggregates/role.ts';
import { roleFitsOrgKind, type OrgKind, type PartyPower } from '../../../domain/orgKind.ts';
import { POWER_NODES } from '../permissions/powers.ts';

const PARTY_POWERS: readonly PartyPower[] = ['priceApprove', 'priceAdd'];

/** Whether a role of `orgId` fits the org's kind: its §1 code and the party powers (price approval, price writing) it holds. */
export async function roleFitsOrg(tx: Tx, orgId: string, orgKind: OrgKind, role: { roleId: string; code: string }): Promise<boolean> {
  const held = await tx.selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', (j) => j.onRef('p.org_id', '=', 'rp.org_id').onRef('p.permission_id', '=', 'rp.permission_id'))
    .select(['p.group_name', 'p.module_id'])
    .where('rp.org_id', '=', orgId).where('rp.role_id', '=', role.roleId).where('p.enable', '=', true)
    .where('p.module_id', 'in', PARTY_POWERS.map((p) => POWER_NODES[p].moduleId)).execute();
  const powers = PARTY_POWERS.filter((p) => held.some((h) => h.module_id === POWER_NODES[p].moduleId && h.group_name === POWER_NODES[p].groupName));
  return roleFitsOrgKind(role, orgKind, powers);
}

/** The facts of a person's grant of `role` to `userId` in the request's org. */
export async function grantFactsOf(tx: Tx, request: FastifyRequest, role: { roleId: string; code: string }, userId: string): Promise<GrantFacts> {
  return { self: userId === request.user?.userId, fitsOrgKind: await roleFitsOrg(tx, request.orgApp!.orgId, request.orgKind, role) };
}

// §6 salesman groups (code M6): who keeps them, and who is in them. A salesman is in a group when he holds a
// code-6 (supplier salesman) role whose roleGroupId is that group; the console and the server share these rules.
import { ROLE_CODE } from './constants.ts';
import type { RoleLike } from './roles.ts';

/** §6 role group code of salesman groups */
export const SALESMAN_GROUP_CODE = 'M6';

export const SALESMAN_GROUP_TEXT = {
  notSalesmen: (names: readonly string[]) => `不是本机构的业务员：${names.join('、')}`,
  lastGroup: (names: readonly string[]) => `业务员只在本分组中，移出后将没有业务员角色（失去业务员菜单）：${names.join('、')}`,
  notSalesmanGroup: '该分组不是业务员分组',
} as const;

// §6 salesman groups (M6) are kept by the supplier (code 2) without the role power; every other group, and
// a supplier's change of a group to another code, needs the role power (system providers always hold it)
export function mayWriteRoleGroups(roles: readonly RoleLike[], codes: readonly string[], holdsRolePower: boolean): boolean {
  if (holdsRolePower) return true;
  return codes.every((c) => c === SALESMAN_GROUP_CODE) && roles.some((r) => r.code === ROLE_CODE.supplier);
}

/** One user of the org as the membership change needs him. */
export interface SalesmanStanding {
  /** shown in a refusal; the user id when absent */
  name?: string;
  /** code-6 roles he holds in the org, in any group (0: not a salesman) */
  salesmanRoles: number;
  /** of those, the ones in this group (what leaving the group takes away); 1 for a current member when absent */
  groupRoles?: number;
}

export type SalesmanGroupPlan =
  | { ok: true; grant: string[]; revoke: string[] }
  | { ok: false; kind: 'notSalesmen' | 'lastGroup'; userIds: string[]; reason: string };

/**
 * §6 setting the members of a salesman group: who gets the group's salesman role (grant) and who loses the
 * group's salesman roles (revoke). Refused when a wanted user is not a salesman of the org (holds no code-6
 * role), or when leaving would leave a salesman with no code-6 role at all.
 */
export function planSalesmanGroupMembers(
  current: readonly string[],
  wanted: readonly string[],
  users: ReadonlyMap<string, SalesmanStanding>,
): SalesmanGroupPlan {
  const now = new Set(current);
  const next = new Set(wanted);
  const nameOf = (id: string) => users.get(id)?.name || id;
  const grant = [...next].filter((id) => !now.has(id));
  const revoke = [...now].filter((id) => !next.has(id));
  const notSalesmen = grant.filter((id) => (users.get(id)?.salesmanRoles ?? 0) < 1);
  if (notSalesmen.length) return { ok: false, kind: 'notSalesmen', userIds: notSalesmen, reason: SALESMAN_GROUP_TEXT.notSalesmen(notSalesmen.map(nameOf)) };
  const stranded = revoke.filter((id) => {
    const u = users.get(id);
    return (u?.salesmanRoles ?? 0) - (u?.groupRoles ?? 1) < 1;
  });
  if (stranded.length) return { ok: false, kind: 'lastGroup', userIds: stranded, reason: SALESMAN_GROUP_TEXT.lastGroup(stranded.map(nameOf)) };
  return { ok: true, grant, revoke };
}

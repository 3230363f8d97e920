// The menu entries and power keys a user holds in an org-app (§6): through their roles' permission links;
// system providers and admins hold every enabled entry.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { MenuEntry } from '../../../domain/types.ts';
import { isAdmin, isSystemProvider, isUserAdminOnly, type RoleLike } from '../../../domain/roles.ts';
import { powersOf, type AuthRole } from '../../http/auth.ts';
import { powerKey } from '../../../domain/powerKey.ts';
import { sortMenu } from '../../../domain/menuTree.ts';

export const seesEverything = (roles: readonly RoleLike[]) => isSystemProvider(roles) || isAdmin(roles);

/**
 * The entries of the org-app's `groupName` held through `roleIds` (the user's enabled roles in the org, which
 * auth has already), or every enabled one for 'all'. The roles' permission ids are read first, in one initPlan
 * over role_permissions' primary key, then only those entries are fetched: a plan that needs no planner
 * statistics. The IN-subquery over user_roles ⋈ roles it replaces became a nested loop probing
 * role_permissions once per menu entry of the org-app whenever the tables had no statistics yet (a freshly
 * seeded database, until autovacuum's first ANALYZE about a minute later): ~470 buffers and ~3 ms a call
 * instead of ~10–25 buffers and ~0.2 ms, half the menu endpoint's throughput. Exported for the plan's test.
 */
export function menuQuery(db: Kysely<Database>, opts: { orgId: string; appId: string; groupName: string; roleIds: readonly string[] | 'all' }) {
  let q = db.selectFrom('permissions as p')
    .select(['p.permission_id', 'p.module_id', 'p.parent_id', 'p.module_name', 'p.group_name', 'p.sort', 'p.enable', 'p.extra_info'])
    .where('p.org_id', '=', opts.orgId).where('p.app_id', '=', opts.appId).where('p.group_name', '=', opts.groupName).where('p.enable', '=', true);
  if (opts.roleIds !== 'all') {
    const linked = db.selectFrom('role_permissions as rp').select('rp.permission_id')
      .where('rp.org_id', '=', opts.orgId).where('rp.role_id', 'in', [...opts.roleIds]);
    q = q.where(sql<boolean>`p.permission_id = ANY(ARRAY(${linked}))`);
  }
  return q;
}

export async function menuOf(db: Kysely<Database>, opts: { orgId: string; appId: string; groupName: string; roleIds: readonly string[] | 'all' }): Promise<MenuEntry[]> {
  if (opts.roleIds !== 'all' && !opts.roleIds.length) return [];
  const rows = await menuQuery(db, opts).execute();
  return sortMenu(rows.map((r): MenuEntry => ({
    id: r.permission_id, moduleId: r.module_id, parentId: r.parent_id, moduleName: r.module_name, groupName: r.group_name,
    sort: r.sort, enable: r.enable, extraInfo: (r.extra_info ?? {}) as MenuEntry['extraInfo'],
  })));
}

/** Every enabled power key of the org-app (what a system provider or admin holds). */
export async function allPowersOf(db: Kysely<Database>, orgId: string, appId: string): Promise<string[]> {
  const rows = await db.selectFrom('permissions').select(['group_name', 'parent_id', 'module_id'])
    .where('org_id', '=', orgId).where('app_id', '=', appId).where('enable', '=', true).execute();
  return [...new Set(rows.map((r) => powerKey({ groupName: r.group_name, parentId: r.parent_id, moduleId: r.module_id })))].sort();
}

/**
 * GET /v2/roles/user/permission's answer: the user's enabled roles in the org-app (as auth reads them), the power
 * keys they hold (all of the org-app's for system providers and admins) and the §6 role predicates. Also part of
 * the org-app context (POST /v2/users/org/app/context), which must answer the same.
 */
export async function userPermissionOf(db: Kysely<Database>, caller: { userId: string; orgId: string; appId: string; roles: AuthRole[]; platform: boolean }) {
  const { roles, orgId, appId } = caller;
  const powers = seesEverything(roles) ? await allPowersOf(db, orgId, appId) : (await powersOf(db, caller.userId, orgId, appId)).sort();
  return { roles, powers, isSystemProvider: isSystemProvider(roles), isAdmin: isAdmin(roles), isUserAdminOnly: isUserAdminOnly(roles), isPlatform: caller.platform };
}

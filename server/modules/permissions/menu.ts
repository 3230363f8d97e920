// The menu entries and power keys a user holds in an org-app (§6): through their roles' permission links;
// system providers and admins hold every enabled entry.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { MenuEntry } from '../../../domain/types.ts';
import { isAdmin, isSystemProvider, type RoleLike } from '../../../domain/roles.ts';
import { powerKey } from '../../../domain/powerKey.ts';
import { sortMenu } from '../../../domain/menuTree.ts';

export const seesEverything = (roles: readonly RoleLike[]) => isSystemProvider(roles) || isAdmin(roles);

export async function menuOf(db: Kysely<Database>, opts: { userId: string; orgId: string; appId: string; groupName: string; all: boolean }): Promise<MenuEntry[]> {
  let q = db.selectFrom('permissions as p')
    .select(['p.permission_id', 'p.module_id', 'p.parent_id', 'p.module_name', 'p.group_name', 'p.sort', 'p.enable', 'p.extra_info'])
    .where('p.org_id', '=', opts.orgId).where('p.app_id', '=', opts.appId).where('p.group_name', '=', opts.groupName).where('p.enable', '=', true);
  if (!opts.all) {
    q = q.where('p.permission_id', 'in', (eb) => eb.selectFrom('role_permissions as rp')
      .innerJoin('user_roles as ur', (j) => j.onRef('ur.role_id', '=', 'rp.role_id').onRef('ur.org_id', '=', 'rp.org_id'))
      .innerJoin('roles as r', 'r.role_id', 'ur.role_id')
      .select('rp.permission_id').where('ur.user_id', '=', opts.userId).where('ur.org_id', '=', opts.orgId).where('r.enable', '=', true));
  }
  const rows = await q.execute();
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

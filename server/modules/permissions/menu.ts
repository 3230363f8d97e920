// The menu entries and power keys a user holds in an org-app (§6): through their roles' permission links;
// system providers and admins hold every enabled entry.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { preparedMarker } from '../../store/database.ts';
import type { Database } from '../../store/schema.ts';
import type { MenuEntry } from '../../../domain/types.ts';
import { isAdmin, isSystemProvider, isUserAdminOnly, type RoleLike } from '../../../domain/roles.ts';
import type { OrgKind } from '../../../domain/orgKind.ts';
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
    // one array parameter, not a list of them: the statement's text is the same for any number of roles
    const linked = db.selectFrom('role_permissions as rp').select('rp.permission_id')
      .where('rp.org_id', '=', opts.orgId).where(sql<boolean>`rp.role_id = ANY(${[...opts.roleIds]}::text[])`);
    q = q.where(sql<boolean>`p.permission_id = ANY(ARRAY(${linked}))`);
  }
  return q;
}

type MenuOptions = { orgId: string; appId: string; groupName: string; roleIds: readonly string[] | 'all' };
type MenuRow = { permission_id: string; module_id: string; parent_id: string; module_name: string; group_name: string; sort: number; enable: boolean; extra_info: unknown };

// menuQuery built and compiled once per form (every entry, or through roles) with placeholder arguments; each call
// then only fills in its own: building and compiling it with Kysely on every request was a measurable share of the
// menu endpoint's CPU (issue 12). Marked to be prepared once per connection, as the caller query is. Tried as one
// json_agg row instead (issue 32): PostgreSQL's CPU for an admin's menu doubled (0.16 → 0.32 ms a call) for less than
// it saved in Node, so the entries stay rows.
const PLACEHOLDER = { orgId: '\u0000orgId', appId: '\u0000appId', groupName: '\u0000groupName' } as const;
const PLACEHOLDER_ROLES: readonly string[] = ['\u0000roleIds'];
const compiled = new Map<'all' | 'roles', { sql: string; parameters: readonly unknown[] }>();

/** The SQL and parameters menuOf runs (bench/menuLoad.ts sends the same through bare `pg` as the baseline). */
export function menuStatement(db: Kysely<Database>, opts: MenuOptions): { sql: string; parameters: unknown[] } {
  const form = opts.roleIds === 'all' ? 'all' : 'roles';
  let template = compiled.get(form);
  if (!template) {
    const q = menuQuery(db, { ...PLACEHOLDER, roleIds: form === 'all' ? 'all' : PLACEHOLDER_ROLES }).compile();
    template = { sql: `${preparedMarker(`menu-${form}`)}\n${q.sql}`, parameters: q.parameters };
    compiled.set(form, template);
  }
  const parameters = template.parameters.map((p) => {
    if (p === PLACEHOLDER.orgId) return opts.orgId;
    if (p === PLACEHOLDER.appId) return opts.appId;
    if (p === PLACEHOLDER.groupName) return opts.groupName;
    if (Array.isArray(p) && p[0] === PLACEHOLDER_ROLES[0]) return [...(opts.roleIds as readonly string[])];
    return p;
  });
  return { sql: template.sql, parameters };
}

export async function menuOf(db: Kysely<Database>, opts: MenuOptions): Promise<MenuEntry[]> {
  if (opts.roleIds !== 'all' && !opts.roleIds.length) return [];
  const statement = menuStatement(db, opts);
  const { rows } = await db.executeQuery<MenuRow>(CompiledQuery.raw(statement.sql, statement.parameters));
  return sortMenu(rows.map((r): MenuEntry => ({
    id: r.permission_id, moduleId: r.module_id, parentId: r.parent_id, moduleName: r.module_name, groupName: r.group_name,
    sort: r.sort, enable: r.enable, extraInfo: (r.extra_info ?? {}) as MenuEntry['extraInfo'],
  })));
}

/**
 * Every enabled power of an org-app, read on each of an admin's GET /v2/roles/user/permission: a fixed text, prepared
 * once per connection, instead of a Kysely query built and compiled on every call (issue 32).
 */
const ALL_POWERS_SQL = `${preparedMarker('powers-all')}
  SELECT group_name, parent_id, module_id FROM permissions WHERE org_id = $1 AND app_id = $2 AND enable`;

/** Every enabled power key of the org-app (what a system provider or admin holds). */
export async function allPowersOf(db: Kysely<Database>, orgId: string, appId: string): Promise<string[]> {
  const { rows } = await db.executeQuery<{ group_name: string; parent_id: string; module_id: string }>(CompiledQuery.raw(ALL_POWERS_SQL, [orgId, appId]));
  return [...new Set(rows.map((r) => powerKey({ groupName: r.group_name, parentId: r.parent_id, moduleId: r.module_id })))].sort();
}

/**
 * GET /v2/roles/user/permission's answer: the user's enabled roles in the org-app (as auth reads them), the power
 * keys they hold (all of the org-app's for system providers and admins) and the §6 role predicates. Also part of
 * the org-app context (POST /v2/users/org/app/context), which must answer the same.
 */
export async function userPermissionOf(db: Kysely<Database>, caller: {
  userId: string; orgId: string; appId: string; roles: AuthRole[]; platform: boolean; orgKind: OrgKind;
  /** his powers in this org-app as the auth hook read them with the caller (request.powers), when it is the request's own */
  powers?: readonly string[];
}) {
  const { roles, orgId, appId } = caller;
  const own = async () => [...(caller.powers ?? await powersOf(db, caller.userId, orgId, appId))].sort();
  const powers = seesEverything(roles) ? await allPowersOf(db, orgId, appId) : await own();
  return { roles, powers, isSystemProvider: isSystemProvider(roles), isAdmin: isAdmin(roles), isUserAdminOnly: isUserAdminOnly(roles), isPlatform: caller.platform, orgKind: caller.orgKind };
}

// What the signed-in user may see of the org's contacts (§6), loaded once per request: the department tree,
// the user's own departments, the query ranges stored on their roles, and the visible department ids.
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { isAdmin, isSystemProvider } from '../../../domain/roles.ts';
import { parseQueryRange, visibleDepartmentIds, type QueryRange } from '../../../domain/contactsVisibility.ts';
import type { DepartmentNode } from '../../../domain/departmentRules.ts';
import { BASE_POWER_NODES } from '../permissions/basePowers.ts';

export type DepartmentRow = Selectable<Database['contact_departments']>;

export interface Department extends DepartmentNode {
  departmentName: string;
  type: number;
  sort: number;
  roleConfig: Record<string, unknown>;
  orgId: string;
}

export interface ContactsScope {
  orgId: string;
  privileged: boolean;
  departments: Department[];
  byId: Map<string, Department>;
  memberOf: Set<string>;
  visible: Set<string>;
  ranges: QueryRange[];
  roleNames: string[];
}

export function departmentOf(r: DepartmentRow): Department {
  return {
    orgId: r.org_id, departmentId: r.department_id, parentId: r.parent_id, departmentName: r.department_name, type: r.type, sort: r.sort,
    isHide: r.is_hide, isAllHide: r.is_all_hide, roleConfig: (r.role_config ?? {}) as Record<string, unknown>,
  };
}

/** Departments of the org, always ordered by id (creation order) ascending (§7). */
export async function departmentsOf(db: Kysely<Database> | Tx, orgId: string): Promise<Department[]> {
  const rows = await db.selectFrom('contact_departments').selectAll().where('org_id', '=', orgId).orderBy('seq').execute();
  return rows.map(departmentOf);
}

export async function queryRangesOf(db: Kysely<Database> | Tx, userId: string, orgId: string): Promise<QueryRange[]> {
  const node = BASE_POWER_NODES.contactsQuery;
  const rows = await db.selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.role_id', 'ur.role_id')
    .innerJoin('role_permissions as rp', (j) => j.onRef('rp.role_id', '=', 'ur.role_id').onRef('rp.org_id', '=', 'ur.org_id'))
    .innerJoin('permissions as p', 'p.permission_id', 'rp.permission_id')
    .select(sql<unknown>`rp.extra_info -> 'department'`.as('department'))
    .where('ur.user_id', '=', userId).where('ur.org_id', '=', orgId).where('r.enable', '=', true)
    .where('p.group_name', '=', node.groupName).where('p.module_id', '=', node.moduleId).where('p.enable', '=', true)
    .execute();
  return rows.map((r) => parseQueryRange(r.department)).filter((r): r is QueryRange => r !== null);
}

export async function scopeOf(db: Kysely<Database> | Tx, request: FastifyRequest): Promise<ContactsScope> {
  const { orgId } = request.orgApp!;
  const userId = request.user!.userId;
  const roles = request.roles;
  const privileged = isAdmin(roles) || isSystemProvider(roles);
  const [departments, memberRows, ranges] = await Promise.all([
    departmentsOf(db, orgId),
    db.selectFrom('contact_person_departments').select('department_id').where('org_id', '=', orgId).where('user_id', '=', userId).execute(),
    privileged ? Promise.resolve([]) : queryRangesOf(db, userId, orgId),
  ]);
  const memberOf = new Set(memberRows.map((r) => r.department_id));
  const visible = visibleDepartmentIds({ privileged, ranges, departments, memberOf });
  return {
    orgId, privileged, departments, byId: new Map(departments.map((d) => [d.departmentId, d])), memberOf, visible, ranges,
    roleNames: roles.map((r) => r.name),
  };
}

// What the signed-in user may see of the org's contacts (§6), loaded once per request: the department tree (always
// ordered by id, i.e. creation order, ascending: §7), the user's own departments, the query ranges stored on their
// roles, and the visible department ids.
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
  /** the contacts stream's version at this department's last change: an edit sends it back (issue 31) */
  version?: number;
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
    isHide: r.is_hide, isAllHide: r.is_all_hide, roleConfig: (r.role_config ?? {}) as Record<string, unknown>, version: r.version ?? 0,
  };
}

export async function scopeOf(db: Kysely<Database> | Tx, request: FastifyRequest): Promise<ContactsScope> {
  const { orgId } = request.orgApp!;
  const userId = request.user!.userId;
  const roles = request.roles;
  const privileged = isAdmin(roles) || isSystemProvider(roles);
  const node = BASE_POWER_NODES.contactsQuery;
  // the tree, the user's own departments and his roles' query ranges (departmentsOf, queryRangesOf) in one statement:
  // three round trips on every contacts read were most of the department list's cost under load (issue 32)
  const { rows: [row] } = await sql<{ departments: DepartmentRow[]; member_of: string[]; ranges: unknown[] }>`
    SELECT COALESCE((SELECT json_agg(json_build_object('org_id', d.org_id, 'department_id', d.department_id, 'parent_id', d.parent_id,
                              'department_name', d.department_name, 'type', d.type, 'sort', d.sort, 'is_hide', d.is_hide,
                              'is_all_hide', d.is_all_hide, 'role_config', d.role_config, 'version', d.version) ORDER BY d.seq)
                     FROM contact_departments d WHERE d.org_id = ${orgId}), '[]') AS departments,
           ARRAY(SELECT pd.department_id FROM contact_person_departments pd WHERE pd.org_id = ${orgId} AND pd.user_id = ${userId}) AS member_of,
           CASE WHEN ${privileged} THEN '[]'::json
                ELSE COALESCE((SELECT json_agg(rp.extra_info -> 'department')
                               FROM user_roles ur JOIN roles r ON r.role_id = ur.role_id
                               JOIN role_permissions rp ON rp.role_id = ur.role_id AND rp.org_id = ur.org_id
                               JOIN permissions p ON p.org_id = rp.org_id AND p.permission_id = rp.permission_id
                               WHERE ur.user_id = ${userId} AND ur.org_id = ${orgId} AND r.enable
                                 AND p.group_name = ${node.groupName} AND p.module_id = ${node.moduleId} AND p.enable), '[]') END AS ranges`.execute(db);
  const departments = row.departments.map(departmentOf);
  const ranges = row.ranges.map(parseQueryRange).filter((r): r is QueryRange => r !== null);
  const memberOf = new Set(row.member_of);
  const visible = visibleDepartmentIds({ privileged, ranges, departments, memberOf });
  return {
    orgId, privileged, departments, byId: new Map(departments.map((d) => [d.departmentId, d])), memberOf, visible, ranges,
    roleNames: roles.map((r) => r.name),
  };
}

// §6 contacts visibility: which departments (and so which persons) a user may see.
import { withDescendants, type DepartmentNode } from './departmentRules.ts';
import { ROLE_CODE } from './constants.ts';

// §6 contacts query range power: all, departmentAndSubordinateDepartments, specificDepartment (departmentIds)
export type QueryRange =
  | { range: 'all' }
  | { range: 'departmentAndSubordinateDepartments' }
  | { range: 'specificDepartment'; departmentIds: readonly string[] };

export const QUERY_RANGES = ['all', 'departmentAndSubordinateDepartments', 'specificDepartment'] as const;

/** A stored role-permission extraInfo.department, read leniently: anything unknown is no range at all. */
export function parseQueryRange(value: unknown): QueryRange | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as { range?: unknown; departmentIds?: unknown };
  if (v.range === 'all' || v.range === 'departmentAndSubordinateDepartments') return { range: v.range };
  if (v.range === 'specificDepartment' && Array.isArray(v.departmentIds)) {
    return { range: 'specificDepartment', departmentIds: v.departmentIds.filter((x): x is string => typeof x === 'string') };
  }
  return null;
}

export interface VisibilityInput {
  /** admin or system provider (§6): every department, hidden ones included */
  privileged: boolean;
  /** the query ranges stored on the user's roles */
  ranges: readonly QueryRange[];
  departments: readonly DepartmentNode[];
  /** departments the user is a person of */
  memberOf: ReadonlySet<string>;
}

/**
 * §6: admin and system provider see all departments; others see what their query ranges give (their own
 * departments when none is stored), minus isAllHide departments and isHide departments they are not a
 * member of (with everything below them).
 */
export function visibleDepartmentIds(input: VisibilityInput): Set<string> {
  const all = input.departments.map((d) => d.departmentId);
  if (input.privileged) return new Set(all);
  let granted: Set<string>;
  if (input.ranges.some((r) => r.range === 'all')) granted = new Set(all);
  else {
    granted = new Set(input.memberOf);
    for (const r of input.ranges) {
      if (r.range === 'departmentAndSubordinateDepartments') for (const id of withDescendants(input.departments, input.memberOf)) granted.add(id);
      if (r.range === 'specificDepartment') for (const id of r.departmentIds) granted.add(id);
    }
  }
  const exists = new Set(all);
  const allHidden = withDescendants(input.departments, input.departments.filter((d) => d.isAllHide === 1).map((d) => d.departmentId));
  const memberHidden = withDescendants(input.departments,
    input.departments.filter((d) => d.isHide === 1 && !input.memberOf.has(d.departmentId)).map((d) => d.departmentId));
  // a member of a department below an isHide one still sees their own department
  return new Set([...granted].filter((id) => exists.has(id) && !allHidden.has(id) && (!memberHidden.has(id) || input.memberOf.has(id))));
}

// §6 department lists hide isHide/isAllHide departments when the current org differs from the given current
// org id, unless the user has an admin_ role or code 999
export function hidesHiddenForOtherOrg(currentOrgId: string | undefined, requestOrgId: string, roles: readonly { name: string; code: string }[]): boolean {
  if (!currentOrgId || currentOrgId === requestOrgId) return false;
  return !roles.some((r) => r.name.startsWith('admin_') || r.code === ROLE_CODE.systemProvider);
}

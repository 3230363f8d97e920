// §3 department fields and the §5/§6 rules on the department tree: subtree walks, moves without cycles,
// the createPermision check and which update fields count.

export const ROOT_DEPARTMENT = '-1';

export interface DepartmentNode {
  departmentId: string;
  parentId: string;
  /** §3 0/1 */
  isHide: number;
  /** §3 0/1 */
  isAllHide: number;
  roleConfig?: { createPermision?: { enable?: boolean; roleNames?: readonly string[] } };
}

/** The ids given and every department below them. */
export function withDescendants(departments: readonly Pick<DepartmentNode, 'departmentId' | 'parentId'>[], ids: Iterable<string>): Set<string> {
  const children = new Map<string, string[]>();
  for (const d of departments) {
    const list = children.get(d.parentId) ?? [];
    list.push(d.departmentId);
    children.set(d.parentId, list);
  }
  const out = new Set<string>();
  const stack = [...ids];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The ancestors of a department, nearest first (not the department itself). */
export function ancestorsOf(departments: readonly Pick<DepartmentNode, 'departmentId' | 'parentId'>[], id: string): string[] {
  const byId = new Map(departments.map((d) => [d.departmentId, d]));
  const out: string[] = [];
  let parent = byId.get(id)?.parentId;
  while (parent && parent !== ROOT_DEPARTMENT && byId.has(parent) && !out.includes(parent)) {
    out.push(parent);
    parent = byId.get(parent)!.parentId;
  }
  return out;
}

/** Moving `id` under `newParentId` would put it below itself. */
export function moveMakesCycle(departments: readonly Pick<DepartmentNode, 'departmentId' | 'parentId'>[], id: string, newParentId: string): boolean {
  if (newParentId === ROOT_DEPARTMENT) return false;
  return withDescendants(departments, [id]).has(newParentId);
}

// §6 creating under a department is allowed when it has no enabled createPermision, or the user holds a
// listed roleName, or the override flag is set
export function canCreateUnder(department: Pick<DepartmentNode, 'roleConfig'> | undefined, userRoleNames: readonly string[], override: boolean): boolean {
  const rule = department?.roleConfig?.createPermision;
  if (!rule?.enable || override) return true;
  return (rule.roleNames ?? []).some((n) => userRoleNames.includes(n));
}

export interface DepartmentUpdateInput {
  departmentName?: string | null;
  parentId?: string | null;
  sort?: number | string | null;
}

// §5 department update: name and parent only when non-empty, sort only when numeric
export function departmentUpdateFields(input: DepartmentUpdateInput): { departmentName?: string; parentId?: string; sort?: number } {
  const out: { departmentName?: string; parentId?: string; sort?: number } = {};
  if (typeof input.departmentName === 'string' && input.departmentName.trim() !== '') out.departmentName = input.departmentName.trim();
  if (typeof input.parentId === 'string' && input.parentId.trim() !== '') out.parentId = input.parentId.trim();
  const sort = typeof input.sort === 'string' && input.sort.trim() !== '' ? Number(input.sort) : input.sort;
  if (typeof sort === 'number' && Number.isFinite(sort)) out.sort = Math.trunc(sort);
  return out;
}

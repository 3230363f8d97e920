// §7 contacts: the department tree and its persons. Contacts return plain arrays (no {rows, count}).
import type { AxiosResponseTransformer } from 'axios';
import { queryOptions } from '@tanstack/react-query';
import { PAGE } from '../domain/constants.ts';
import { readContactPages } from '../domain/contactsPaging.ts';
import { departmentUpdateFields, type DepartmentUpdateInput } from '../domain/departmentRules.ts';
import { ApiError, del, get, post, put } from './http.ts';

/** §8 the texts the server and this module share. */
export const CONTACTS_MESSAGES = {
  personExists: '部门联系人已存在',
  needDepartment: '请指定查询的部门',
} as const;

export interface CreatePermission {
  enable?: boolean;
  roleNames?: string[];
}

/** §3 department */
export interface Department {
  departmentId: string;
  parentId: string;
  departmentName: string;
  sort: number;
  isHide: number;
  isAllHide: number;
  type: number;
  roleConfig?: { createPermision?: CreatePermission; [k: string]: unknown };
  orgId?: string;
}

/** §3 person */
export interface Person {
  userId: string;
  name: string;
  pinyinFirst?: string;
  phoneNumber: string;
  username?: string;
  showPhoneNumber: boolean;
  gender: string;
  unit: string;
  status: number;
  duties: string;
  sort: number;
  department: { departmentId: string; departmentName: string }[];
  /** the version of the person as read (issue 31): an edit sends it back, a stale one is the shared 409 */
  version?: number;
}

export interface NewDepartment {
  departmentName: string;
  parentId?: string;
  /** bulk only: the parent by name (an existing department or an earlier row) */
  parentName?: string;
  type?: number;
  sort?: number;
  isHide?: number;
  isAllHide?: number;
  roleConfig?: Department['roleConfig'];
}

export interface PersonInput {
  userId?: string;
  name?: string;
  phoneNumber?: string;
  showPhoneNumber?: boolean;
  gender?: string;
  unit?: string;
  status?: number;
  duties?: string;
  sort?: number;
  department?: string[];
}

/** A bulk call the server refused row by row (422 data.errors); nothing was written. */
export interface RowError {
  row: number;
  message: string;
}
export class RowErrorsError extends ApiError {
  readonly errors: RowError[];
  constructor(cause: ApiError, errors: RowError[]) {
    super(cause.status, cause.statusCode, cause.statusText);
    this.errors = errors;
  }
}

// repeated query parameters as the server reads them: departmentId=a&departmentId=b

// §7 GET /v3/contacts/department (always ordered by id ascending)
export async function fetchDepartments(params: { parentId?: string; departmentName?: string; $limit?: number } = {}): Promise<Department[]> {
  return (await get<Department[]>('/v3/contacts/department', { $limit: PAGE.contacts, ...params })) ?? [];
}

// §7 POST /v3/contacts/department (parentId, departmentName, type, roleConfig, isHide, isAllHide, sort)
export function createDepartment(input: NewDepartment): Promise<Department> {
  return post<Department>('/v3/contacts/department', { type: 1, parentId: '-1', ...input });
}

export interface DepartmentChange extends DepartmentUpdateInput {
  isHide?: number;
  isAllHide?: number;
  roleConfig?: Department['roleConfig'];
}

// §7 PUT /v3/contacts/department/{id}; §5 name and parent only when non-empty, sort only when numeric
export function updateDepartment(departmentId: string, change: DepartmentChange, version?: number): Promise<Department> {
  // the version read (issue 31): a department changed by someone else meanwhile is the shared 409
  const body: Record<string, unknown> = { ...departmentUpdateFields(change), ...(version !== undefined && { version }) };
  if (change.isHide !== undefined) body.isHide = change.isHide;
  if (change.isAllHide !== undefined) body.isAllHide = change.isAllHide;
  if (change.roleConfig !== undefined) body.roleConfig = change.roleConfig;
  return put<Department>(`/v3/contacts/department/${encodeURIComponent(departmentId)}`, body);
}

// §7 DELETE /v3/contacts/department/{id}
export function deleteDepartment(departmentId: string): Promise<unknown> {
  return del(`/v3/contacts/department/${encodeURIComponent(departmentId)}`);
}

export interface PersonQuery {
  departmentId?: string[];
  search?: string;
}

// §7 GET /v3/contacts/person: one page
export async function fetchPersonPage(q: PersonQuery, skip: number, limit: number): Promise<Person[]> {
  const params: Record<string, unknown> = { $limit: limit, $skip: skip };
  if (q.departmentId?.length) params.departmentId = q.departmentId;
  if (q.search?.trim()) params.search = q.search.trim();
  return (await get<Person[]>('/v3/contacts/person', params)) ?? [];
}

/** §9 every person: pages of 5000, three in parallel after a full first page; `onPage` sees each page. */
export function fetchAllPersons(q: PersonQuery, onPage?: (rows: Person[], skip: number) => void): Promise<Person[]> {
  return readContactPages((skip, limit) => fetchPersonPage(q, skip, limit), onPage);
}

// §7 GET /v3/contacts/person?search (§5: letters → pinyin initials, digits → phone, Chinese → name)
export function searchPersons(search: string, limit: number = PAGE.personSearch): Promise<Person[]> {
  return fetchPersonPage({ search }, 0, limit);
}


/** The person, or `existing` when 部门联系人已存在 (§5: counted as success). */
export type CreatePersonResult = { existing: false; person: Person } | { existing: true; person: null };

// §7 POST /v3/contacts/person; §5 部门联系人已存在 counts as success, other errors are rethrown
export async function createPerson(input: PersonInput): Promise<CreatePersonResult> {
  const { userId: _ignored, ...body } = input;
  try {
    return { existing: false, person: await post<Person>('/v3/contacts/person', { showPhoneNumber: true, gender: '男', ...body }) };
  } catch (e) {
    if (e instanceof ApiError && e.statusText === CONTACTS_MESSAGES.personExists) return { existing: true, person: null };
    throw e;
  }
}

/** §5 person update: only defined fields; the phone number also as username (§3). Null when nothing to send. */
export function personUpdateBody(input: PersonInput): Record<string, unknown> | null {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (k !== 'userId' && v !== undefined) body[k] = v;
  if (typeof body.phoneNumber === 'string') body.username = body.phoneNumber;
  return Object.keys(body).length ? body : null;
}

// §7 PUT /v3/contacts/person/{id}; §5 nothing is sent when no field is defined
export async function updatePerson(userId: string, input: PersonInput, version?: number): Promise<Person | null> {
  const body = personUpdateBody(input);
  if (!body) return null;
  // the version read (issue 31): a person changed by someone else meanwhile is the shared 409
  return put<Person>(`/v3/contacts/person/${encodeURIComponent(userId)}`, { ...body, ...(version !== undefined && { version }) });
}

// §7 DELETE /v3/contacts/person (userId list)
export function deletePersons(userIds: string[]): Promise<{ count: number }> {
  return del('/v3/contacts/person', { userId: userIds });
}

// §7 PUT /v3/contacts/person/department: move persons to `department` (from `from`, else from every visible one)
export function movePersons(userIds: string[], department: string[], from?: string[]): Promise<Person[]> {
  return put('/v3/contacts/person/department', { userId: userIds, department, ...(from?.length && { departmentId: from }) });
}

/** A bulk call: a 422 answer's data.errors become a RowErrorsError. */
async function bulk<T>(method: 'post' | 'put', url: string, body: unknown): Promise<T> {
  let answer: unknown;
  const capture: AxiosResponseTransformer = (raw: unknown) => {
    let parsed = raw;
    if (typeof raw === 'string') {
      try { parsed = JSON.parse(raw); } catch { parsed = raw; }
    }
    answer = parsed;
    return parsed;
  };
  try {
    return await (method === 'post' ? post<T> : put<T>)(url, body, { transformResponse: [capture] });
  } catch (e) {
    const errors = (answer as { data?: { errors?: unknown } } | undefined)?.data?.errors;
    if (e instanceof ApiError && Array.isArray(errors)) throw new RowErrorsError(e, errors as RowError[]);
    throw e;
  }
}

// §7 POST /v3/contacts/department/bulk (all or nothing; parents by parentName)
export function bulkCreateDepartments(departments: NewDepartment[]): Promise<Department[]> {
  return bulk('post', '/v3/contacts/department/bulk', { departments });
}

// §7 POST /v3/contacts/person/bulk (rows already there are skipped)
export function bulkCreatePersons(persons: PersonInput[]): Promise<{ count: number; existing: number; userIds: string[] }> {
  return bulk('post', '/v3/contacts/person/bulk', { persons });
}

// §7 PUT /v3/contacts/person/bulk (by userId, else by phone number)
export function bulkUpdatePersons(persons: PersonInput[]): Promise<{ count: number }> {
  return bulk('put', '/v3/contacts/person/bulk', { persons });
}

/** Query keys: the live-update roots 'departments' and 'contacts' first (src/app/liveUpdates.ts), then the org. */
export const departmentKeys = {
  all: ['departments'] as const,
  tree: (orgId: string | undefined) => [...departmentKeys.all, orgId, 'tree'] as const,
};
export const contactKeys = {
  all: ['contacts'] as const,
  persons: (orgId: string | undefined, q: PersonQuery) => [...contactKeys.all, orgId, 'persons', q.departmentId ?? null, q.search ?? ''] as const,
};

/** The org's whole department tree. */
export const departmentsQuery = (orgId: string | undefined) => queryOptions({
  queryKey: departmentKeys.tree(orgId),
  queryFn: () => fetchDepartments(),
  enabled: Boolean(orgId),
});

/** Every person matching `q` (§9 pages of 5000); `onPage` sees each page as it arrives. */
export const personsQuery = (orgId: string | undefined, q: PersonQuery, onPage?: (rows: Person[], skip: number) => void) => queryOptions({
  queryKey: contactKeys.persons(orgId, q),
  queryFn: () => fetchAllPersons(q, onPage),
  enabled: Boolean(orgId),
});

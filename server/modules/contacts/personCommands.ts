// Adding and updating persons, shared by the single and the bulk routes. A person is a user of the org:
// a phone number the platform does not know becomes a new user (default password, §5) who joins the
// org-app. Every row is checked before anything is written; bad rows come back together.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { NewEvent, Tx } from '../../store/eventStore.ts';
import { badRequest, conflict, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { hashPassword } from '../../auth/password.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { pinyinInitials } from '../../../domain/contactSearch.ts';
import { canCreateUnder } from '../../../domain/departmentRules.ts';
import { defaultPassword, orgUserCount, userLimitOf } from '../users/userCommands.ts';
import type { UserCreated } from '../users/projection.ts';
import { appendContacts, CONTACTS_TEXT, lockContacts, RowErrorsFailure, type RowError } from './commands.ts';
import { scopeOf, type ContactsScope } from './scope.ts';
import type { PersonChange, PersonData, PersonLink } from './projection.ts';
import { visibleDepartment } from './departmentRoutes.ts';

export interface PersonInput {
  userId?: string;
  name?: string;
  phoneNumber?: string;
  /** the console sends the phone number as username on update (§3) */
  username?: string;
  showPhoneNumber?: boolean;
  gender?: string;
  unit?: string;
  status?: number;
  duties?: string;
  sort?: number;
  department?: string[];
  departmentId?: string;
}

export const personProps = {
  userId: { type: 'string', minLength: 1, maxLength: 128 },
  name: { type: 'string', maxLength: 64 },
  phoneNumber: { type: 'string', maxLength: 32 },
  username: { type: 'string', maxLength: 32 },
  showPhoneNumber: { type: 'boolean' },
  gender: { type: 'string', enum: ['男', '女', ''] },
  unit: { type: 'string', maxLength: 128 },
  status: { type: 'integer', minimum: -99, maximum: 99 },
  duties: { type: 'string', maxLength: 128 },
  sort: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
  department: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 128 }, description: 'department ids' },
  departmentId: { type: 'string', minLength: 1, maxLength: 128 },
} as const;

const departmentsOfInput = (i: PersonInput) => [...new Set([...(i.department ?? []), ...(i.departmentId ? [i.departmentId] : [])])];

/** Departments a person may be put in by this user: visible, and the §6 createPermision holds. */
function checkTargets(scope: ContactsScope, ids: string[]): void {
  for (const id of ids) {
    const d = visibleDepartment(scope, id);
    if (!canCreateUnder(d, scope.roleNames, scope.privileged)) throw unprocessable(CONTACTS_TEXT.noCreatePermission(d.departmentName));
  }
}

/** Collects per-row failures of a batch; a single create gets the first one as a plain error. */
function collect<T>(inputs: T[], check: (input: T, row: number) => void, single: boolean): void {
  const errors: RowError[] = [];
  inputs.forEach((input, row) => {
    try {
      check(input, row);
    } catch (e) {
      if (single || !(e instanceof HttpError)) throw e;
      errors.push({ row, message: e.message });
    }
  });
  if (errors.length) throw new RowErrorsFailure(errors);
}

export interface AddResult { userIds: string[]; existing: string[] }

export async function addPersons(
  tx: Tx, request: FastifyRequest, now: Date, demoPassword: string, inputs: PersonInput[], single: boolean,
): Promise<AddResult> {
  const { orgId, appId } = request.orgApp!;
  await lockContacts(tx, orgId);
  const scope = await scopeOf(tx, request);
  const seen = new Set<string>();
  const rows = inputs.map((i) => ({
    input: i, phone: (i.phoneNumber ?? i.username ?? '').trim(), name: (i.name ?? '').trim(), departments: departmentsOfInput(i),
  }));
  collect(rows, (r) => {
    if (!r.name) throw badRequest(CONTACTS_TEXT.emptyName);
    if (!isValidPhone(r.phone)) throw badRequest(CONTACTS_TEXT.badPhone(r.phone));
    if (seen.has(r.phone)) throw badRequest(CONTACTS_TEXT.duplicatePhone(r.phone));
    seen.add(r.phone);
    if (r.departments.length === 0) throw badRequest(CONTACTS_TEXT.noDepartment);
    checkTargets(scope, r.departments);
  }, single);

  const phones = rows.map((r) => r.phone);
  const users = new Map<string, string>(); // phone → userId
  for (let i = 0; i < phones.length; i += 1000) {
    const part = await tx.selectFrom('users').select(['user_id', 'username']).where('username', 'in', phones.slice(i, i + 1000)).execute();
    for (const u of part) users.set(u.username, u.user_id);
  }
  const known = [...users.values()];
  const persons = new Set<string>();
  const links = new Set<string>();
  const members = new Set<string>();
  for (let i = 0; i < known.length; i += 1000) {
    const ids = known.slice(i, i + 1000);
    const [p, l, m] = await Promise.all([
      tx.selectFrom('contact_persons').select('user_id').where('org_id', '=', orgId).where('user_id', 'in', ids).execute(),
      tx.selectFrom('contact_person_departments').select(['user_id', 'department_id']).where('org_id', '=', orgId).where('user_id', 'in', ids).execute(),
      tx.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('app_id', '=', appId).where('user_id', 'in', ids).execute(),
    ]);
    p.forEach((r) => persons.add(r.user_id));
    l.forEach((r) => links.add(`${r.user_id}/${r.department_id}`));
    m.forEach((r) => members.add(r.user_id));
  }

  const newUsers: UserCreated[] = [];
  const joins: string[] = [];
  const newPersons: PersonData[] = [];
  const newLinks: PersonLink[] = [];
  const extraLinks: PersonLink[] = [];
  const result: AddResult = { userIds: [], existing: [] };
  let passwordHash: string | undefined;
  for (const r of rows) {
    let userId = users.get(r.phone);
    if (!userId) {
      userId = crypto.randomUUID();
      passwordHash ??= await hashPassword(defaultPassword(demoPassword));
      newUsers.push({
        userId, username: r.phone, name: r.name, email: '', passwordHash, isDev: false, enable: true, expiration: null, isRegister: true, isNotRouterHome: false,
      });
    }
    if (!members.has(userId)) joins.push(userId);
    result.userIds.push(userId);
    const missing = r.departments.filter((d) => !links.has(`${userId}/${d}`)).map((departmentId) => ({ userId: userId!, departmentId }));
    if (persons.has(userId)) {
      if (missing.length === 0) {
        if (single) throw conflict(CONTACTS_TEXT.personExists);
        result.existing.push(userId);
      }
      extraLinks.push(...missing);
    } else {
      const i = r.input;
      newPersons.push({
        userId, name: r.name, pinyinFirst: pinyinInitials(r.name), phoneNumber: r.phone, showPhoneNumber: i.showPhoneNumber ?? true,
        gender: i.gender || '男', unit: i.unit ?? '', status: i.status ?? 1, duties: i.duties ?? '', sort: i.sort ?? 0,
      });
      newLinks.push(...missing);
    }
  }

  if (joins.length) {
    const limit = await userLimitOf(tx, orgId);
    if (limit !== null) {
      const inOrg = await orgUserCount(tx, orgId);
      if (inOrg + joins.length > limit) throw unprocessable(CONTACTS_TEXT.limit(limit));
    }
  }
  const events: NewEvent[] = [];
  if (newUsers.length || joins.length) events.push({ type: 'ContactUsersCreated', data: { appId, users: newUsers, joinUserIds: joins } });
  if (newPersons.length) events.push({ type: 'PersonsAdded', data: { persons: newPersons, links: newLinks } });
  if (extraLinks.length) events.push({ type: 'PersonDepartmentsAdded', data: { links: extraLinks } });
  if (events.length) await appendContacts(tx, request, now, events);
  return result;
}

/** A person of the org the user may see (in a visible department; any person for admins and providers). */
export async function visiblePersonIds(tx: Tx, scope: ContactsScope, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    if (scope.privileged) {
      const rows = await tx.selectFrom('contact_persons').select('user_id').where('org_id', '=', scope.orgId).where('user_id', 'in', part).execute();
      rows.forEach((r) => out.add(r.user_id));
    } else if (scope.visible.size) {
      const rows = await tx.selectFrom('contact_person_departments').select('user_id').where('org_id', '=', scope.orgId)
        .where('user_id', 'in', part).where('department_id', 'in', [...scope.visible]).execute();
      rows.forEach((r) => out.add(r.user_id));
    }
  }
  return out;
}

/** Updates persons with only the fields each row defines (§5); `department` replaces the person's departments. */
export async function updatePersons(tx: Tx, request: FastifyRequest, now: Date, inputs: PersonInput[], single: boolean): Promise<string[]> {
  const { orgId } = request.orgApp!;
  await lockContacts(tx, orgId);
  const scope = await scopeOf(tx, request);
  const byPhone = new Map<string, string>();
  const phones = inputs.filter((i) => !i.userId && (i.phoneNumber ?? i.username)).map((i) => (i.phoneNumber ?? i.username)!.trim());
  for (let i = 0; i < phones.length; i += 1000) {
    const rows = await tx.selectFrom('contact_persons').select(['user_id', 'phone_number']).where('org_id', '=', orgId).where('phone_number', 'in', phones.slice(i, i + 1000)).execute();
    rows.forEach((r) => byPhone.set(r.phone_number, r.user_id));
  }
  const ids = inputs.map((i) => i.userId ?? byPhone.get((i.phoneNumber ?? i.username ?? '').trim()) ?? '');
  const visible = await visiblePersonIds(tx, scope, ids.filter(Boolean));
  const current = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await tx.selectFrom('contact_person_departments').select(['user_id', 'department_id']).where('org_id', '=', orgId)
      .where('user_id', 'in', ids.slice(i, i + 1000).filter(Boolean).concat('')).execute();
    for (const r of rows) current.set(r.user_id, [...(current.get(r.user_id) ?? []), r.department_id]);
  }
  const changes: PersonChange[] = [];
  const added: PersonLink[] = [];
  const removed: PersonLink[] = [];
  const seen = new Set<string>();
  collect(inputs, (i, row) => {
    const userId = ids[row];
    if (!userId || !visible.has(userId)) throw notFound(CONTACTS_TEXT.personMissing(i.userId ?? i.phoneNumber ?? i.username ?? ''));
    if (seen.has(userId)) throw badRequest(CONTACTS_TEXT.duplicatePhone(i.phoneNumber ?? userId));
    seen.add(userId);
    const change: PersonChange = { userId };
    if (i.name !== undefined) {
      if (!i.name.trim()) throw badRequest(CONTACTS_TEXT.emptyName);
      change.name = i.name.trim();
      change.pinyinFirst = pinyinInitials(change.name);
    }
    if (i.userId && i.phoneNumber !== undefined) {
      if (!isValidPhone(i.phoneNumber.trim())) throw badRequest(CONTACTS_TEXT.badPhone(i.phoneNumber));
      change.phoneNumber = i.phoneNumber.trim();
    }
    if (i.showPhoneNumber !== undefined) change.showPhoneNumber = i.showPhoneNumber;
    if (i.gender !== undefined) change.gender = i.gender || '男';
    if (i.unit !== undefined) change.unit = i.unit;
    if (i.status !== undefined) change.status = i.status;
    if (i.duties !== undefined) change.duties = i.duties;
    if (i.sort !== undefined) change.sort = i.sort;
    if (Object.keys(change).length > 1) changes.push(change);
    if (i.department !== undefined || i.departmentId !== undefined) {
      const target = departmentsOfInput(i);
      if (target.length === 0) throw badRequest(CONTACTS_TEXT.noDepartment);
      checkTargets(scope, target);
      const now = current.get(userId) ?? [];
      // departments the user cannot see stay as they are
      removed.push(...now.filter((d) => !target.includes(d) && scope.visible.has(d)).map((departmentId) => ({ userId, departmentId })));
      added.push(...target.filter((d) => !now.includes(d)).map((departmentId) => ({ userId, departmentId })));
    }
  }, single);
  const events: NewEvent[] = [];
  if (changes.length) events.push({ type: 'PersonsUpdated', data: { persons: changes } });
  if (removed.length) events.push({ type: 'PersonDepartmentsRemoved', data: { links: removed } });
  if (added.length) events.push({ type: 'PersonDepartmentsAdded', data: { links: added } });
  if (events.length) await appendContacts(tx, request, now, events);
  return ids;
}

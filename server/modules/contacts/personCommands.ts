// Adding and updating persons, shared by the single and the bulk routes. A person is a user of the org:
// a phone number the platform does not know becomes a new user (default password, §5) who joins the
// org-app. Every row is checked before anything is written; bad rows come back together.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tx } from '../../store/eventStore.ts';
import type { Database } from '../../store/schema.ts';
import { hashPassword } from '../../auth/password.ts';
import { personAlreadyThere, type NewPerson, type PersonFields, type PersonUpdate } from '../../../domain/aggregates/contacts.ts';
import { orgUserCount, userLimitOf } from '../users/userCommands.ts';
import { decideContacts, readVersion, viewerOf, type ReadVersion } from './commands.ts';
import type { ContactsScope } from './scope.ts';

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
  /** an update: the version of the person read (issue 31); a stale one is a 409 */
  version?: number;
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
  version: { type: 'integer', minimum: 0, description: 'updates: the version of the person read (a stale one is refused with 409); ignored when adding' },
} as const;

const departmentsOfInput = (i: PersonInput) => [...new Set([...(i.department ?? []), ...(i.departmentId ? [i.departmentId] : [])])];

const fieldsOf = (i: PersonInput): PersonFields => ({
  ...(i.showPhoneNumber !== undefined && { showPhoneNumber: i.showPhoneNumber }), ...(i.gender !== undefined && { gender: i.gender }),
  ...(i.unit !== undefined && { unit: i.unit }), ...(i.status !== undefined && { status: i.status }),
  ...(i.duties !== undefined && { duties: i.duties }), ...(i.sort !== undefined && { sort: i.sort }),
});

export interface AddResult { userIds: string[]; existing: string[] }

/** Adds persons: phone numbers looked up among the platform's users, memberships and the user limit passed in. */
export async function addPersons(
  db: Kysely<Database>, request: FastifyRequest, now: Date, initialPassword: string, inputs: PersonInput[], single: boolean,
): Promise<AddResult> {
  const { orgId, appId } = request.orgApp!;
  let persons: NewPerson[] = [];
  const { loaded } = await decideContacts(db, request, now, async (tx, scope) => {
    const rows = inputs.map((i) => ({ input: i, phone: (i.phoneNumber ?? i.username ?? '').trim(), name: (i.name ?? '').trim(), departments: departmentsOfInput(i) }));
    const phones = [...new Set(rows.map((r) => r.phone).filter(Boolean))];
    const users = new Map<string, string>(); // phone → userId
    for (let i = 0; i < phones.length; i += 1000) {
      const part = await tx.selectFrom('users').select(['user_id', 'username']).where('username', 'in', phones.slice(i, i + 1000)).execute();
      for (const u of part) users.set(u.username, u.user_id);
    }
    const known = [...users.values()];
    const members = new Set<string>();
    for (let i = 0; i < known.length; i += 1000) {
      const m = await tx.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('app_id', '=', appId).where('user_id', 'in', known.slice(i, i + 1000)).execute();
      m.forEach((r) => members.add(r.user_id));
    }
    const fresh = new Map<string, string>(); // a new user per unknown phone number
    persons = rows.map((r) => {
      const knownId = users.get(r.phone);
      const userId = knownId ?? fresh.get(r.phone) ?? crypto.randomUUID();
      if (!knownId) fresh.set(r.phone, userId);
      return { ...fieldsOf(r.input), phone: r.phone, name: r.name, departments: r.departments, userId, newUser: !knownId, member: members.has(userId) };
    });
    const passwordHash = fresh.size ? await hashPassword(initialPassword) : '';
    const max = await userLimitOf(tx, orgId);
    const limit = max === null ? null : { max, members: await orgUserCount(tx, orgId) };
    return {
      command: { type: 'AddPersons', appId, persons, viewer: viewerOf(scope), single, passwordHash, limit },
      userIds: persons.map((p) => p.userId), batch: !single,
    };
  });
  return { userIds: persons.map((p) => p.userId), existing: persons.filter((p) => personAlreadyThere(loaded, p)).map((p) => p.userId) };
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
export async function updatePersons(db: Kysely<Database>, request: FastifyRequest, now: Date, inputs: PersonInput[], single: boolean): Promise<string[]> {
  const { orgId } = request.orgApp!;
  let ids: string[] = [];
  // each row by userId may name the version read (the single update: body or If-Match): a stale one is a 409
  const read: ReadVersion[] = single && inputs[0]?.userId
    ? readVersion(request, 'person', inputs[0].userId)
    : inputs.filter((i) => i.userId && i.version !== undefined).map((i) => ({ kind: 'person', id: i.userId!, version: i.version! }));
  await decideContacts(db, request, now, async (tx, scope) => {
    const byPhone = new Map<string, string>();
    const phones = inputs.filter((i) => !i.userId && (i.phoneNumber ?? i.username)).map((i) => (i.phoneNumber ?? i.username)!.trim());
    for (let i = 0; i < phones.length; i += 1000) {
      const rows = await tx.selectFrom('contact_persons').select(['user_id', 'phone_number']).where('org_id', '=', orgId).where('phone_number', 'in', phones.slice(i, i + 1000)).execute();
      rows.forEach((r) => byPhone.set(r.phone_number, r.user_id));
    }
    ids = inputs.map((i) => i.userId ?? byPhone.get((i.phoneNumber ?? i.username ?? '').trim()) ?? '');
    const visiblePersons = await visiblePersonIds(tx, scope, ids.filter(Boolean));
    const persons: PersonUpdate[] = inputs.map((i, row) => ({
      ...fieldsOf(i), userId: ids[row], label: i.userId ?? i.phoneNumber ?? i.username ?? '', sentPhone: i.phoneNumber,
      ...(i.name !== undefined && { name: i.name }),
      ...(i.userId && i.phoneNumber !== undefined && { phoneNumber: i.phoneNumber }),
      ...((i.department !== undefined || i.departmentId !== undefined) && { departments: departmentsOfInput(i) }),
    }));
    return { command: { type: 'UpdatePersons', persons, visiblePersons, viewer: viewerOf(scope), single }, userIds: ids, batch: !single };
  }, read);
  return ids;
}

// Contacts projections (§3 department, person): departments, persons and person-department links.
// List events carry many rows so a bulk import of thousands is a handful of events and multi-row inserts.
import { sql } from 'kysely';
import { defineProjection } from '../../store/projections.ts';
import type { Tx } from '../../store/eventStore.ts';
import type { ContactUsersCreated, DepartmentChange, DepartmentData, PersonChange, PersonData, PersonLink } from '../../../domain/aggregates/contacts.ts';

// the event types live with their decider (domain/aggregates/contacts.ts); re-exported for the seeds and orgInit
export type { ContactUsersCreated, DepartmentChange, DepartmentData, PersonChange, PersonData, PersonLink };

const CHUNK = 1000;
const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));
/** Creation order from the event's position: the same on every replay. */
const seqOf = (position: number, i: number) => String(position * 100_000 + i);

async function insertLinks(tx: Tx, orgId: string, links: PersonLink[]) {
  for (const part of chunks(links)) {
    await tx.insertInto('contact_person_departments').values(part.map((l) => ({ org_id: orgId, department_id: l.departmentId, user_id: l.userId })))
      .onConflict((c) => c.columns(['org_id', 'department_id', 'user_id']).doNothing()).execute();
  }
}

/** A person's departments are part of the person an editor holds: a change of them moves the person's version. */
async function touchPersons(tx: Tx, orgId: string, userIds: string[], streamVersion: number) {
  for (const part of chunks([...new Set(userIds)])) {
    await tx.updateTable('contact_persons').set({ version: streamVersion }).where('org_id', '=', orgId).where('user_id', 'in', part).execute();
  }
}

defineProjection({
  ContactUsersCreated: async (tx, { data, orgId, meta }: { data: ContactUsersCreated; orgId: string; meta: { time: string } }) => {
    for (const part of chunks(data.users)) {
      await tx.insertInto('users').values(part.map((u) => ({
        org_id: 'system', user_id: u.userId, username: u.username, name: u.name, email: u.email, password_hash: u.passwordHash, is_dev: u.isDev,
        enable: u.enable, expiration: u.expiration, is_register: u.isRegister, is_not_router_home: u.isNotRouterHome, first_login: true, created_at: meta.time,
        password_change_required: u.mustChangePassword ?? false,
      }))).execute();
    }
    for (const part of chunks(data.joinUserIds)) {
      await tx.insertInto('org_app_users').values(part.map((userId) => ({ org_id: orgId, app_id: data.appId, user_id: userId, extra_info: '{}' })))
        .onConflict((c) => c.columns(['org_id', 'app_id', 'user_id']).doNothing()).execute();
    }
  },
  DepartmentsCreated: async (tx, { data, orgId, position, streamVersion }: { data: { departments: DepartmentData[] }; orgId: string; position: number; streamVersion: number }) => {
    let i = 0;
    for (const part of chunks(data.departments)) {
      await tx.insertInto('contact_departments').values(part.map((d) => ({
        org_id: orgId, department_id: d.departmentId, seq: seqOf(position, i++), parent_id: d.parentId, department_name: d.departmentName, type: d.type,
        sort: d.sort, is_hide: d.isHide, is_all_hide: d.isAllHide, role_config: JSON.stringify(d.roleConfig), version: streamVersion,
      }))).execute();
    }
  },
  DepartmentsUpdated: async (tx, { data, orgId, streamVersion }: { orgId: string; data: { departments: DepartmentChange[] }; streamVersion: number }) => {
    for (const d of data.departments) {
      const set = {
        ...(d.departmentName !== undefined && { department_name: d.departmentName }),
        ...(d.parentId !== undefined && { parent_id: d.parentId }),
        ...(d.type !== undefined && { type: d.type }),
        ...(d.sort !== undefined && { sort: d.sort }),
        ...(d.isHide !== undefined && { is_hide: d.isHide }),
        ...(d.isAllHide !== undefined && { is_all_hide: d.isAllHide }),
        ...(d.roleConfig !== undefined && { role_config: JSON.stringify(d.roleConfig) }),
      };
      await tx.updateTable('contact_departments').set({ ...set, version: streamVersion }).where('department_id', '=', d.departmentId).where('org_id', '=', orgId).execute();
    }
  },
  DepartmentDeleted: async (tx, { data, orgId }: { data: { departmentId: string }; orgId: string }) => {
    await tx.deleteFrom('contact_person_departments').where('org_id', '=', orgId).where('department_id', '=', data.departmentId).execute();
    await tx.deleteFrom('contact_departments').where('department_id', '=', data.departmentId).where('org_id', '=', orgId).execute();
  },
  PersonsAdded: async (tx, { data, orgId, position, streamVersion }: { data: { persons: PersonData[]; links: PersonLink[] }; orgId: string; position: number; streamVersion: number }) => {
    let i = 0;
    for (const part of chunks(data.persons)) {
      await tx.insertInto('contact_persons').values(part.map((p) => ({
        org_id: orgId, user_id: p.userId, seq: seqOf(position, i++), name: p.name, pinyin_first: p.pinyinFirst, phone_number: p.phoneNumber,
        show_phone_number: p.showPhoneNumber, gender: p.gender, unit: p.unit, status: p.status, duties: p.duties, sort: p.sort, version: streamVersion,
      }))).execute();
    }
    await insertLinks(tx, orgId, data.links);
    await touchPersons(tx, orgId, data.links.map((l) => l.userId), streamVersion);
  },
  PersonsUpdated: async (tx, { data, orgId, streamVersion }: { data: { persons: PersonChange[] }; orgId: string; streamVersion: number }) => {
    for (const p of data.persons) {
      const set = {
        ...(p.name !== undefined && { name: p.name }),
        ...(p.pinyinFirst !== undefined && { pinyin_first: p.pinyinFirst }),
        ...(p.phoneNumber !== undefined && { phone_number: p.phoneNumber }),
        ...(p.showPhoneNumber !== undefined && { show_phone_number: p.showPhoneNumber }),
        ...(p.gender !== undefined && { gender: p.gender }),
        ...(p.unit !== undefined && { unit: p.unit }),
        ...(p.status !== undefined && { status: p.status }),
        ...(p.duties !== undefined && { duties: p.duties }),
        ...(p.sort !== undefined && { sort: p.sort }),
      };
      await tx.updateTable('contact_persons').set({ ...set, version: streamVersion }).where('org_id', '=', orgId).where('user_id', '=', p.userId).execute();
    }
  },
  PersonsRemoved: async (tx, { data, orgId }: { data: { userIds: string[] }; orgId: string }) => {
    for (const part of chunks(data.userIds)) {
      await tx.deleteFrom('contact_person_departments').where('org_id', '=', orgId).where('user_id', 'in', part).execute();
      await tx.deleteFrom('contact_persons').where('org_id', '=', orgId).where('user_id', 'in', part).execute();
    }
  },
  PersonDepartmentsAdded: async (tx, { data, orgId, streamVersion }: { data: { links: PersonLink[] }; orgId: string; streamVersion: number }) => {
    await insertLinks(tx, orgId, data.links);
    await touchPersons(tx, orgId, data.links.map((l) => l.userId), streamVersion);
  },
  PersonDepartmentsRemoved: async (tx, { data, orgId, streamVersion }: { data: { links: PersonLink[] }; orgId: string; streamVersion: number }) => {
    await touchPersons(tx, orgId, data.links.map((l) => l.userId), streamVersion);
    for (const part of chunks(data.links)) {
      await sql`DELETE FROM contact_person_departments WHERE org_id = ${orgId} AND (department_id, user_id) IN
        (SELECT * FROM unnest(${part.map((l) => l.departmentId)}::text[], ${part.map((l) => l.userId)}::text[]))`.execute(tx);
    }
  },
});

// §7 contacts: persons. Reads list only persons of departments the user may see (§6), in pages of up to
// 5000 (§9); search follows §5 (letters → pinyin initials, digits → phone, Chinese → name).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { holdsPower } from '../../http/auth.ts';
import { PAGE } from '../../../domain/constants.ts';
import { classifyContactSearch } from '../../../domain/contactSearch.ts';
import { BASE_POWER } from '../permissions/basePowers.ts';
import { CONTACTS_TEXT, decideContacts, viewerOf, withRowErrors } from './commands.ts';
import { scopeOf, type ContactsScope } from './scope.ts';
import { departmentOut, departmentSchema, visibleDepartment } from './departmentRoutes.ts';
import { addPersons, personProps, updatePersons, visiblePersonIds, type PersonInput } from './personCommands.ts';
import { listPage, type ListPage } from '../../http/listQuery.ts';

const tags = ['contacts'];
const manage = { auth: 'orgApp' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const ids = { type: 'array', minItems: 1, maxItems: PAGE.contacts, items: idStr } as const;

/** an import this large refreshes the planner statistics */
const BIG_IMPORT = 1000;

const personSchema = {
  type: 'object',
  properties: {
    userId: { type: 'string' }, name: { type: 'string' }, pinyinFirst: { type: 'string' }, phoneNumber: { type: 'string' }, username: { type: 'string' },
    showPhoneNumber: { type: 'boolean' }, gender: { type: 'string' }, unit: { type: 'string' }, status: { type: 'integer' }, duties: { type: 'string' },
    sort: { type: 'integer' }, version: { type: 'integer' },
    department: { type: 'array', items: { type: 'object', properties: { departmentId: { type: 'string' }, departmentName: { type: 'string' } } } },
  },
  required: ['userId', 'name', 'phoneNumber', 'department'],
} as const;
const personList = envelopeSchema({ type: 'array', items: personSchema });
const pageQuery = {
  search: { type: 'string', maxLength: 64, description: '§5: letters → pinyin initials, digits → phone number, Chinese → name' },
} as const;
/** the person lists page in SQL; a search answers a short page (§9) */
const personPages = { auth: 'orgApp', listPage: { size: (q: Record<string, unknown>) => (q.search ? PAGE.personSearch : PAGE.contacts), max: PAGE.contacts } } as const;

interface ListOptions { departmentIds?: string[]; userIds?: string[]; search?: string; page: ListPage }

const canManage = (db: Kysely<Database>, request: FastifyRequest) => holdsPower(db, request, BASE_POWER.contactsManage);

/** One page of persons the scope allows, each with its visible departments. */
async function listPersons(db: Kysely<Database> | Tx, request: FastifyRequest, scope: ContactsScope, o: ListOptions, manager: boolean) {
  const orgId = scope.orgId;
  const departments = o.departmentIds ?? (scope.privileged ? undefined : [...scope.visible]);
  if (departments && departments.length === 0) return [];
  let q = db.selectFrom('contact_persons as p').selectAll('p').where('p.org_id', '=', orgId);
  if (departments) {
    q = q.where((eb) => eb.exists(eb.selectFrom('contact_person_departments as l').select('l.user_id')
      .whereRef('l.user_id', '=', 'p.user_id').where('l.org_id', '=', orgId).where(sql<boolean>`l.department_id = any(${departments}::text[])`)));
  }
  if (o.userIds) q = q.where(sql<boolean>`p.user_id = any(${o.userIds}::text[])`);
  if (o.search?.trim()) {
    const s = classifyContactSearch(o.search);
    q = s.field === 'pinyinFirst' ? q.where('p.pinyin_first', 'like', s.pattern)
      : s.field === 'phoneNumber' ? q.where('p.phone_number', 'like', s.pattern)
        : q.where('p.name', 'like', s.pattern);
  }
  const rows = await q.orderBy('p.sort').orderBy('p.seq').limit(o.page.limit).offset(o.page.skip).execute();
  if (rows.length === 0) return [];
  const links = await db.selectFrom('contact_person_departments as l').select(['l.user_id', 'l.department_id'])
    .where('l.org_id', '=', orgId).where(sql<boolean>`l.user_id = any(${rows.map((r) => r.user_id)}::text[])`).execute();
  const byUser = new Map<string, { departmentId: string; departmentName: string }[]>();
  for (const l of links) {
    const d = scope.byId.get(l.department_id);
    if (!d || !scope.visible.has(l.department_id)) continue;
    const list = byUser.get(l.user_id) ?? [];
    list.push({ departmentId: d.departmentId, departmentName: d.departmentName });
    byUser.set(l.user_id, list);
  }
  const self = request.user!.userId;
  return rows.map((r) => {
    const phone = r.show_phone_number || manager || r.user_id === self ? r.phone_number : '';
    return {
      userId: r.user_id, name: r.name, pinyinFirst: r.pinyin_first, phoneNumber: phone, username: phone, showPhoneNumber: r.show_phone_number,
      gender: r.gender, unit: r.unit, status: r.status, duties: r.duties, sort: r.sort, version: r.version, department: byUser.get(r.user_id) ?? [],
    };
  });
}

export default async function personRoutes(app: FastifyInstance, { db, clock, settings }: ModuleContext) {
  const afterWrite = async (request: FastifyRequest, userIds: string[]) => {
    const scope = await scopeOf(db, request);
    const rows = await listPersons(db, request, { ...scope, privileged: true }, { userIds, page: { limit: PAGE.contacts, skip: 0 } }, true);
    const byId = new Map(rows.map((r) => [r.userId, r]));
    return userIds.map((id) => byId.get(id)).filter((r) => r !== undefined);
  };

  app.get<{ Querystring: { search?: string; departmentId?: string[]; userId?: string[] } }>('/v3/contacts/person', {
    config: personPages,
    schema: {
      tags, summary: 'Persons of the current org the user may see, ordered by sort; pages of up to 5000 ($limit, $skip)',
      querystring: { type: 'object', properties: { ...pageQuery, departmentId: { type: 'array', maxItems: 5000, items: idStr }, userId: { type: 'array', maxItems: 5000, items: idStr } } },
      response: { 200: personList },
    },
  }, async (request) => {
    const q = request.query;
    const scope = await scopeOf(db, request);
    const departmentIds = q.departmentId?.filter((id) => scope.visible.has(id));
    return ok(await listPersons(db, request, scope, { departmentIds, userIds: q.userId, search: q.search, page: listPage(request) }, await canManage(db, request)));
  });

  app.get<{ Querystring: { departmentId?: string; search?: string } }>('/v3/contacts/department/person', {
    config: personPages,
    schema: {
      tags, summary: 'Persons of one department (required: 请指定查询的部门)',
      querystring: { type: 'object', properties: { ...pageQuery, departmentId: { type: 'string', maxLength: 128 } } },
      response: { 200: personList },
    },
  }, async (request) => {
    const q = request.query;
    if (!q.departmentId?.trim()) throw badRequest(CONTACTS_TEXT.needDepartment);
    const scope = await scopeOf(db, request);
    visibleDepartment(scope, q.departmentId);
    return ok(await listPersons(db, request, scope, { departmentIds: [q.departmentId], search: q.search, page: listPage(request) }, await canManage(db, request)));
  });

  app.get<{ Querystring: { userId: string } }>('/v3/contacts/person/department', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "A person's departments (the ones the user may see)",
      querystring: { type: 'object', required: ['userId'], properties: { userId: idStr } },
      response: { 200: envelopeSchema({ type: 'array', items: departmentSchema }) },
    },
  }, async (request) => {
    const scope = await scopeOf(db, request);
    const rows = await db.selectFrom('contact_person_departments').select('department_id')
      .where('org_id', '=', scope.orgId).where('user_id', '=', request.query.userId).execute();
    const mine = new Set(rows.map((r) => r.department_id));
    return ok(scope.departments.filter((d) => mine.has(d.departmentId) && scope.visible.has(d.departmentId)).map(departmentOut));
  });

  app.post<{ Body: PersonInput }>('/v3/contacts/person', {
    config: manage,
    schema: {
      tags, summary: 'Add a person to departments (a new phone number becomes a user of the org-app); already there: 部门联系人已存在',
      body: { type: 'object', additionalProperties: false, required: ['name'], properties: personProps },
      response: { 200: envelopeSchema(personSchema) },
    },
  }, async (request) => {
    const result = await addPersons(db, request, clock(), settings.defaultPassword, [request.body], true);
    return ok((await afterWrite(request, result.userIds))[0]);
  });

  app.post<{ Body: { persons: PersonInput[] } }>('/v3/contacts/person/bulk', {
    config: manage,
    schema: {
      tags, summary: 'Add many persons (an Excel import): all or nothing, row-level errors in the 422 answer; rows already there are skipped',
      body: {
        type: 'object', additionalProperties: false, required: ['persons'],
        properties: { persons: { type: 'array', minItems: 1, maxItems: PAGE.contacts, items: { type: 'object', additionalProperties: false, properties: personProps } } },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' }, existing: { type: 'integer' }, userIds: { type: 'array', items: { type: 'string' } } } }) },
    },
  }, async (request, reply) => withRowErrors(reply, async () => {
    const result = await addPersons(db, request, clock(), settings.defaultPassword, request.body.persons, false);
    // a large import changes the tables' shape at once: refresh the planner's statistics instead of waiting
    // for autovacuum, so the next page reads use the indexes (pages of 5000 at 20,000 persons, §9)
    if (result.userIds.length >= BIG_IMPORT) await sql`ANALYZE contact_persons, contact_person_departments`.execute(db);
    return ok({ count: result.userIds.length - result.existing.length, existing: result.existing.length, userIds: result.userIds });
  }));

  app.put<{ Params: { id: string }; Body: PersonInput }>('/v3/contacts/person/:id', {
    config: manage,
    schema: {
      tags, summary: 'Update a person with only the fields sent (§5); department replaces the departments the user may see (`version` or If-Match: the version read, stale → 409)',
      params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: { type: 'object', additionalProperties: false, properties: personProps },
      response: { 200: envelopeSchema(personSchema) },
    },
  }, async (request) => {
    const [userId] = await updatePersons(db, request, clock(), [{ ...request.body, userId: request.params.id }], true);
    return ok((await afterWrite(request, [userId]))[0]);
  });

  app.put<{ Body: { persons: PersonInput[] } }>('/v3/contacts/person/bulk', {
    config: manage,
    schema: {
      tags, summary: 'Update many persons (by userId, else by phone number): all or nothing, row-level errors in the 422 answer; a row with userId may carry the version read (stale → 409)',
      body: {
        type: 'object', additionalProperties: false, required: ['persons'],
        properties: { persons: { type: 'array', minItems: 1, maxItems: PAGE.contacts, items: { type: 'object', additionalProperties: false, properties: personProps } } },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request, reply) => withRowErrors(reply, async () => {
    const userIds = await updatePersons(db, request, clock(), request.body.persons, false);
    return ok({ count: userIds.length });
  }));

  app.delete<{ Body: { userId: string[] } }>('/v3/contacts/person', {
    config: manage,
    schema: {
      tags, summary: 'Remove persons from the contacts (their user accounts stay)',
      body: { type: 'object', additionalProperties: false, required: ['userId'], properties: { userId: ids } },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const userIds = [...new Set(request.body.userId)];
    await decideContacts(db, request, clock(), async (tx, scope) => ({
      command: { type: 'RemovePersons', userIds, visiblePersons: await visiblePersonIds(tx, scope, userIds) },
    }));
    return ok({ count: userIds.length });
  });

  const linkBody = {
    type: 'object', additionalProperties: false, required: ['userId'],
    properties: {
      userId: ids, department: { type: 'array', maxItems: 100, items: idStr, description: 'target department ids' },
      departmentId: { type: 'array', maxItems: 100, items: idStr, description: 'POST/DELETE: same as department; PUT: the departments moved from' },
    },
  } as const;
  type LinkBody = { userId: string[]; department?: string[]; departmentId?: string[] };

  /** Add (POST), move (PUT: from departmentId, or from all visible departments, to department) or remove (DELETE) links. */
  const links = (mode: 'add' | 'move' | 'remove') => async (request: FastifyRequest<{ Body: LinkBody }>) => {
    const b = request.body;
    const userIds = [...new Set(b.userId)];
    const target = mode === 'move' ? b.department ?? [] : [...new Set([...(b.department ?? []), ...(b.departmentId ?? [])])];
    await decideContacts(db, request, clock(), async (tx, scope) => ({
      command: {
        type: 'LinkPersons', mode, userIds, target, ...(mode === 'move' && b.departmentId && { from: b.departmentId }),
        visiblePersons: await visiblePersonIds(tx, scope, userIds), viewer: viewerOf(scope),
      },
      userIds,
    }));
    return ok(await afterWrite(request, userIds));
  };
  const linkSchema = (summary: string) => ({ tags, summary, body: linkBody, response: { 200: personList } });
  app.post<{ Body: LinkBody }>('/v3/contacts/person/department', { config: manage, schema: linkSchema('Add persons to departments') }, links('add'));
  app.put<{ Body: LinkBody }>('/v3/contacts/person/department', {
    config: manage, schema: linkSchema('Move persons to departments (from departmentId, or from every department the user may see)'),
  }, links('move'));
  app.delete<{ Body: LinkBody }>('/v3/contacts/person/department', { config: manage, schema: linkSchema('Take persons out of departments') }, links('remove'));
}

// §7 contacts: the department tree. Reads show only what §6 lets the user see; writes need the contacts
// power, a visible target and the §6 createPermision of the parent.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { PAGE } from '../../../domain/constants.ts';
import { hidesHiddenForOtherOrg } from '../../../domain/contactsVisibility.ts';
import { ancestorsOf, canCreateUnder, ROOT_DEPARTMENT } from '../../../domain/departmentRules.ts';
import { CONTACTS_TEXT, decideContacts, readVersion, viewerOf, withRowErrors } from './commands.ts';
import { departmentOf, scopeOf, type ContactsScope, type Department } from './scope.ts';
import { pageOf } from '../../http/listQuery.ts';

const tags = ['contacts'];
const manage = { auth: 'orgApp' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const flag = { type: 'integer', enum: [0, 1] } as const;
const roleConfigSchema = {
  type: 'object',
  properties: {
    createPermision: {
      type: 'object', additionalProperties: false,
      properties: { enable: { type: 'boolean' }, roleNames: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 128 } } },
    },
  },
  additionalProperties: true,
} as const;
export const departmentSchema = {
  type: 'object',
  properties: {
    departmentId: { type: 'string' }, id: { type: 'string' }, parentId: { type: 'string' }, departmentName: { type: 'string' }, type: { type: 'integer' },
    sort: { type: 'integer' }, isHide: { type: 'integer' }, isAllHide: { type: 'integer' }, orgId: { type: 'string' },
    roleConfig: { type: 'object', additionalProperties: true }, version: { type: 'integer' },
  },
  required: ['departmentId', 'parentId', 'departmentName'],
} as const;
const departmentList = envelopeSchema({ type: 'array', items: departmentSchema });
const newDepartmentProps = {
  parentId: idStr, parentName: { type: 'string', minLength: 1, maxLength: 128, description: 'bulk only: an existing department or an earlier row' },
  departmentName: { type: 'string', minLength: 1, maxLength: 128 }, type: { type: 'integer', minimum: 0, maximum: 99 },
  roleConfig: roleConfigSchema, isHide: flag, isAllHide: flag, sort: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
} as const;

type NewDepartment = {
  parentId?: string; parentName?: string; departmentName: string; type?: number; roleConfig?: Record<string, unknown>;
  isHide?: number; isAllHide?: number; sort?: number;
};
const withId = (d: NewDepartment) => ({ ...d, departmentId: crypto.randomUUID() });

export const departmentOut = (d: Department) => ({ ...d, id: d.departmentId });

/** A department the user may see, else 404 (another org's ids look the same as unknown ones). */
export function visibleDepartment(scope: ContactsScope, id: string): Department {
  const d = scope.byId.get(id);
  if (!d || !scope.visible.has(id)) throw notFound(CONTACTS_TEXT.departmentMissing(id));
  return d;
}

export default async function departmentRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  app.get<{ Querystring: {
    parentId?: string; departmentId?: string[]; departmentName?: string; orgRoot?: boolean; type?: number; 'roleConfig.roleNames'?: string[];
  } }>('/v3/contacts/department', {
    // a search by name answers a short page (§9)
    config: { auth: 'orgApp', listPage: { size: (q) => (q.departmentName ? PAGE.departmentSearch : PAGE.contacts), max: PAGE.contacts } },
    schema: {
      tags, summary: 'Departments of the current org the user may see (§6), always ordered by id ascending',
      querystring: {
        type: 'object',
        properties: {
          parentId: idStr, departmentId: { type: 'array', maxItems: 5000, items: idStr }, departmentName: { type: 'string', maxLength: 128 },
          orgRoot: { type: 'boolean', description: 'only the top-level departments' }, type: { type: 'integer' },
          'roleConfig.roleNames': { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 128 } },
        },
      },
      response: { 200: departmentList },
    },
  }, async (request) => {
    const q = request.query;
    const scope = await scopeOf(db, request);
    const ids = q.departmentId ? new Set(q.departmentId) : null;
    const names = q['roleConfig.roleNames'];
    const rows = scope.departments.filter((d) => scope.visible.has(d.departmentId)
      && (q.parentId === undefined || d.parentId === q.parentId)
      && (!q.orgRoot || d.parentId === ROOT_DEPARTMENT)
      && (!ids || ids.has(d.departmentId))
      && (q.type === undefined || d.type === q.type)
      && (!q.departmentName || d.departmentName.includes(q.departmentName.trim()))
      && (!names?.length || (d.roleConfig.createPermision as { roleNames?: string[] } | undefined)?.roleNames?.some((n) => names.includes(n))));
    return ok(pageOf(rows, request).map(departmentOut));
  });

  app.get<{ Querystring: { departmentId: string } }>('/v3/contacts/department/path', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'The departments from the top down to the given one (the ones the user may see)',
      querystring: { type: 'object', required: ['departmentId'], properties: { departmentId: idStr } },
      response: { 200: departmentList },
    },
  }, async (request) => {
    const scope = await scopeOf(db, request);
    const d = visibleDepartment(scope, request.query.departmentId);
    const path = [...ancestorsOf(scope.departments, d.departmentId).reverse(), d.departmentId];
    return ok(path.filter((id) => scope.visible.has(id)).map((id) => departmentOut(scope.byId.get(id)!)));
  });

  app.get<{ Querystring: { currentOrgId?: string; departmentId?: string } }>('/v3/contacts/department/suborg', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'The departments directly below one (top level when none); hidden ones left out when currentOrgId is another org (§6)',
      querystring: { type: 'object', properties: { currentOrgId: idStr, departmentId: idStr } },
      response: { 200: departmentList },
    },
  }, async (request) => {
    const scope = await scopeOf(db, request);
    const parentId = request.query.departmentId ?? ROOT_DEPARTMENT;
    if (parentId !== ROOT_DEPARTMENT) visibleDepartment(scope, parentId);
    const hide = hidesHiddenForOtherOrg(request.query.currentOrgId, scope.orgId, request.roles);
    return ok(scope.departments
      .filter((d) => d.parentId === parentId && scope.visible.has(d.departmentId) && !(hide && (d.isHide === 1 || d.isAllHide === 1)))
      .map(departmentOut));
  });

  app.get<{ Querystring: { departmentId: string } }>('/v3/contacts/department/permision', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "Whether the user may create departments and persons under a department (its roleConfig.createPermision, §6)",
      querystring: { type: 'object', required: ['departmentId'], properties: { departmentId: idStr } },
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: { departmentId: { type: 'string' }, canCreate: { type: 'boolean' }, createPermision: { type: 'object', additionalProperties: true } },
          required: ['departmentId', 'canCreate'],
        }),
      },
    },
  }, async (request) => {
    const scope = await scopeOf(db, request);
    const d = visibleDepartment(scope, request.query.departmentId);
    const rule = (d.roleConfig.createPermision ?? { enable: false, roleNames: [] }) as Record<string, unknown>;
    return ok({ departmentId: d.departmentId, canCreate: canCreateUnder(d, scope.roleNames, scope.privileged), createPermision: rule });
  });

  app.post<{ Body: NewDepartment }>('/v3/contacts/department', {
    config: manage,
    schema: {
      tags, summary: 'Create a department (type defaults to 1; top level when parentId is -1 or missing)',
      body: { type: 'object', additionalProperties: false, required: ['departmentName'], properties: newDepartmentProps },
      response: { 200: envelopeSchema(departmentSchema) },
    },
  }, async (request) => {
    const input = withId(request.body);
    await decideContacts(db, request, clock(), async (_tx, scope) => ({
      command: { type: 'CreateDepartments', departments: [input], viewer: viewerOf(scope), single: true },
    }));
    const id = input.departmentId;
    // the creator may not see what they created (isHide / isAllHide): answer from the row itself
    const row = await db.selectFrom('contact_departments').selectAll().where('department_id', '=', id).executeTakeFirstOrThrow();
    return ok(departmentOut(departmentOf(row)));
  });

  app.post<{ Body: { departments: NewDepartment[] } }>('/v3/contacts/department/bulk', {
    config: manage,
    schema: {
      tags, summary: 'Create many departments (an Excel import): all or nothing; rows may name a parent by parentName, also one made earlier in the batch',
      body: {
        type: 'object', additionalProperties: false, required: ['departments'],
        properties: {
          departments: {
            type: 'array', minItems: 1, maxItems: PAGE.contacts,
            items: { type: 'object', additionalProperties: false, required: ['departmentName'], properties: newDepartmentProps },
          },
        },
      },
      response: { 200: departmentList },
    },
  }, async (request, reply) => withRowErrors(reply, async () => {
    const departments = request.body.departments.map(withId);
    await decideContacts(db, request, clock(), async (_tx, scope) => ({
      command: { type: 'CreateDepartments', departments, viewer: viewerOf(scope), single: false }, batch: true,
    }));
    const ids = departments.map((d) => d.departmentId);
    const rows = await db.selectFrom('contact_departments').selectAll().where('department_id', 'in', ids).orderBy('seq').execute();
    return ok(rows.map((r) => departmentOut(departmentOf(r))));
  }));

  app.put<{ Params: { id: string }; Body: {
    departmentName?: string | null; parentId?: string | null; sort?: number | string | null; type?: number; isHide?: number; isAllHide?: number;
    roleConfig?: Record<string, unknown>; version?: number;
  } }>('/v3/contacts/department/:id', {
    config: manage,
    schema: {
      tags, summary: 'Rename, move, sort or reconfigure a department (§5: name and parent only when non-empty, sort only when numeric; `version` or If-Match: the version read, stale → 409)',
      params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: {
        type: 'object', additionalProperties: false,
        properties: {
          departmentName: { type: ['string', 'null'], maxLength: 128 }, parentId: { type: ['string', 'null'], maxLength: 128 },
          sort: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 16 }, { type: 'null' }] }, type: { type: 'integer', minimum: 0, maximum: 99 },
          isHide: flag, isAllHide: flag, roleConfig: roleConfigSchema, version: { type: 'integer', minimum: 0 },
        },
      },
      response: { 200: envelopeSchema(departmentSchema) },
    },
  }, async (request) => {
    const id = request.params.id;
    const { version: _read, ...input } = request.body;
    await decideContacts(db, request, clock(), async (_tx, scope) => ({
      command: { type: 'UpdateDepartment', departmentId: id, input, viewer: viewerOf(scope) },
    }), readVersion(request, 'department', id));
    const row = await db.selectFrom('contact_departments').selectAll().where('department_id', '=', id).executeTakeFirstOrThrow();
    return ok(departmentOut(departmentOf(row)));
  });

  app.delete<{ Params: { id: string } }>('/v3/contacts/department/:id', {
    config: manage,
    schema: {
      tags, summary: 'Delete an empty department (no departments or persons below it; If-Match: the version read, stale → 409)',
      params: { type: 'object', required: ['id'], properties: { id: idStr } },
      response: { 200: envelopeSchema({ type: 'object', properties: { departmentId: { type: 'string' } } }) },
    },
  }, async (request) => {
    const id = request.params.id;
    await decideContacts(db, request, clock(), async (tx, scope) => {
      const person = await tx.selectFrom('contact_person_departments').select('user_id').where('org_id', '=', scope.orgId).where('department_id', '=', id).executeTakeFirst();
      return { command: { type: 'DeleteDepartment', departmentId: id, hasPersons: Boolean(person), viewer: viewerOf(scope) } };
    }, readVersion(request, 'department', id));
    return ok({ departmentId: id });
  });

}

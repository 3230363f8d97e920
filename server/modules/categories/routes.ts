// §7 categories (every §3 groupName), specs/settings (default sort 99, §9) and the units of §9.
// Reads: members of the org-app (another org's only for providers; the standard org's for everyone).
// Writes: commands on category-<id> / spec-<id> streams by catalogue editors.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder, Selectable } from 'kysely';
import { streamVersionOf } from '../../store/versions.ts';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { requireSameOrg } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { refusalError } from '../../http/refusal.ts';
import { orgFieldProblem } from '../../../domain/derivedFields.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { PAGE, STANDARD_ORG_ID, UNITS } from '../../../domain/constants.ts';
import { CATEGORY_GROUP_NAMES, specSortOf } from '../../../domain/mallCatalogue.ts';
import { pickSupplierOrgs, readableSupplierOrgs, requireCatalogueEditor, viewerOf } from '../mall/access.ts';
import {
  categoryDecider, specDecider, ROOT_PARENT, type CategoryCommand, type CategoryCreated, type CategoryUpdated, type SpecCommand, type SpecCreated,
} from '../../../domain/aggregates/category.ts';
import { commaList, listOrder, paged } from '../../http/listQuery.ts';

const tags = ['categories'];
const str = { type: 'string' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const groupName = { type: 'string', enum: [...CATEGORY_GROUP_NAMES] } as const;
const version = { type: 'integer', minimum: 0 } as const;
const categoryFields = {
  name: { type: 'string', minLength: 1, maxLength: 100 }, parentId: idStr, sort: { type: 'integer' }, enable: { type: ['integer', 'boolean'] },
  isPackage: { type: ['integer', 'boolean'] }, extraInfo: anyObject,
  // §3 fields the server derives: the org-app the category lives in (orgFieldProblem), accepted when they agree
  orgId: idStr, appId: idStr,
} as const;
const categorySchema = {
  type: 'object',
  properties: {
    id: str, categoryId: str, parentId: str, name: str, groupName: str, enable: { type: 'integer' }, sort: { type: 'integer' }, appId: str, orgId: str,
    isPackage: { type: 'integer' }, extraInfo: anyObject, version: { type: 'integer' },
  },
} as const;
const listQuery = {
  type: 'object',
  properties: {
    groupName: { type: 'string', maxLength: 2000 }, orgId: idStr, appId: idStr, parentId: idStr, categoryId: { type: 'string', maxLength: 20000 },
    id: idStr, name: { type: 'string', maxLength: 100 }, enable: { type: 'integer', enum: [0, 1] },
  },
} as const;

export const categoryStream = (id: string) => `category-${id}`;
export const specStream = (id: string) => `spec-${id}`;
const flag = (v: unknown, dflt: boolean) => (v === undefined || v === null ? dflt : v === true || v === 1);

type CategoryRow = Selectable<Database['categories']> & { version?: string | number | null };
export const categoryOf = (r: CategoryRow) => ({
  id: r.id, categoryId: r.id, parentId: r.parent_id, name: r.name, groupName: r.group_name, enable: r.enable ? 1 : 0, sort: r.sort,
  appId: r.app_id, orgId: r.org_id, isPackage: r.is_package ? 1 : 0, extraInfo: (r.extra_info ?? {}) as Record<string, unknown>,
  ...(r.version !== undefined && { version: Number(r.version ?? 0) }),
});

/** Category rows with the version of their stream, which an editor sends back with a change. */
const withVersion = <O>(q: SelectQueryBuilder<Database, 'categories', O>) => q.selectAll('categories')
  .select(streamVersionOf('categories', 'category', 'id').as('version'));

interface ListQuery {
  groupName?: string; orgId?: string; appId?: string; parentId?: string; categoryId?: string; id?: string; name?: string; enable?: number;
}
/** The category lists' `$orderby` fields (§7: `sort asc,id asc`) and the column each sorts by (server/http/listQuery.ts). */
const CATEGORY_SORT = { sort: 'sort', id: 'id', name: 'name' } as const;
interface CategoryBody {
  version?: number; id?: string; categoryId?: string; name?: string; groupName?: string; parentId?: string; sort?: number; enable?: number | boolean;
  isPackage?: number | boolean; extraInfo?: Record<string, unknown>; orgId?: string; appId?: string;
}

/**
 * Whose categories a read names: the own org, the standard org (§9) for anyone, a supplier org the caller may
 * read goods of (a school's suppliers, a bureau's area), any org for the platform.
 */
async function readOrg(db: Kysely<Database>, request: FastifyRequest, orgId: string | undefined): Promise<string> {
  if (!orgId || orgId === STANDARD_ORG_ID || orgId === request.orgApp!.orgId || request.platform) return orgId ?? request.orgApp!.orgId;
  pickSupplierOrgs(await readableSupplierOrgs(db, await viewerOf(db, request)), orgId, request.orgApp!.orgId);
  return orgId;
}

export default async function categoryRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  const listCategories = async (request: FastifyRequest<{ Querystring: ListQuery }>) => {
    const q = request.query;
    const orgId = await readOrg(db, request, q.orgId);
    let base = db.selectFrom('categories').where('org_id', '=', orgId).where('is_delete', '=', false);
    const groups = commaList(q.groupName);
    if (groups.length) base = base.where('group_name', 'in', groups);
    if (q.appId) base = base.where((eb) => eb.or([eb('app_id', '=', q.appId!), eb('app_id', '=', '')]));
    if (q.parentId) base = base.where('parent_id', '=', q.parentId);
    const ids = commaList([q.id ?? '', q.categoryId ?? '']);
    if (ids.length) base = base.where('id', 'in', ids);
    if (q.name) base = base.where('name', 'like', `%${q.name.replace(/[%_\\]/g, '\\$&')}%`);
    if (q.enable !== undefined) base = base.where('enable', '=', q.enable === 1);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    // §7 lists ask `$orderby sort asc,id asc`, which is also the order without one
    // each row carries its stream's version, which an editor sends back with a change (issue 31)
    const rows = await paged(listOrder(withVersion(base), request, CATEGORY_SORT).orderBy('sort', 'asc').orderBy('id', 'asc'), request).execute();
    return list(rows.map(categoryOf), Number(total?.n ?? 0));
  };

  const categoryCommand = (tx: Tx, request: FastifyRequest, orgId: string, id: string, command: CategoryCommand, expectedVersion?: number) =>
    decideAndAppend(tx, {
      orgId, streamId: categoryStream(id), streamType: 'category', decider: categoryDecider, command, meta: metaOf(request, ctx.clock()), expectedVersion,
    });

  // its routes declare guard: requireCatalogueEditor
  const createCategories = async (request: FastifyRequest, inputs: CategoryBody[], group?: string) => {
    const { orgId, appId } = request.orgApp!;
    for (const b of inputs) {
      const problem = orgFieldProblem(b, { orgId, appId });
      if (problem) throw refusalError(problem);
    }
    const created: CategoryCreated[] = inputs.map((b, i) => {
      const g = b.groupName ?? group;
      if (!g) throw badRequest('参数错误：缺少分类组 groupName');
      return {
        id: crypto.randomUUID(), appId, parentId: b.parentId ?? ROOT_PARENT, name: b.name ?? '', groupName: g, enable: flag(b.enable, true),
        sort: b.sort ?? i, isPackage: flag(b.isPackage, false), extraInfo: b.extraInfo ?? {},
      };
    });
    await runDecisions(db, async (tx) => {
      const parents = [...new Set(created.map((c) => c.parentId).filter((p) => p !== ROOT_PARENT))];
      const found = parents.length ? await tx.selectFrom('categories').select('id').where('org_id', '=', orgId).where('id', 'in', parents).execute() : [];
      const known = new Set([...found.map((r) => r.id), ...created.map((c) => c.id)]);
      for (const c of created) await categoryCommand(tx, request, orgId, c.id, { type: 'CreateCategory', category: c, parentExists: known.has(c.parentId) });
    });
    const rows = await withVersion(db.selectFrom('categories')).where('org_id', '=', orgId).where('id', 'in', created.map((c) => c.id)).orderBy('sort').execute();
    return rows.map(categoryOf);
  };

  /** The live category an editor may change: another org's only for the platform. */
  const editable = async (tx: Tx | Kysely<Database>, request: FastifyRequest, id: string) => {
    const row = await tx.selectFrom('categories').selectAll().where('id', '=', id).where('is_delete', '=', false).executeTakeFirst();
    if (!row) throw notFound('分类不存在');
    if (row.org_id !== request.orgApp!.orgId) requireSameOrg(request, row.org_id);
    return row;
  };

  /** `expected`: the version the editor read (the item's own `version` in a batch, else the body's or If-Match). */
  const updateCategory = async (tx: Tx, request: FastifyRequest, id: string, b: CategoryBody, expected = b.version) => {
    const row = await editable(tx, request, id);
    const problem = orgFieldProblem(b, { orgId: row.org_id, appId: row.app_id });
    if (problem) throw refusalError(problem);
    const change: CategoryUpdated = {
      id, name: b.name, parentId: b.parentId, sort: b.sort, extraInfo: b.extraInfo,
      enable: b.enable === undefined ? undefined : flag(b.enable, true), isPackage: b.isPackage === undefined ? undefined : flag(b.isPackage, false),
    };
    await categoryCommand(tx, request, row.org_id, id, { type: 'UpdateCategory', change }, expected);
  };

  /** Dishes and set meals filed under a category: a category in use is not deleted (issue 9). */
  const usedBy = async (tx: Tx, orgId: string, id: string) => {
    const [d, p] = await Promise.all([
      tx.selectFrom('dishes').select((eb) => eb.fn.countAll<string>().as('n')).where('org_id', '=', orgId).where('category_id', '=', id).executeTakeFirstOrThrow(),
      tx.selectFrom('dish_packages').select((eb) => eb.fn.countAll<string>().as('n')).where('org_id', '=', orgId).where('category_id', '=', id).executeTakeFirstOrThrow(),
    ]);
    return Number(d.n) + Number(p.n);
  };

  const deleteCategories = async (tx: Tx, request: FastifyRequest, rows: CategoryRow[], isPhysicalDelete: boolean, expectedVersion?: number) => {
    for (const row of rows) {
      if (row.org_id !== request.orgApp!.orgId) requireSameOrg(request, row.org_id);
      await categoryCommand(tx, request, row.org_id, row.id, { type: 'DeleteCategory', id: row.id, isPhysicalDelete, usedBy: await usedBy(tx, row.org_id, row.id) }, expectedVersion);
    }
  };

  /** The category as it stands now, with its version. */
  const current = async (id: string) => categoryOf(await withVersion(db.selectFrom('categories')).where('id', '=', id).executeTakeFirstOrThrow());

  for (const path of ['/v1/category/polardb', '/v2/category']) {
    app.get<{ Querystring: ListQuery }>(path, {
      config: { auth: 'orgApp', listOrderable: Object.keys(CATEGORY_SORT), listPage: { size: PAGE.categories, max: PAGE.categories } },
      schema: { tags, summary: 'Categories by groupName (comma-separated), ordered sort asc, id asc', querystring: listQuery, response: { 200: listSchema(categorySchema) } },
    }, listCategories);
  }

  app.post<{ Body: CategoryBody }>('/v1/category/polardb', {
    config: { auth: 'orgApp', guard: requireCatalogueEditor },
    schema: {
      tags, summary: 'Create a category',
      body: { type: 'object', additionalProperties: false, required: ['name', 'groupName'], properties: { ...categoryFields, groupName } },
      response: { 200: envelopeSchema(categorySchema) },
    },
  }, async (request) => ok((await createCategories(request, [request.body]))[0]));

  app.post<{ Body: CategoryBody & { list?: CategoryBody[] } }>('/v2/category', {
    config: { auth: 'orgApp', guard: requireCatalogueEditor },
    schema: {
      tags, summary: 'Create a category, or many at once with groupName and list (all or nothing)',
      body: {
        type: 'object', additionalProperties: false, required: ['groupName'],
        properties: {
          ...categoryFields, groupName,
          list: { type: 'array', minItems: 1, maxItems: PAGE.categories, items: { type: 'object', additionalProperties: false, required: ['name'], properties: categoryFields } },
        },
      },
      response: { 200: listSchema(categorySchema) },
    },
  }, async (request) => {
    const b = request.body;
    const inputs = b.list ?? [b];
    return list(await createCategories(request, inputs, b.groupName));
  });

  const updateBody = { type: 'object', additionalProperties: false, properties: { ...categoryFields, id: idStr, categoryId: idStr, version } } as const;

  app.put<{ Body: CategoryBody }>('/v1/category/polardb', {
    config: { auth: 'orgApp', guard: requireCatalogueEditor },
    schema: { tags, summary: 'Update a category by id (or categoryId)', body: updateBody, response: { 200: envelopeSchema(categorySchema) } },
  }, async (request) => {
    const id = request.body.id ?? request.body.categoryId;
    if (!id) throw badRequest();
    const expected = clientVersion(request);
    await runDecisions(db, (tx) => updateCategory(tx, request, id, request.body, expected), expected === undefined);
    return ok(await current(id));
  });

  app.put<{ Params: { id: string }; Body: CategoryBody }>('/v2/category/:id', {
    config: { auth: 'orgApp', guard: requireCatalogueEditor },
    schema: { tags, summary: 'Update a category', params: { type: 'object', required: ['id'], properties: { id: idStr } }, body: updateBody, response: { 200: envelopeSchema(categorySchema) } },
  }, async (request) => {
    const expected = clientVersion(request);
    await runDecisions(db, (tx) => updateCategory(tx, request, request.params.id, request.body, expected), expected === undefined);
    return ok(await current(request.params.id));
  });

  app.put<{ Body: { categorys: CategoryBody[] } }>('/v2/category', {
    config: { auth: 'orgApp', guard: requireCatalogueEditor },
    schema: {
      tags, summary: 'Update many categories (sort, names …) at once: all or nothing',
      body: { type: 'object', additionalProperties: false, required: ['categorys'], properties: { categorys: { type: 'array', minItems: 1, maxItems: PAGE.categories, items: updateBody } } },
      response: { 200: listSchema(categorySchema) },
    },
  }, async (request) => {
    const ids = request.body.categorys.map((c) => c.id ?? c.categoryId);
    if (ids.some((i) => !i)) throw badRequest('参数错误：缺少分类 id');
    await runDecisions(db, async (tx) => {
      for (const [i, c] of request.body.categorys.entries()) await updateCategory(tx, request, ids[i]!, c);
    }, request.body.categorys.every((c) => c.version === undefined));
    const rows = await withVersion(db.selectFrom('categories')).where('id', 'in', ids as string[]).orderBy('sort').orderBy('id').execute();
    return list(rows.map(categoryOf));
  });

  app.delete<{ Body: { groupName: string; appId?: string; orgId?: string; id?: string; categoryId?: string; isPhysicalDelete?: boolean; version?: number } }>('/v1/category/polardb', {
    config: { auth: 'orgApp', guard: requireCatalogueEditor },
    schema: {
      tags, summary: 'Delete the categories of a groupName (optionally one id, an appId, an orgId)',
      body: {
        type: 'object', additionalProperties: false, required: ['groupName'],
        // version (or If-Match): the version read of the one category named by id
        properties: { groupName, appId: idStr, orgId: idStr, id: idStr, categoryId: idStr, isPhysicalDelete: { type: 'boolean' }, version },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const b = request.body;
    requireSameOrg(request, b.orgId);
    const orgId = b.orgId ?? request.orgApp!.orgId;
    const one = b.id ?? b.categoryId;
    // a version names the state of one category: without an id it has nothing to compare with
    const expected = clientVersion(request);
    if (expected !== undefined && !one) throw badRequest('参数错误：版本号只能用于删除一个分类（请给出 id）');
    const count = await runDecisions(db, async (tx) => {
      let q = tx.selectFrom('categories').selectAll().where('org_id', '=', orgId).where('group_name', '=', b.groupName).where('is_delete', '=', false);
      if (b.appId) q = q.where('app_id', '=', b.appId);
      if (one) q = q.where('id', '=', one);
      const rows = await q.execute();
      if (one && rows.length === 0) throw notFound('分类不存在');
      await deleteCategories(tx, request, rows, b.isPhysicalDelete ?? false, expected);
      return rows.length;
    }, expected === undefined);
    return ok({ count });
  });

  app.delete<{ Params: { id: string }; Body: { isPhysicalDelete?: boolean } | undefined }>('/v2/category/:id', {
    config: { auth: 'orgApp', guard: requireCatalogueEditor },
    schema: {
      tags, summary: 'Delete a category (logical unless isPhysicalDelete)', params: { type: 'object', required: ['id'], properties: { id: idStr } },
      // §7 {isPhysicalDelete}; the body is optional (no body: a logical delete), version as every edit takes it (issue 15)
      body: { type: ['object', 'null'], additionalProperties: false, properties: { isPhysicalDelete: { type: 'boolean' }, version: { type: 'integer', minimum: 0 } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { id: str } }) },
    },
  }, async (request) => {
    const isPhysical = request.body?.isPhysicalDelete === true;
    const expected = clientVersion(request);
    await runDecisions(db, async (tx) => deleteCategories(tx, request, [await editable(tx, request, request.params.id)], isPhysical, expected), expected === undefined);
    return ok({ id: request.params.id });
  });

  // ---- specs / settings ----
  const specSchema = { type: 'object', properties: { id: str, name: str, options: anyObject, sort: { type: 'integer' }, orgId: str, appId: str, version: { type: 'integer' } } } as const;
  const specOf = (r: Selectable<Database['specs']> & { version: string | number | null }) => ({
    id: r.id, name: r.name, options: (r.options ?? {}) as Record<string, unknown>, sort: r.sort, orgId: r.org_id, appId: r.app_id, version: Number(r.version ?? 0),
  });
  /** Spec rows with the version of their stream (issue 31). */
  const specRows = () => db.selectFrom('specs').selectAll('specs').select(streamVersionOf('specs', 'spec', 'id').as('version'));

  app.get<{ Querystring: { name?: string; orgId?: string; appId?: string } }>('/v4/mall/spec', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Specs and settings of the org by name',
      querystring: { type: 'object', properties: { name: { type: 'string', maxLength: 100 }, orgId: idStr, appId: idStr } },
      response: { 200: listSchema(specSchema) },
    },
  }, async (request) => {
    const orgId = await readOrg(db, request, request.query.orgId);
    let q = specRows().where('org_id', '=', orgId);
    if (request.query.name) q = q.where('name', '=', request.query.name);
    if (request.query.appId) q = q.where((eb) => eb.or([eb('app_id', '=', request.query.appId!), eb('app_id', '=', '')]));
    return list((await q.orderBy('sort').orderBy('name').execute()).map(specOf));
  });

  const specCommand = (tx: Tx, request: FastifyRequest, orgId: string, id: string, command: SpecCommand, expectedVersion?: number) =>
    decideAndAppend(tx, { orgId, streamId: specStream(id), streamType: 'spec', decider: specDecider, command, meta: metaOf(request, ctx.clock()), expectedVersion });
  const specNameTaken = async (tx: Tx, orgId: string, appId: string, name: string, id: string) =>
    !!await tx.selectFrom('specs').select('id').where('org_id', '=', orgId).where('app_id', '=', appId).where('name', '=', name.trim()).where('id', '!=', id).executeTakeFirst();

  app.post<{ Body: { name: string; options?: Record<string, unknown>; sort?: number } }>('/v4/mall/spec', {
    config: { auth: 'orgApp', guard: requireCatalogueEditor },
    schema: {
      tags, summary: 'Create a spec/setting (sort defaults to 99)',
      body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, options: anyObject, sort: { type: 'integer' } } },
      response: { 200: envelopeSchema(specSchema) },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const spec: SpecCreated = { id: crypto.randomUUID(), appId, name: request.body.name, options: request.body.options ?? {}, sort: specSortOf(request.body.sort) };
    await runDecisions(db, async (tx) => specCommand(tx, request, orgId, spec.id, { type: 'CreateSpec', spec, nameTaken: await specNameTaken(tx, orgId, appId, spec.name, spec.id) }));
    return ok(specOf(await specRows().where('id', '=', spec.id).executeTakeFirstOrThrow()));
  });

  app.put<{ Params: { id: string }; Body: { options?: Record<string, unknown>; name?: string; sort?: number; version?: number } }>('/v4/mall/spec/:id', {
    config: { auth: 'orgApp', guard: requireCatalogueEditor },
    schema: {
      tags, summary: 'Update the options (name, sort) of a spec/setting (`version` or If-Match: the version read, a stale one is refused with 409)',
      params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: { type: 'object', additionalProperties: false, properties: { options: anyObject, name: { type: 'string', minLength: 1, maxLength: 100 }, sort: { type: 'integer' }, version } },
      response: { 200: envelopeSchema(specSchema) },
    },
  }, async (request) => {
    const { id } = request.params;
    const expected = clientVersion(request);
    const { version: _read, ...change } = request.body;
    await runDecisions(db, async (tx) => {
      const row = await tx.selectFrom('specs').select(['org_id', 'app_id']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('规格设置不存在');
      if (row.org_id !== request.orgApp!.orgId) requireSameOrg(request, row.org_id);
      const nameTaken = request.body.name !== undefined && await specNameTaken(tx, row.org_id, row.app_id, request.body.name, id);
      await specCommand(tx, request, row.org_id, id, { type: 'UpdateSpec', change: { id, ...change }, nameTaken }, expected);
    }, expected === undefined);
    return ok(specOf(await specRows().where('id', '=', request.params.id).executeTakeFirstOrThrow()));
  });

  app.get('/v4/mall/unit', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'The units of §9 a SKU may use', response: { 200: listSchema({ type: 'object', properties: { name: str, sort: { type: 'integer' } } }) } },
  }, async () => list(UNITS.map((name, sort) => ({ name, sort }))));
}

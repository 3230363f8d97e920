// The §7 list query language, once for every list route (issue 31; the language: docs/query-language.md).
//
// The original console sends its own org and app with every list call and shapes lists with `$limit`, `$skip`,
// `$orderby field asc|desc, …`, `$count` and `$select a,b`. Each route used to parse its own subset, and some refused
// what the console sends. Here, as each route is registered (onRoute), a GET route whose answer is a list
// (`data.rows`) of an org-app route gets the forms it does not declare itself added to its querystring schema:
// - `orgId` / `appId`: the caller's own are accepted (and change nothing: an org-app route lists the org-app of the
//   key; a signed-in user's route, one of his orgs); another org's or app's are refused as tenancy refuses them
//   everywhere (403), never ignored, since answering the caller's own rows to a question about another org would
//   mislead. A public list is the same for everyone: there they are accepted and change nothing;
// - `$select a,b`: the answer's rows narrowed to these fields (and the row's key: `id` or its leading `…Id`), each
//   one a field of the route's row schema (400 naming the field otherwise);
// - `$orderby field asc|desc, …`: the fields the route declares sortable (config.listOrderable, each mapped onto its
//   SQL by the route: `listOrder` below); any other field is a 400 naming it;
// - `$count`: accepted; every list answers its `count` (all matching rows, not just the page) anyway;
// - `$limit` / `$skip` where the route has no paging of its own: the page cut from its rows (count unchanged).
// What the route declares itself stays the route's (its filters, its own paging maximum, an `orgId` filter of its
// own). The forms the layer added are taken off `request.query` before the handler runs: a handler sees only its own.
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { levelOf } from './auth.ts';
import { badRequest, forbidden } from './errors.ts';
import { refusalError } from './refusal.ts';
import { isRefusal } from '../../domain/decider.ts';
import { parseOrderBy, type OrderKey } from '../../domain/listOrder.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  [key: string]: unknown;
};

/** What the layer read from a list request, for the route's handler. */
export interface ListQuery {
  /** the fields of `$select`, or null for all */
  select: readonly string[] | null;
  /** `$orderby`, only fields the route declared sortable; empty: the route's own order */
  orderBy: readonly OrderKey<string>[];
  /** `$count` was asked for (every list answers its count anyway) */
  count: boolean;
  /** the page a route that pages itself (config.listPage) cuts in SQL: `$limit` (or its page size) and `$skip` */
  page: ListPage | null;
}

/** A page of a list: how many rows from which one. */
export interface ListPage {
  limit: number;
  skip: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set on list routes (./listQuery.ts) */
    listQuery?: ListQuery;
  }
  interface FastifyContextConfig {
    /** the fields of the answer's rows a list may be sorted by with `$orderby` (the route maps each onto its SQL) */
    listOrderable?: readonly string[];
    /**
     * The route pages in SQL (or over rows it built) itself: its page size when `$limit` is not sent, and the largest
     * `$limit` it takes (§9 page sizes). The layer declares `$limit`/`$skip` with that maximum and hands the page to
     * the handler (`listPage(request)`); without it, the layer cuts the answer's rows itself. A route whose contract
     * declares `$limit` keeps that schema (and its maximum); its page is read here all the same.
     */
    listPage?: { size: number | ((query: Record<string, unknown>) => number); max: number };
  }
}

/** Page size of a list that has no paging of its own. */
export const DEFAULT_MAX_LIMIT = 10_000;

const ownId = { type: 'string', minLength: 1, maxLength: 128 };
const FORMS: Record<string, JsonSchema> = {
  orgId: { ...ownId, description: 'the caller\'s own org (§7); another org\'s is refused' },
  appId: { ...ownId, description: 'the caller\'s own app (§7); another app\'s is refused' },
  $select: { type: 'string', maxLength: 1000, description: 'fields of the rows to answer, comma-separated' },
  $orderby: { type: 'string', maxLength: 300, description: '`field asc|desc, …` (fields the route sorts by)' },
  $count: { type: 'string', enum: ['true', 'false', '1', '0'], description: 'every list answers its count; accepted for §7 callers' },
};
const PAGING: Record<string, JsonSchema> = {
  $limit: { type: 'integer', minimum: 0, maximum: DEFAULT_MAX_LIMIT },
  $skip: { type: 'integer', minimum: 0 },
};

/**
 * The row schema of a list answer (`{status_code, status_text, data: {rows: [row], count}}`, or the plain array the
 * contacts lists answer: `data: [row]`), or null.
 */
export function listRowSchema(response: unknown): JsonSchema | null {
  const data = (response as Record<string, JsonSchema> | undefined)?.['200']?.properties?.data;
  // a plain array is a list of records (objects), not of names or numbers
  if (data?.type === 'array') return data.items?.type === 'object' ? data.items : null;
  const rows = data?.properties?.rows;
  return rows && rows.type === 'array' && rows.items ? rows.items : null;
}

/** `a, b` → ['a', 'b'] */
const names = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);

/**
 * A §7 comma list (`id=a,b,c`, `skuId=a,b`): the distinct values, trimmed, empty ones dropped; a repeated parameter
 * (`roleIds=a&roleIds=b,c`) reads as one list. Undefined or empty: [] (no filter).
 */
export function commaList(value: string | readonly string[] | undefined | null): string[] {
  if (value === undefined || value === null) return [];
  const parts = (typeof value === 'string' ? [value] : value).flatMap(names);
  return [...new Set(parts)];
}

/**
 * A bounded comma list of ids (§9 lookups come in chunks): undefined when the field was not sent (no filter), a 400
 * past `max` ids naming what they are.
 */
export function idList(value: string | readonly string[] | undefined, max: number, what: string): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = commaList(value);
  if (ids.length > max) throw badRequest(`参数错误：一次最多查询 ${max} 个${what}`);
  return ids;
}

/** The page the layer read for a route that pages itself (config.listPage); a route without one is a bug. */
export function listPage(request: FastifyRequest): ListPage {
  const page = request.listQuery?.page;
  if (!page) throw new Error(`listPage: ${request.routeOptions.url} declares no config.listPage`);
  return page;
}

/** A Kysely query cut to the page (config.listPage): `.limit($limit).offset($skip)`. */
export function paged<Q extends { limit: (n: number) => Q; offset: (n: number) => Q }>(query: Q, request: FastifyRequest): Q {
  const { limit, skip } = listPage(request);
  return query.limit(limit).offset(skip);
}

/** The page of rows a route built in code (config.listPage). */
export function pageOf<R>(rows: readonly R[], request: FastifyRequest): R[] {
  const { skip, limit } = listPage(request);
  return rows.slice(skip, skip + limit);
}

/** `$orderby` read against the fields the route sorts by (domain/listOrder.ts): a 400 naming them otherwise. */
function orderKeys(text: string | undefined, orderable: readonly string[]): OrderKey<string>[] {
  const keys = parseOrderBy(text, orderable);
  if (isRefusal(keys)) throw refusalError(keys);
  return keys;
}

/**
 * A §7 flag filter: `'0$n'` means "0, or the field not set" (how the original console asks for live rows:
 * `isDelete '0$n'`, `disabled '0$n'`); `0`/`1` are those values. Our rows store the flag as a boolean that is never
 * unset, so `'0$n'` is false. Undefined: no filter. Anything else is a 400 naming the field.
 */
export function flagFilter(text: string | undefined, field: string): boolean | undefined {
  if (text === undefined || text === '') return undefined;
  if (text === '0$n' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  throw badRequest(`参数错误：${field} 只能是 0、1 或 0$n`);
}

/** The querystring schema of a §7 flag filter read by flagFilter: `0`, `1`, `true`, `false` or `0$n`. */
export const FLAG_QUERY = { type: 'string', enum: ['0', '1', 'true', 'false', '0$n'], description: "0, 1, or '0$n': 0 or not set (docs/query-language.md)" } as const;

/** `$select` read against the row's fields (any field when the row schema names none). */
export function parseSelect(text: string | undefined, fields: readonly string[] | null): string[] | null {
  if (text === undefined) return null;
  const chosen = names(text);
  for (const f of chosen) if (fields ? !fields.includes(f) : !/^\w+$/.test(f)) throw badRequest(`参数错误：不支持的字段 $select.${f}`);
  return chosen.length ? chosen : null;
}

/**
 * The key of a list's rows: `id`, or the leading `…Id` field of the row schema (`itemId`, `roleId`). `$select` keeps
 * it whatever is chosen, as §7's services answer: a client narrowing a list still needs to tell its rows apart.
 */
export function rowKeyOf(fields: readonly string[] | null): string {
  if (!fields || fields.includes('id')) return 'id';
  return fields[0] && /Id$/.test(fields[0]) ? fields[0] : 'id';
}

/** The rows of an answer narrowed to the chosen fields (and the row key) and cut to a page. */
export function shapeRows(
  rows: Record<string, unknown>[], select: readonly string[] | null, page: { skip: number; limit: number } | null, key = 'id',
): Record<string, unknown>[] {
  const cut = page ? rows.slice(page.skip, page.skip + page.limit) : rows;
  if (!select) return cut;
  const keep = select.includes(key) ? select : [key, ...select];
  return cut.map((r) => Object.fromEntries(keep.filter((f) => f in r).map((f) => [f, r[f]])));
}

/**
 * `$orderby` onto a Kysely query: each field through the route's map (field → column or expression), then the
 * route's own order as the tie-break (a page must be stable).
 */
export function listOrder<Q extends { orderBy: (expr: never, dir: 'asc' | 'desc') => Q }>(
  query: Q, request: FastifyRequest, columns: Readonly<Record<string, unknown>>,
): Q {
  let q = query;
  for (const o of request.listQuery?.orderBy ?? []) {
    const column = columns[o.field];
    if (column === undefined) throw new Error(`listOrder: the route declares ${o.field} sortable but maps no column for it`);
    q = q.orderBy(column as never, o.direction);
  }
  return q;
}

/** Is the org (and app) one of the signed-in user's memberships? */
async function isMember(db: Kysely<Database>, userId: string, orgId: string | undefined, appId: string | undefined): Promise<boolean> {
  let q = db.selectFrom('org_app_users').select('user_id').where('user_id', '=', userId);
  if (orgId !== undefined) q = q.where('org_id', '=', orgId);
  if (appId !== undefined) q = q.where('app_id', '=', appId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

function augment(db: Kysely<Database>, routeOptions: RouteOptions): void {
  const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
  if (!methods.includes('GET')) return;
  const schema = routeOptions.schema as ({ querystring?: JsonSchema; response?: unknown } & Record<string, unknown>) | undefined;
  const row = listRowSchema(schema?.response);
  if (!schema || !row) return;
  const level = levelOf(routeOptions.config as FastifyContextConfig | undefined, routeOptions.url);
  const declared = schema.querystring?.properties ?? {};
  const config = routeOptions.config as FastifyContextConfig | undefined;
  const orderable = config?.listOrderable ?? [];
  const ownPage = config?.listPage;
  const added: Record<string, JsonSchema> = {};
  for (const [name, form] of Object.entries(FORMS)) {
    if (name in declared) continue;
    // the OpenAPI document names the fields this list sorts by
    added[name] = name === '$orderby' ? { ...form, description: `${form.description}: ${orderable.length ? orderable.join(', ') : '(none: the list keeps its own order)'}` } : form;
  }
  // the layer cuts the page of a list that does not page itself
  const pages = !('$limit' in declared) && !ownPage;
  if (pages) Object.assign(added, PAGING);
  // a typed contract (contracts/) may declare its own $limit and $skip for the console's calls: the page is still read here
  if (ownPage && !('$limit' in declared)) {
    Object.assign(added, {
      $limit: { ...PAGING.$limit, maximum: ownPage.max, ...(typeof ownPage.size === 'number' && { default: ownPage.size }) },
      $skip: { ...PAGING.$skip, default: 0 },
    });
  }
  if (!Object.keys(added).length && !ownPage) return;
  schema.querystring = {
    type: 'object', additionalProperties: false, ...schema.querystring,
    properties: { ...declared, ...added },
  };
  const fields = row.properties ? Object.keys(row.properties) : null;
  const key = rowKeyOf(fields);
  const layerKeys = Object.keys(added);

  const read = async (request: FastifyRequest) => {
    const q = request.query as Record<string, unknown>;
    const orgId = 'orgId' in added ? q.orgId as string | undefined : undefined;
    const appId = 'appId' in added ? q.appId as string | undefined : undefined;
    if (level === 'orgApp') {
      const own = (request as FastifyRequest & { orgApp?: { orgId: string; appId: string } | null }).orgApp;
      if (orgId !== undefined && orgId !== own?.orgId) throw forbidden('无权访问其他机构的数据');
      if (appId !== undefined && appId !== own?.appId) throw forbidden('无权访问其他应用的数据');
    } else if (level === 'user' && (orgId !== undefined || appId !== undefined)) {
      const user = (request as FastifyRequest & { user?: { userId: string } | null }).user;
      if (!user || !(await isMember(db, user.userId, orgId, appId))) throw forbidden('无权访问其他机构的数据');
    }
    request.listQuery = {
      select: '$select' in added ? parseSelect(q.$select as string | undefined, fields) : null,
      orderBy: '$orderby' in added ? orderKeys(q.$orderby as string | undefined, orderable) : [],
      count: q.$count === 'true' || q.$count === '1',
      page: ownPage
        ? { limit: Number(q.$limit ?? (typeof ownPage.size === 'number' ? ownPage.size : ownPage.size(q))), skip: Number(q.$skip ?? 0) } : null,
    };
    const page = pages && (q.$limit !== undefined || q.$skip !== undefined)
      ? { skip: Number(q.$skip ?? 0), limit: Number(q.$limit ?? DEFAULT_MAX_LIMIT) } : null;
    for (const k of layerKeys) delete q[k];
    if (request.listQuery.select || page) pending.set(request, page);
  };
  // the answer's rows shaped after the route's own serialisation: only when asked for
  const pending = new WeakMap<FastifyRequest, { skip: number; limit: number } | null>();
  const shape = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!pending.has(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = JSON.parse(payload) as { data?: Record<string, unknown>[] | { rows?: Record<string, unknown>[] } };
    const shaped = (rows: Record<string, unknown>[]) => shapeRows(rows, request.listQuery?.select ?? null, pending.get(request) ?? null, key);
    if (Array.isArray(body.data)) body.data = shaped(body.data);
    else if (body.data && Array.isArray(body.data.rows)) body.data.rows = shaped(body.data.rows);
    else return payload;
    return JSON.stringify(body);
  };
  routeOptions.preHandler = [read, ...hooksOf(routeOptions.preHandler)];
  routeOptions.onSend = [...hooksOf(routeOptions.onSend), shape];
}

const hooksOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/** Installs the layer: before the modules register their routes (and before the OpenAPI document reads them). */
export function registerListQuery(app: FastifyInstance, db: Kysely<Database>): void {
  app.addHook('onRoute', (routeOptions) => augment(db, routeOptions));
}

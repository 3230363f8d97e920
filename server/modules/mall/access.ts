// Who may do what with goods and prices (§6): suppliers (2) and their salesmen (6) own their org's goods;
// bureaus (4) and configured approval orgs decide prices of their area; purchasing orgs see the effective
// prices of the suppliers linked to them; the platform operator (999) sees all. Who is a supplier or a bureau is
// the org's kind with the member's role there (server/http/parties.ts, issue 27), never a role code alone.
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { forbidden } from '../../http/errors.ts';
import { areaOrgIds, isBureau, isPlatform, isSupplierSide } from '../../http/parties.ts';
import { orgKindOf, sameWorld } from '../../../domain/orgKind.ts';
import { editsCatalogue, writesGoods } from '../../../domain/mallCatalogue.ts';
import { allowedCategoryIds, permissionsOf, type SupplierPermissions } from '../../../domain/supplierPermissions.ts';

type Db = Kysely<Database> | Tx;

export { isBureau, isPlatform, isSupplierSide } from '../../http/parties.ts';

/** Catalogue writes (categories, specs, products, SKUs): suppliers, salesmen, bureaus, dietitians, admins and providers. */
export function requireCatalogueEditor(request: FastifyRequest): void {
  if (editsCatalogue({ platform: request.platform, roles: request.roles, orgKind: request.orgKind })) return;
  throw forbidden('没有维护商品资料的权限');
}

/** Goods and prices are written by the supplier side of the org (or the platform operator). */
export function requireSupplier(request: FastifyRequest): void {
  if (writesGoods(request)) return;
  throw forbidden('只有供应商可以维护商品和价格');
}

export async function orgArea(db: Db, orgId: string): Promise<string | null> {
  const row = await db.selectFrom('orgs').select('area').where('org_id', '=', orgId).executeTakeFirst();
  return row ? row.area : null;
}

/** A supplier a purchasing org buys from: the supplier's role group it buys under and what the org lets it do. */
export interface SupplierLink { supplierOrgId: string; roleGroupId: string | null; permissions: SupplierPermissions }

/**
 * The enabled supplier links of a purchasing org, with their parsed permissions. A link across the sandbox line
 * (a trial school to a real supplier, a real school to a practice one) counts for nothing (issue 27).
 */
export async function supplierLinks(db: Db, orgId: string): Promise<SupplierLink[]> {
  // the links with the facts of the org and of each supplier in one statement (it runs on every price and goods list
  // of a purchaser: two round trips were a tenth of the mixed load's statements, issue 32); the rule is the domain's
  const { rows } = await sql<{
    kind: string; org_type: string | null; area: string | null; parent_org_id: string | null;
    supplier_org_id: string | null; role_group_id: string | null; permissions: unknown;
    supplier_kind: string; supplier_org_type: string | null; supplier_area: string | null; supplier_parent_org_id: string | null;
  }>`SELECT own.kind, own.org_type, own.area, own.parent_org_id,
            l.supplier_org_id, l.role_group_id, l.permissions, l.kind AS supplier_kind, l.org_type AS supplier_org_type,
            l.area AS supplier_area, l.parent_org_id AS supplier_parent_org_id
     FROM orgs own
     LEFT JOIN LATERAL (SELECT ms.supplier_org_id, ms.role_group_id, ms.extra_info -> 'permissions' AS permissions, so.kind, so.org_type, so.area, so.parent_org_id
                        FROM mall_suppliers ms JOIN orgs so ON so.org_id = ms.supplier_org_id
                        WHERE ms.org_id = own.org_id AND ms.enable) l ON true
     WHERE own.org_id = ${orgId}`.execute(db);
  if (!rows.length) return [];
  const own = { orgId, kind: orgKindOf({ kind: rows[0].kind, orgType: rows[0].org_type }), parentOrgId: rows[0].parent_org_id };
  return rows.filter((r) => r.supplier_org_id !== null && sameWorld(own, {
    orgId: r.supplier_org_id, kind: orgKindOf({ kind: r.supplier_kind, orgType: r.supplier_org_type }), parentOrgId: r.supplier_parent_org_id,
  })).map((r) => ({ supplierOrgId: r.supplier_org_id!, roleGroupId: r.role_group_id, permissions: permissionsOf(r.permissions) }));
}

export type Viewer =
  | { kind: 'platform' }
  | { kind: 'supplier'; orgId: string }
  /** a bureau: the orgs of its area (server/http/parties.ts areaOrgIds: a sandbox's bureau, the sandbox) */
  | { kind: 'approver'; orgId: string; areaOrgIds: string[] }
  | { kind: 'purchaser'; orgId: string; links: SupplierLink[] };

/** How the caller sees goods and prices of suppliers. */
export async function viewerOf(db: Db, request: FastifyRequest): Promise<Viewer> {
  const orgId = request.orgApp!.orgId;
  if (isPlatform(request)) return { kind: 'platform' };
  if (isSupplierSide(request)) return { kind: 'supplier', orgId };
  if (isBureau(request)) return { kind: 'approver', orgId, areaOrgIds: await areaOrgIds(db, orgId) };
  return { kind: 'purchaser', orgId, links: await supplierLinks(db, orgId) };
}

/** Supplier orgs the viewer may read goods of; null = every org. */
export async function readableSupplierOrgs(db: Db, viewer: Viewer): Promise<string[] | null> {
  switch (viewer.kind) {
    case 'platform': return null;
    case 'supplier': return [viewer.orgId];
    case 'approver': return viewer.areaOrgIds;
    case 'purchaser': return [...new Set(viewer.links.map((l) => l.supplierOrgId))];
  }
}

/** Narrows to one asked-for supplier org, refusing one the viewer may not read. */
export function pickSupplierOrgs(readable: string[] | null, asked: string | undefined, own: string): string[] | null {
  if (!asked) return readable;
  if (readable && !readable.includes(asked)) {
    throw forbidden(asked === own ? '无权访问该数据' : '无权查看其他供应商的数据');
  }
  return [asked];
}

/** Per supplier org of the links, the categories whose goods the purchaser may see: null = every category. */
export type CategoryScope = Map<string, string[] | null>;

/**
 * The category scope of a purchaser's links, computed once per request: the categories each link lists and
 * all their descendants (one query over the limited suppliers' mallProduct categories, none when no link limits).
 */
export async function categoryScopeOf(db: Db, links: readonly SupplierLink[]): Promise<CategoryScope> {
  const scope: CategoryScope = new Map();
  const limited = links.filter((l) => l.permissions.categoryIds.length);
  const categories = limited.length
    ? await db.selectFrom('categories').select(['id', 'parent_id', 'org_id'])
      .where('org_id', 'in', [...new Set(limited.map((l) => l.supplierOrgId))]).where('group_name', '=', 'mallProduct').execute()
    : [];
  for (const link of links) {
    const own = categories.filter((c) => c.org_id === link.supplierOrgId).map((c) => ({ id: c.id, parentId: c.parent_id }));
    const allowed = allowedCategoryIds(link.permissions, own);
    const before = scope.get(link.supplierOrgId);
    // two links to one supplier: the wider one wins
    if (before === null || allowed === null) scope.set(link.supplierOrgId, null);
    else scope.set(link.supplierOrgId, [...new Set([...(before ?? []), ...allowed])]);
  }
  return scope;
}

/** Whether any supplier of the scope is limited to some categories (else no filter is needed). */
export const scopeLimits = (scope: CategoryScope) => [...scope.values()].some((c) => c !== null);

/**
 * A filter on products: the goods of a supplier limited to some categories only when their category_id is one
 * of the allowed ones (a product without a category is then left out); other suppliers' goods pass.
 */
export function inCategoryScope(scope: CategoryScope) {
  return (eb: ExpressionBuilder<Database, 'products'>): Expression<SqlBool> => eb.and([...scope.entries()]
    .filter((e): e is [string, string[]] => e[1] !== null)
    .map(([orgId, ids]) => eb.or([eb('products.org_id', '<>', orgId), eb('products.category_id', 'in', ids.length ? ids : [''])])));
}

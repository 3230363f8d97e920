// Who sees which orders (§6, issue 11), and the facts an order command needs from other aggregates. An order
// lives in the school's org; the supplier side reaches it through `supplier_org_id`:
// - a school (purchaser, dietitian, its admins): the orders of its org;
// - a supplier (2): the orders placed with its org;
// - a salesman (6): those of the schools buying under a purchaser group (M1) he sees (domain/order salesmanRoleGroups);
// - a delivery user (3): those of the schools on his routes (M7, domain/order deliverySchools);
// - a bureau (4): those of the schools of its area; the platform: all.
// The party is the org's kind with the member's role there (server/http/parties.ts, domain/orgKind.ts, issue 27):
// a code-4 role in a school is a school; a trial org's bureau has its sandbox for an area.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import type { OrgAppRequest } from '../../http/route.ts';
import type { Guard } from '../../http/guards.ts';
import { forbidden } from '../../http/errors.ts';
import { supplierLinks } from '../mall/access.ts';
import { areaOrgIds, partyOfRequest } from '../../http/parties.ts';
import { schoolGoods } from '../mall/schoolGoods.ts';
import { DEFAULT_ORDER_SETTINGS, deliverySchools, salesmanRoleGroups, type LinkPermissions, type OrderParty, type OrderSettings } from '../../../domain/order.ts';
import { permissionsOf } from '../../../domain/supplierPermissions.ts';
import { isSandbox } from '../../../domain/orgKind.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import type { PlacingFacts } from '../../../domain/aggregates/order.ts';

type Db = Kysely<Database> | Tx;
type OrdersEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

export interface OrderViewer {
  party: OrderParty;
  orgId: string;
  userId: string;
  /** the caller's org is a sandbox (a trial org): area-wide figures come from sandboxes only, never real orgs (issue 27) */
  sandbox: boolean;
  /** the filter on `orders as o` this caller sees through; null = every order */
  scope: ((eb: OrdersEb) => Expression<SqlBool>) | null;
}

const none = (eb: OrdersEb) => eb.val(false) as unknown as Expression<SqlBool>;

/**
 * A route only one party calls (a school places orders, asks for returns and plans its purchases; a supplier plans
 * deliveries): declared as the route's guard, so another party is refused before its body is read (issue 12).
 * The party comes from the org's kind and the roles (partyOfRequest), as orderViewerOf works it out.
 */
export const partyOnly = (party: OrderParty, refusal: string): Guard => (request) => {
  if (partyOfRequest(request) !== party) throw forbidden(refusal);
};

export async function orderViewerOf(db: Db, request: OrgAppRequest): Promise<OrderViewer> {
  const orgId = request.orgApp.orgId;
  const userId = request.user.userId;
  const party = partyOfRequest(request);
  const base = { party, orgId, userId, sandbox: isSandbox(request.orgKind) };
  switch (party) {
    case 'platform': return { ...base, scope: null };
    case 'school': return { ...base, scope: (eb) => eb('o.org_id', '=', orgId) };
    case 'supplier': return { ...base, scope: (eb) => eb('o.supplier_org_id', '=', orgId) };
    case 'salesman': {
      const groups = await db.selectFrom('role_groups').select(['role_group_id', 'manage_role_names'])
        .where('org_id', '=', orgId).where('code', '=', 'M1').execute();
      const visible = salesmanRoleGroups(request.roles, groups.map((g) => ({ roleGroupId: g.role_group_id, manageRoleNames: g.manage_role_names })));
      const schools = visible.length
        ? (await db.selectFrom('mall_suppliers').select('org_id').distinct().where('supplier_org_id', '=', orgId).where('enable', '=', true)
          .where('role_group_id', 'in', visible).execute()).map((r) => r.org_id)
        : [];
      return { ...base, scope: schools.length ? (eb) => eb.and([eb('o.supplier_org_id', '=', orgId), eb('o.org_id', 'in', schools)]) : none };
    }
    case 'delivery': {
      const routes = await db.selectFrom('mall_routes').select(['purchaser_org_ids', 'delivery_user_ids'])
        .where('org_id', '=', orgId).where('is_delete', '=', false).execute();
      const schools = deliverySchools(routes.map((r) => ({ purchaserOrgIds: r.purchaser_org_ids as string[], deliveryUserIds: r.delivery_user_ids as string[] })), userId);
      return { ...base, scope: schools.length ? (eb) => eb.and([eb('o.supplier_org_id', '=', orgId), eb('o.org_id', 'in', schools)]) : none };
    }
    case 'bureau': {
      const area = await areaOrgIds(db, orgId);
      return { ...base, scope: area.length ? (eb) => eb('o.org_id', 'in', area) : none };
    }
    // a member whose role in his org's kind is no party (an admin of a bureau org), or a fruit org (issue 34: its
    // orders are fruit orders, not these): his org's own orders, if any
    case 'fruit':
    case 'member': return { ...base, scope: (eb) => eb('o.org_id', '=', orgId) };
    // an installer company (issue 33) neither buys nor sells: no orders
    case 'installer': return { ...base, scope: none };
  }
}

/** The school's permissions for its supplier (its enabled links; two links: the wider one). No link: nothing allowed. */
export async function linkPermissions(db: Db, pairs: readonly { orgId: string; supplierOrgId: string }[]): Promise<Map<string, LinkPermissions>> {
  const out = new Map<string, LinkPermissions>();
  if (!pairs.length) return out;
  const rows = await db.selectFrom('mall_suppliers').select(['org_id', 'supplier_org_id', sql<unknown>`extra_info -> 'permissions'`.as('permissions')])
    .where('org_id', 'in', [...new Set(pairs.map((p) => p.orgId))]).where('supplier_org_id', 'in', [...new Set(pairs.map((p) => p.supplierOrgId))])
    .where('enable', '=', true).execute();
  for (const r of rows) {
    const p = permissionsOf(r.permissions);
    const key = pairKey(r.org_id, r.supplier_org_id);
    const before = out.get(key);
    out.set(key, { order: p.order || !!before?.order, delivery: p.delivery || !!before?.delivery });
  }
  return out;
}
export const pairKey = (orgId: string, supplierOrgId: string) => `${orgId}\u0000${supplierOrgId}`;
export const NO_PERMISSIONS: LinkPermissions = Object.freeze({ order: false, delivery: false });

/** An org's order settings, the defaults where it saved none. */
export async function settingsOf(db: Db, orgId: string): Promise<OrderSettings & { saved: boolean }> {
  const row = await db.selectFrom('order_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return { ...DEFAULT_ORDER_SETTINGS, saved: false };
  return {
    cutoffDays: row.cutoff_days, cutoffTime: row.cutoff_time, minimumAmount: Number(row.minimum_amount),
    supplierMayChangeQuantity: row.supplier_may_change_quantity, saved: true,
  };
}

/**
 * What placing (or submitting) an order with `supplierOrgId` needs to know: the school's link and its permissions,
 * the supplier's settings, and per SKU its goods and its effective approved price today for the school
 * (mall/schoolGoods). A SKU that is unknown, another supplier's, deleted, off the shelf or outside the link's
 * categories is null.
 */
export async function placingFacts(db: Db, schoolOrgId: string, supplierOrgId: string, skuIds: readonly string[], now: Date): Promise<PlacingFacts> {
  const links = (await supplierLinks(db, schoolOrgId)).filter((l) => l.supplierOrgId === supplierOrgId);
  const settings = await settingsOf(db, supplierOrgId);
  const facts: PlacingFacts = {
    linked: links.length > 0,
    permissions: { order: links.some((l) => l.permissions.order), delivery: links.some((l) => l.permissions.delivery) },
    settings, skus: Object.fromEntries(skuIds.map((id) => [id, null])), now: now.toISOString(),
  };
  for (const [skuId, g] of await schoolGoods(db, links, skuIds, dayOf(now))) {
    facts.skus[skuId] = {
      productId: g.productId, productName: g.productName, skuName: g.skuName, spec: g.spec, unit: g.unit, categoryId: g.categoryId, price: g.price,
    };
  }
  return facts;
}

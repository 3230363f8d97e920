// §2 order reports (issue 11): `GET /v4/mall/order/report` sums the order projection (orders ⋈ order_lines, with
// each line's accepted returns) in PostgreSQL, grouped by the dimensions asked for, over the orders the caller sees
// (orders/access.ts orderViewerOf: school its own, supplier those placed with it, salesman his groups' schools,
// bureau its area's schools, the platform all). What counts and what each figure means is domain/orderReports.ts;
// this file only turns those rules into one GROUP BY per report, never loading orders into the process.
// The report reads the daily rollup (order_report_days, ./projection.ts): the same sums per day × school × supplier ×
// product × category, so a year is a few thousand rows. Every figure adds up from those rows except the count of
// distinct orders, which each row carries per what a report may fix (ROLLUP_ORDER_COUNT); the one case the rollup
// cannot answer — a category name shared by two category keys of one supplier — is summed from the orders as before.
import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import * as api from '../../../contracts/orderReports.ts';
import {
  COUNTED_RETURN_STATUS, COUNTED_STATUSES, EMPTY_SUMS, REPORT_LIMITS, REPORT_TEXT, WITHIN_TOLERANCE, mayReadReports, parseReportQuery, reportFigures, unitPrice,
  type ReportDimension, type ReportSums,
} from '../../../domain/orderReports.ts';
import { orderViewerOf, type OrderViewer } from '../orders/access.ts';

/** domain lineDifference: a received line differs unless its scale found it within tolerance. */
const DIFFERS = sql`l.received_quantity IS NOT NULL AND l.weigh_result IS DISTINCT FROM ${WITHIN_TOLERANCE}`;

/** The SQL sums of one group, named as domain ReportSums (numeric arrives as text). */
const SUMS: Record<keyof ReportSums, RawBuilder<string>> = {
  // order ids are UUIDs: distinct across orgs without pairing them with the org
  orderCount: sql`count(DISTINCT o.id)`,
  lineCount: sql`count(*)`,
  quantity: sql`coalesce(sum(l.quantity), 0)`,
  receivedQuantity: sql`coalesce(sum(l.received_quantity), 0)`,
  // domain lineDifference: the shortfall or excess of a line that differs; others add nothing
  shortQuantity: sql`coalesce(sum(greatest(l.quantity - l.received_quantity, 0)) FILTER (WHERE ${DIFFERS}), 0)`,
  overQuantity: sql`coalesce(sum(greatest(l.received_quantity - l.quantity, 0)) FILTER (WHERE ${DIFFERS}), 0)`,
  amount: sql`coalesce(sum(l.amount), 0)`,
  receivedAmount: sql`coalesce(sum(l.received_amount), 0)`,
  shortAmount: sql`coalesce(sum(greatest(l.amount - l.received_amount, 0)) FILTER (WHERE ${DIFFERS}), 0)`,
  overAmount: sql`coalesce(sum(greatest(l.received_amount - l.amount, 0)) FILTER (WHERE ${DIFFERS}), 0)`,
  returnQuantity: sql`coalesce(sum(r.quantity), 0)`,
  returnAmount: sql`coalesce(sum(r.amount), 0)`,
  deliveredAmount: sql`coalesce(sum(coalesce(l.received_amount, l.amount)), 0)`,
  differenceLines: sql`count(*) FILTER (WHERE ${DIFFERS} AND l.received_quantity <> l.quantity)`,
};

/** What a report fixes of a line: its product (by name, as the filter; name + unit, as a product row) and category. */
interface Fixed { product: 'none' | 'name' | 'product'; category: boolean }

/** The rollup's distinct order count for what a group fixes (migration 231): each order counts in one row of the group. */
const ROLLUP_ORDER_COUNT: Record<Fixed['product'], Record<'true' | 'false', keyof Database['order_report_days']>> = {
  none: { false: 'orders_any', true: 'orders_category' },
  name: { false: 'orders_name', true: 'orders_name_category' },
  product: { false: 'orders_product', true: 'order_count' },
};

/** The same sums over rollup rows (`order_report_days as o`): every one adds up, the order count as ROLLUP_ORDER_COUNT says. */
function rollupSums(fixed: Fixed): Record<keyof ReportSums, RawBuilder<string>> {
  const total = (column: string) => sql<string>`coalesce(sum(${sql.ref(`o.${column}`)}), 0)`;
  return {
    orderCount: total(ROLLUP_ORDER_COUNT[fixed.product][String(fixed.category) as 'true' | 'false']),
    lineCount: total('line_count'), quantity: total('quantity'), receivedQuantity: total('received_quantity'),
    shortQuantity: total('short_quantity'), overQuantity: total('over_quantity'), amount: total('amount'), receivedAmount: total('received_amount'),
    shortAmount: total('short_amount'), overAmount: total('over_amount'), returnQuantity: total('return_quantity'), returnAmount: total('return_amount'),
    deliveredAmount: total('delivered_amount'), differenceLines: total('difference_lines'),
  };
}

/**
 * Whether a group's rollup order count may be off: its category is fixed by name, and one supplier's rows in it carry
 * two category keys of that name (two categories named alike, or a deleted category beside lines without one), so an
 * order with lines under both would count twice. Zero when every supplier in the group has one key.
 */
const CATEGORY_CLASH = sql<string>`count(DISTINCT (o.supplier_org_id, o.category_id)) - count(DISTINCT o.supplier_org_id)`;

type Dimensions = Record<ReportDimension, { fields: [keyof api.OrderReportRow, RawBuilder<string>][]; group: RawBuilder<unknown>[]; order: RawBuilder<unknown> | null }>;

/**
 * Per dimension: the columns it adds to a row (SQL expression → row field) and what it groups by. The product is the
 * line's (`l`) when summing the orders, the rollup row's (`o`) when summing the rollup; the rest is the order's.
 */
const dimensions = (product: 'l' | 'o'): Dimensions => ({
  product: { fields: [['productName', sql.ref(`${product}.product_name`)], ['unit', sql.ref(`${product}.unit`)]], group: [sql.ref(`${product}.product_name`), sql.ref(`${product}.unit`)], order: null },
  day: { fields: [['period', sql`to_char(o.delivery_date, 'YYYY-MM-DD')`]], group: [sql`o.delivery_date`], order: sql`o.delivery_date` },
  // ISO weeks: PostgreSQL's date_trunc('week') is the Monday, as domain periodOf
  week: { fields: [['period', sql`to_char(date_trunc('week', o.delivery_date), 'YYYY-MM-DD')`]], group: [sql`date_trunc('week', o.delivery_date)`], order: sql`date_trunc('week', o.delivery_date)` },
  month: { fields: [['period', sql`to_char(o.delivery_date, 'YYYY-MM')`]], group: [sql`to_char(o.delivery_date, 'YYYY-MM')`], order: sql`to_char(o.delivery_date, 'YYYY-MM')` },
  school: { fields: [['orgId', sql`o.org_id`], ['orgName', sql`max(o.org_name)`]], group: [sql`o.org_id`], order: null },
  supplier: { fields: [['supplierId', sql`o.supplier_org_id`], ['supplierName', sql`max(o.supplier_name)`]], group: [sql`o.supplier_org_id`], order: null },
  category: { fields: [['category', sql`coalesce(c.name, '')`]], group: [sql`coalesce(c.name, '')`], order: null },
});
const DIMENSIONS = dimensions('l');
const ROLLUP_DIMENSIONS = dimensions('o');

/** The rollup table as `o`: the viewer's filter on `orders as o` names only o.org_id and o.supplier_org_id, which
 * the rollup rows carry with the same meaning (the school's org, the supplier's), so tenancy is the orders' own. */
type RollupEb = ExpressionBuilder<Database & { o: Database['order_report_days'] }, 'o'>;
const rollupScope = (viewer: OrderViewer) => viewer.scope as unknown as ((eb: RollupEb) => Expression<SqlBool>) | null;

type Filters = Omit<api.OrderReportQuery, 'groupBy'>;

export default async function orderReportRoutes(app: FastifyInstance, { db }: ModuleContext) {
  /** The counted orders the caller sees, delivered in the range, narrowed by school and supplier. */
  function counted(viewer: OrderViewer, f: Filters) {
    let q = db.selectFrom('orders as o');
    if (viewer.scope) q = q.where(viewer.scope);
    q = q.where('o.status', 'in', [...COUNTED_STATUSES]).where('o.delivery_date', '>=', f.startDate).where('o.delivery_date', '<=', f.endDate);
    if (f.orgId) q = q.where('o.org_id', '=', f.orgId);
    if (f.supplierId) q = q.where('o.supplier_org_id', '=', f.supplierId);
    return q;
  }

  /** Their counted lines, narrowed by category and product; with each line's accepted returns. */
  function lines(viewer: OrderViewer, f: Filters) {
    const q = counted(viewer, f);
    // the accepted returns per line, summed once and hash-joined (a lookup per line was most of a year's report)
    const returned = db.selectFrom('order_return_lines as rl')
      .innerJoin('order_returns as rt', (j) => j.onRef('rt.org_id', '=', 'rl.org_id').onRef('rt.id', '=', 'rl.return_id'))
      .where('rt.status', '=', COUNTED_RETURN_STATUS)
      .select(['rl.org_id', 'rl.order_id', 'rl.sku_id', sql<string>`sum(rl.amount)`.as('amount'), sql<string>`sum(rl.quantity)`.as('quantity')])
      .groupBy(['rl.org_id', 'rl.order_id', 'rl.sku_id']);
    let l = q.innerJoin('order_lines as l', (j) => j.onRef('l.org_id', '=', 'o.org_id').onRef('l.order_id', '=', 'o.id'))
      .where('l.status', '=', 'open')
      // the supplier's own category of the good; a school buying from two suppliers sees them by name
      .leftJoin('categories as c', (j) => j.onRef('c.org_id', '=', 'o.supplier_org_id').onRef('c.id', '=', 'l.category_id'))
      .leftJoin(returned.as('r'), (j) => j.onRef('r.org_id', '=', 'l.org_id').onRef('r.order_id', '=', 'l.order_id').onRef('r.sku_id', '=', 'l.sku_id'));
    if (isCategoryFilter(f)) l = l.where(sql<boolean>`coalesce(c.name, '') = ${f.category}`);
    if (f.product) l = l.where('l.product_name', '=', f.product);
    return l;
  }

  /** The rollup rows (whole delivery days) the caller sees in the range, narrowed by school and supplier. */
  function rollup(viewer: OrderViewer, f: Filters) {
    let q = db.selectFrom('order_report_days as o');
    const scope = rollupScope(viewer);
    if (scope) q = q.where(scope);
    q = q.where('o.delivery_date', '>=', f.startDate).where('o.delivery_date', '<=', f.endDate);
    if (f.orgId) q = q.where('o.org_id', '=', f.orgId);
    if (f.supplierId) q = q.where('o.supplier_org_id', '=', f.supplierId);
    return q;
  }

  /** …narrowed by category and product too, with the supplier's category of each row. */
  function rollupLines(viewer: OrderViewer, f: Filters) {
    let q = rollup(viewer, f).leftJoin('categories as c', (j) => j.onRef('c.org_id', '=', 'o.supplier_org_id').onRef('c.id', '=', 'o.category_id'));
    if (isCategoryFilter(f)) q = q.where(sql<boolean>`coalesce(c.name, '') = ${f.category}`);
    if (f.product) q = q.where('o.product_name', '=', f.product);
    return q;
  }

  const sumsOf = (r: Record<string, unknown>): ReportSums =>
    Object.fromEntries(Object.keys(EMPTY_SUMS).map((k) => [k, Number(r[k] ?? 0)])) as unknown as ReportSums;

  /**
   * The market average of each product (name + unit) a report shows: Σ amount ÷ Σ quantity of the counted lines of
   * every supplier's orders for schools in the areas of the schools the caller's report covers, same date range.
   */
  async function marketPrices(viewer: OrderViewer, f: Filters, products: readonly { productName: string; unit: string }[]): Promise<Map<string, number | null>> {
    const out = new Map<string, number | null>();
    if (!products.length) return out;
    // a counted order has an open line (confirming with every line refused refuses it), so it has rollup rows
    const areas = rollup(viewer, { ...f, supplierId: undefined }).innerJoin('orgs as s', 's.org_id', 'o.org_id').select('s.area').distinct();
    const names = [...new Set(products.map((p) => p.productName))];
    const rows = await db.selectFrom('order_report_days as o')
      .innerJoin('orgs as s', 's.org_id', 'o.org_id')
      .where('s.area', 'in', areas).where('s.area', '<>', '')
      // a sandbox's market is its practice orders; a real one never counts practice (issue 27)
      .where('s.kind', viewer.sandbox ? '=' : '<>', 'trial')
      .where('o.delivery_date', '>=', f.startDate).where('o.delivery_date', '<=', f.endDate)
      .where('o.product_name', 'in', names)
      .select(['o.product_name', 'o.unit', sql<string>`sum(o.amount)`.as('amount'), sql<string>`sum(o.quantity)`.as('quantity')])
      .groupBy(['o.product_name', 'o.unit']).execute();
    for (const r of rows) out.set(productKey(r.product_name, r.unit), unitPrice(Number(r.amount), Number(r.quantity)));
    return out;
  }

  type Grouped = { rows: Record<string, unknown>[]; totals: Record<string, unknown> };

  /** The groups and the totals from the rollup; null where a category name clashes (CATEGORY_CLASH). */
  async function fromRollup(viewer: OrderViewer, f: Filters, groupBy: readonly ReportDimension[]): Promise<Grouped | null> {
    const filtered: Fixed = { product: f.product ? 'name' : 'none', category: isCategoryFilter(f) };
    const fixed: Fixed = { product: groupBy.includes('product') ? 'product' : filtered.product, category: filtered.category || groupBy.includes('category') };
    const sums = Object.entries(rollupSums(fixed)).map(([name, expr]) => expr.as(name));
    const clash = fixed.category ? [CATEGORY_CLASH.as('clash')] : [];
    const dims = groupBy.map((d) => ROLLUP_DIMENSIONS[d]);
    const fields = dims.flatMap((d) => d.fields);
    let grouped = rollupLines(viewer, f).select([...fields.map(([name, expr], i) => expr.as(`d${i}_${name}`)), ...sums, ...clash]);
    for (const d of dims) for (const g of d.group) grouped = grouped.groupBy(g);
    for (const d of dims) if (d.order) grouped = grouped.orderBy(d.order);
    grouped = grouped.orderBy(sql`sum(o.amount)`, 'desc');
    for (const [, expr] of fields) grouped = grouped.orderBy(expr);
    const totalSums = Object.entries(rollupSums(filtered)).map(([name, expr]) => expr.as(name));
    const [rows, totals] = await Promise.all([
      grouped.limit(REPORT_LIMITS.maxRows + 1).execute() as Promise<Record<string, unknown>[]>,
      rollupLines(viewer, f).select([...totalSums, ...(filtered.category ? [CATEGORY_CLASH.as('clash')] : [])]).executeTakeFirstOrThrow() as Promise<Record<string, unknown>>,
    ]);
    if ([...rows, totals].some((r) => Number(r.clash ?? 0) > 0)) return null;
    return { rows, totals };
  }

  /** The groups and the totals summed from the orders themselves (what the rollup adds up, line by line). */
  async function fromOrders(viewer: OrderViewer, f: Filters, groupBy: readonly ReportDimension[]): Promise<Grouped> {
    const sums = Object.entries(SUMS).map(([name, expr]) => expr.as(name));
    const dims = groupBy.map((d) => DIMENSIONS[d]);
    const fields = dims.flatMap((d) => d.fields);
    let grouped = lines(viewer, f).select([...fields.map(([name, expr], i) => expr.as(`d${i}_${name}`)), ...sums]);
    for (const d of dims) for (const g of d.group) grouped = grouped.groupBy(g);
    for (const d of dims) if (d.order) grouped = grouped.orderBy(d.order);
    grouped = grouped.orderBy(sql`sum(l.amount)`, 'desc');
    for (const [, expr] of fields) grouped = grouped.orderBy(expr);
    const [rows, totals] = await Promise.all([
      grouped.limit(REPORT_LIMITS.maxRows + 1).execute() as Promise<Record<string, unknown>[]>,
      lines(viewer, f).select(sums).executeTakeFirstOrThrow() as Promise<Record<string, unknown>>,
    ]);
    return { rows, totals };
  }

  route(app, api.getOrderReport, { auth: 'orgApp' }, async (request) => {
    const viewer = await orderViewerOf(db, request);
    if (!mayReadReports(viewer.party)) throw forbidden(REPORT_TEXT.notAllowed);
    const parsed = parseReportQuery(request.query);
    if (!parsed.ok) throw badRequest(parsed.message);
    const { groupBy } = parsed.value;
    const f: Filters = { ...request.query, startDate: parsed.value.startDate, endDate: parsed.value.endDate };
    const fields = groupBy.flatMap((d) => DIMENSIONS[d].fields);

    // the filters' choices: everything the caller's report covers in the range, whatever is picked now (every counted
    // order has an open line, so its school and supplier have rollup rows)
    const all = rollup(viewer, { startDate: f.startDate, endDate: f.endDate });
    const [grouped, schools, suppliers, categories] = await Promise.all([
      fromRollup(viewer, f, groupBy).then((g) => g ?? fromOrders(viewer, f, groupBy)),
      all.select(['o.org_id as id', sql<string>`max(o.org_name)`.as('name')]).groupBy('o.org_id').orderBy(sql`max(o.org_name)`).limit(500).execute(),
      all.select(['o.supplier_org_id as id', sql<string>`max(o.supplier_name)`.as('name')]).groupBy('o.supplier_org_id').orderBy(sql`max(o.supplier_name)`).limit(500).execute(),
      all.innerJoin('categories as c', (j) => j.onRef('c.org_id', '=', 'o.supplier_org_id').onRef('c.id', '=', 'o.category_id'))
        .select('c.name').groupBy('c.name').orderBy('c.name').limit(500).execute(),
    ]);
    const { rows, totals: totalsRow } = grouped;
    const truncated = rows.length > REPORT_LIMITS.maxRows;
    const kept = rows.slice(0, REPORT_LIMITS.maxRows).map((r) => {
      const keys: Partial<api.OrderReportRow> = {};
      fields.forEach(([name], i) => { (keys as Record<string, unknown>)[name] = String(r[`d${i}_${name}`] ?? ''); });
      return { keys, sums: sumsOf(r) };
    });
    const byProduct = groupBy.includes('product');
    const market = byProduct ? await marketPrices(viewer, f, kept.map((k) => ({ productName: k.keys.productName!, unit: k.keys.unit! }))) : new Map();
    const out: api.OrderReportRow[] = kept.map(({ keys, sums: s }) => ({
      key: fields.map(([name]) => (keys as Record<string, string>)[name]).join('\u0001'),
      ...keys,
      ...reportFigures(s, byProduct ? { market: market.get(productKey(keys.productName!, keys.unit!)) ?? null } : null),
    }));
    return ok({
      rows: out, count: out.length, truncated,
      totals: reportFigures(sumsOf(totalsRow), null),
      schools: schools.map((s) => ({ id: s.id, name: s.name })),
      suppliers: suppliers.map((s) => ({ id: s.id, name: s.name })),
      categories: categories.map((c) => c.name),
    });
  });
}

const productKey = (name: string, unit: string) => `${name}\u0001${unit}`;
/** An empty category filter picks nothing (the screens send '' for all). */
const isCategoryFilter = (f: Filters) => f.category !== undefined && f.category !== '';

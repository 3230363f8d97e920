// §2 order reports (issue 11): `GET /v4/mall/order/report` sums the order projection (orders ⋈ order_lines, with
// each line's accepted returns) in PostgreSQL, grouped by the dimensions asked for, over the orders the caller sees
// (orders/access.ts orderViewerOf: school its own, supplier those placed with it, salesman his groups' schools,
// bureau its area's schools, the platform all). What counts and what each figure means is domain/orderReports.ts;
// this file only turns those rules into one GROUP BY per report, never loading orders into the process.
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { POWER } from '../permissions/powers.ts';
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

/** Per dimension: the columns it adds to a row (SQL expression → row field) and what it groups by. */
const DIMENSIONS: Record<ReportDimension, { fields: [keyof api.OrderReportRow, RawBuilder<string>][]; group: RawBuilder<unknown>[]; order: RawBuilder<unknown> | null }> = {
  day: { fields: [['period', sql`to_char(o.delivery_date, 'YYYY-MM-DD')`]], group: [sql`o.delivery_date`], order: sql`o.delivery_date` },
  // ISO weeks: PostgreSQL's date_trunc('week') is the Monday, as domain periodOf
  week: { fields: [['period', sql`to_char(date_trunc('week', o.delivery_date), 'YYYY-MM-DD')`]], group: [sql`date_trunc('week', o.delivery_date)`], order: sql`date_trunc('week', o.delivery_date)` },
  month: { fields: [['period', sql`to_char(o.delivery_date, 'YYYY-MM')`]], group: [sql`to_char(o.delivery_date, 'YYYY-MM')`], order: sql`to_char(o.delivery_date, 'YYYY-MM')` },
  school: { fields: [['orgId', sql`o.org_id`], ['orgName', sql`max(o.org_name)`]], group: [sql`o.org_id`], order: null },
  supplier: { fields: [['supplierId', sql`o.supplier_org_id`], ['supplierName', sql`max(o.supplier_name)`]], group: [sql`o.supplier_org_id`], order: null },
  category: { fields: [['category', sql`coalesce(c.name, '')`]], group: [sql`coalesce(c.name, '')`], order: null },
  product: { fields: [['productName', sql`l.product_name`], ['unit', sql`l.unit`]], group: [sql`l.product_name`, sql`l.unit`], order: null },
};

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
    if (f.category !== undefined && f.category !== '') l = l.where(sql<boolean>`coalesce(c.name, '') = ${f.category}`);
    if (f.product) l = l.where('l.product_name', '=', f.product);
    return l;
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
    let scoped = db.selectFrom('orders as o');
    if (viewer.scope) scoped = scoped.where(viewer.scope);
    const areas = scoped.innerJoin('orgs as s', 's.org_id', 'o.org_id').select('s.area')
      .where('o.status', 'in', [...COUNTED_STATUSES]).where('o.delivery_date', '>=', f.startDate).where('o.delivery_date', '<=', f.endDate)
      .$if(!!f.orgId, (q) => q.where('o.org_id', '=', f.orgId!)).distinct();
    const names = [...new Set(products.map((p) => p.productName))];
    const rows = await db.selectFrom('orders as o')
      .innerJoin('orgs as s', 's.org_id', 'o.org_id')
      .innerJoin('order_lines as l', (j) => j.onRef('l.org_id', '=', 'o.org_id').onRef('l.order_id', '=', 'o.id'))
      .where('s.area', 'in', areas).where('s.area', '<>', '')
      .where('o.status', 'in', [...COUNTED_STATUSES]).where('o.delivery_date', '>=', f.startDate).where('o.delivery_date', '<=', f.endDate)
      .where('l.status', '=', 'open').where('l.product_name', 'in', names)
      .select(['l.product_name', 'l.unit', sql<string>`sum(l.amount)`.as('amount'), sql<string>`sum(l.quantity)`.as('quantity')])
      .groupBy(['l.product_name', 'l.unit']).execute();
    for (const r of rows) out.set(productKey(r.product_name, r.unit), unitPrice(Number(r.amount), Number(r.quantity)));
    return out;
  }

  route(app, api.getOrderReport, { auth: 'orgApp', power: POWER.orderReport }, async (request) => {
    const viewer = await orderViewerOf(db, request);
    if (!mayReadReports(viewer.party)) throw forbidden(REPORT_TEXT.notAllowed);
    const parsed = parseReportQuery(request.query);
    if (!parsed.ok) throw badRequest(parsed.message);
    const { groupBy } = parsed.value;
    const f: Filters = { ...request.query, startDate: parsed.value.startDate, endDate: parsed.value.endDate };

    const sums = Object.entries(SUMS).map(([name, expr]) => expr.as(name));
    const dims = groupBy.map((d) => DIMENSIONS[d]);
    const fields = dims.flatMap((d) => d.fields);
    let grouped = lines(viewer, f).select([...fields.map(([name, expr], i) => expr.as(`d${i}_${name}`)), ...sums]);
    for (const d of dims) for (const g of d.group) grouped = grouped.groupBy(g);
    for (const d of dims) if (d.order) grouped = grouped.orderBy(d.order);
    grouped = grouped.orderBy(sql`sum(l.amount)`, 'desc');
    for (const [, expr] of fields) grouped = grouped.orderBy(expr);

    const base = lines(viewer, f);
    // the filters' choices: everything the caller's report covers in the range, whatever is picked now
    const range = { startDate: f.startDate, endDate: f.endDate };
    const all = counted(viewer, range);
    const allLines = all.innerJoin('order_lines as l', (j) => j.onRef('l.org_id', '=', 'o.org_id').onRef('l.order_id', '=', 'o.id')).where('l.status', '=', 'open')
      .innerJoin('categories as c', (j) => j.onRef('c.org_id', '=', 'o.supplier_org_id').onRef('c.id', '=', 'l.category_id'));
    const distinct = <T>(q: { execute(): Promise<T[]> }) => q.execute();
    const [rows, totalsRow, schools, suppliers, categories] = await Promise.all([
      grouped.limit(REPORT_LIMITS.maxRows + 1).execute() as Promise<Record<string, unknown>[]>,
      base.select(sums).executeTakeFirstOrThrow() as Promise<Record<string, unknown>>,
      distinct(all.select(['o.org_id as id', sql<string>`max(o.org_name)`.as('name')]).groupBy('o.org_id').orderBy(sql`max(o.org_name)`).limit(500)),
      distinct(all.select(['o.supplier_org_id as id', sql<string>`max(o.supplier_name)`.as('name')]).groupBy('o.supplier_org_id').orderBy(sql`max(o.supplier_name)`).limit(500)),
      distinct(allLines.select('c.name').groupBy('c.name').orderBy('c.name').limit(500)),
    ]);
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

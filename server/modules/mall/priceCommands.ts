// Price commands inside one transaction: create (POST, import, a change of an approved price), change a
// pending or rejected price, decide, delete. Every rule comes from domain/ (§4, §5); rows that break one are
// collected so a whole batch is refused with row-level errors and nothing is written.
import crypto from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { ConcurrencyError, type EventMeta, type Tx } from '../../store/eventStore.ts';
import { appendDecided, decideEach, type BatchItem, type Loaded } from '../../store/command.ts';
import { HttpError } from '../../http/errors.ts';
import { sameWorldOrgs } from '../../http/parties.ts';
import { refusalStatus } from '../../http/refusal.ts';
import { RowsError, rowsSummary, type RowError } from '../../http/rowErrors.ts';
import { PRICE_TEXT } from '../../../domain/priceApproval.ts';
import { priceConfigOf, type RoleGroupPriceConfig } from '../../../domain/mallCatalogue.ts';
import type { Refusal } from '../../../domain/decider.ts';
import { priceDecider, type PriceCommand, type PriceState, type SkuPriceCreated } from '../../../domain/aggregates/price.ts';
import { mallStreams } from './streams.ts';

export type PriceRow = Selectable<Database['sku_prices']>;

/**
 * Live updates beyond the supplier's own org: the orgs of its area (the bureau's approval queue), the orgs
 * buying from it (schools' effective prices) and configured approval groups get a notice on commit, shaped
 * like the store's own ({orgId, streamId, types}), so their consoles refresh price lists without a reload.
 */
export async function notifyPriceWatchers(tx: Tx, supplierOrgId: string, types: string[]): Promise<void> {
  if (!types.length) return;
  const area = await tx.selectFrom('orgs').select('area').where('org_id', '=', supplierOrgId).executeTakeFirst();
  const [inArea, buyers, groups] = await Promise.all([
    area?.area ? tx.selectFrom('orgs').select('org_id').where('area', '=', area.area).execute() : Promise.resolve([]),
    tx.selectFrom('mall_suppliers').select('org_id').where('supplier_org_id', '=', supplierOrgId).execute(),
    tx.selectFrom('categories').select('extra_info').where('group_name', '=', 'mallPriceApprovalGroups').execute(),
  ]);
  const heard = new Set([...inArea.map((o) => o.org_id), ...buyers.map((b) => b.org_id)]);
  for (const g of groups) for (const id of ((g.extra_info as { orgIds?: string[] }).orgIds ?? [])) heard.add(id);
  heard.delete(supplierOrgId);
  // a sandbox hears nothing of a real supplier, nor a real org of a practice one (issue 27)
  const watchers = await sameWorldOrgs(tx, supplierOrgId, [...heard]);
  const unique = [...new Set(types)];
  for (const orgId of watchers) {
    await sql`SELECT pg_notify('events', ${JSON.stringify({ orgId, streamId: 'skuprice', types: unique })})`.execute(tx);
  }
}

/** A price batch refused as a whole (the shared RowsError), its status text naming the first rows. */
export class PriceRowsError extends RowsError {
  constructor(rows: RowError[], status: 400 | 422 = 400) {
    super(rows, status, `${PRICE_TEXT.addFailed}：${rowsSummary(rows, 5)}${rows.length > 5 ? `；等 ${rows.length} 行有误` : ''}`);
  }
}

/** The refused rows of a decided batch as one error; `rowOf` names a row for the user (its number, SKU or id). */
function rowsError(refusals: { index: number; refusal: Refusal }[], rowOf: (index: number) => Omit<RowError, 'errors'>): PriceRowsError {
  const rows = refusals.map(({ index, refusal }) => ({ ...rowOf(index), errors: refusal.reasons ?? [refusal.message] }));
  return new PriceRowsError(rows, refusals.some((r) => refusalStatus(r.refusal.refused) === 400) ? 400 : 422);
}

export interface NewPriceInput {
  skuId?: string; price?: unknown; roleGroupId?: string; startDate?: string | null; endDate?: string | null; marketAvg?: unknown; enable?: boolean | number;
  extraInfo?: Record<string, unknown>;
}

interface GroupInfo { roleGroupId: string; orgId: string; config: RoleGroupPriceConfig }

async function groupsOf(tx: Tx, ids: string[]): Promise<Map<string, GroupInfo>> {
  if (!ids.length) return new Map();
  const rows = await tx.selectFrom('role_groups').select(['role_group_id', 'org_id', 'code', 'config']).where('role_group_id', 'in', ids).where('code', '=', 'M1').execute();
  return new Map(rows.map((r) => [r.role_group_id, { roleGroupId: r.role_group_id, orgId: r.org_id, config: priceConfigOf(r.config) }]));
}

/** The latest approved, not deleted price of each (sku, role group) of the supplier. */
async function lastApprovedOf(tx: Tx, supplierOrgId: string, keys: { skuId: string; roleGroupId: string }[]): Promise<Map<string, PriceRow>> {
  if (!keys.length) return new Map();
  const rows = await tx.selectFrom('sku_prices').selectAll().distinctOn(['sku_id', 'role_group_id'])
    .where('org_id', '=', supplierOrgId).where('is_check', '=', 1).where('is_delete', '=', false)
    .where('sku_id', 'in', [...new Set(keys.map((k) => k.skuId))])
    .orderBy('sku_id').orderBy('role_group_id').orderBy('checked_at', 'desc').execute();
  return new Map(rows.map((r) => [`${r.sku_id}|${r.role_group_id}`, r]));
}

/** A price row as the decider's state, at the version the row was projected at. */
export const loadedPrice = (r: PriceRow): Loaded<PriceState> => ({
  version: r.version,
  state: {
    status: r.is_delete ? 'deleted' : 'live', isCheck: r.is_check, price: Number(r.price), startDate: r.start_date, endDate: r.end_date,
    marketAvg: r.market_avg === null ? null : Number(r.market_avg), enable: r.enable,
  },
});

const priceItem = (orgId: string, id: string, command: PriceCommand, loaded: Loaded<PriceState> = { state: priceDecider.initialState(), version: 0 }): BatchItem<PriceCommand, PriceState> => ({
  orgId, streamId: mallStreams.price(id), streamType: 'skuprice', command, loaded,
});

/**
 * Creates one price per input for the supplier org (all or nothing). A pending price of the same SKU and role
 * group is superseded by the new one; an approved one stays effective until the new one is approved.
 */
export async function createPrices(tx: Tx, supplierOrgId: string, inputs: NewPriceInput[], meta: EventMeta, now: Date, opts: PriceOptions = {}): Promise<string[]> {
  const { batch, created } = await planPrices(tx, supplierOrgId, inputs, now, opts);
  const at = now.toISOString();
  // supersede pending prices of the same keys
  const pending = created.length
    ? await tx.selectFrom('sku_prices').selectAll().where('org_id', '=', supplierOrgId).where('is_check', '=', 0)
      .where('is_delete', '=', false).where('sku_id', 'in', [...new Set(created.map((r) => r.skuId))]).execute()
    : [];
  const byKey = new Map(created.map((r) => [`${r.skuId}|${r.roleGroupId}`, r.id]));
  const superseded = decideEach(priceDecider, pending.filter((p) => byKey.has(`${p.sku_id}|${p.role_group_id}`))
    .map((p) => priceItem(supplierOrgId, p.id, { type: 'DeletePrice', id: p.id, at, supersededBy: byKey.get(`${p.sku_id}|${p.role_group_id}`) }, loadedPrice(p))));
  await appendDecided(tx, superseded.decided, meta);
  await appendDecided(tx, batch.decided, meta);
  await notifyPriceWatchers(tx, supplierOrgId, created.length ? ['SkuPriceCreated'] : []);
  return created.map((r) => r.id);
}

interface PriceOptions { defaults?: { startDate?: string | null }; extraInfo?: Record<string, unknown>; rowOffset?: number; replacing?: Map<number, string> }

/**
 * Decides new prices without appending: what an import's preview checks and its commit appends. Reads only;
 * throws the refused rows.
 */
export async function planPrices(tx: Tx, supplierOrgId: string, inputs: NewPriceInput[], now: Date, opts: PriceOptions = {}) {
  const skuIds = [...new Set(inputs.map((i) => i.skuId).filter((s): s is string => !!s))];
  const skus = skuIds.length
    ? new Map((await tx.selectFrom('skus').select(['sku_id', 'product_id', 'org_id']).where('sku_id', 'in', skuIds).where('is_delete', '=', false).execute()).map((s) => [s.sku_id, s]))
    : new Map();
  const groups = await groupsOf(tx, [...new Set(inputs.map((i) => i.roleGroupId).filter((s): s is string => !!s))]);
  const approved = await lastApprovedOf(tx, supplierOrgId, inputs.filter((i) => i.skuId && i.roleGroupId).map((i) => ({ skuId: i.skuId!, roleGroupId: i.roleGroupId! })));
  const at = now.toISOString();
  const seen = new Set<string>();
  const items = inputs.map((input, i) => {
    const key = `${input.skuId}|${input.roleGroupId}`;
    const duplicate = seen.has(key);
    seen.add(key);
    const sku = input.skuId ? skus.get(input.skuId) : undefined;
    const group = input.roleGroupId ? groups.get(input.roleGroupId) : undefined;
    const last = approved.get(key);
    const id = crypto.randomUUID();
    return priceItem(supplierOrgId, id, {
      type: 'CreatePrice', id, at, supplierOrgId,
      input: { ...input, startDate: input.startDate ?? opts.defaults?.startDate, extraInfo: { ...(input.extraInfo ?? {}), ...(opts.extraInfo ?? {}) } },
      sku: sku ? { skuId: sku.sku_id, productId: sku.product_id, orgId: sku.org_id } : null,
      group: group ?? null,
      lastApproved: last ? { id: last.id, checkedAt: new Date(last.checked_at!).toISOString() } : null,
      replacing: opts.replacing?.get(i), duplicate,
    });
  });
  const batch = decideEach(priceDecider, items);
  if (batch.refusals.length) throw rowsError(batch.refusals, (i) => ({ row: i + 1 + (opts.rowOffset ?? 0), skuId: inputs[i].skuId }));
  const created = batch.decided.flatMap((d) => d.events).filter((e) => e.type === 'SkuPriceCreated').map((e) => e.data as SkuPriceCreated);
  return { batch, created };
}

export interface PriceChangeInput { id: string; price?: unknown; startDate?: string | null; endDate?: string | null; enable?: boolean | number; marketAvg?: unknown; version?: number }

/**
 * A supplier's change of its prices. A pending or rejected price is changed in place and goes (back) to the
 * start of approval; a change of an approved price is a new price, so the approved one keeps holding until the
 * new one is approved. The modify limit applies to both. A `version` sent is the version the supplier read.
 */
export async function changePrices(tx: Tx, supplierOrgId: string, inputs: PriceChangeInput[], meta: EventMeta, now: Date): Promise<string[]> {
  const ids = inputs.map((i) => i.id);
  const rows = new Map((await tx.selectFrom('sku_prices').selectAll().where('id', 'in', ids).execute()).map((r) => [r.id, r]));
  const errors: RowError[] = [];
  for (const [i, input] of inputs.entries()) {
    const row = rows.get(input.id);
    if (!row || row.is_delete) errors.push({ row: i + 1, id: input.id, errors: ['价格不存在'] });
    else if (row.org_id !== supplierOrgId) throw new HttpError(403, '无权修改其他供应商的价格');
    else if (input.version !== undefined && input.version !== row.version) throw new ConcurrencyError(mallStreams.price(row.id), input.version);
  }
  if (errors.length) throw new PriceRowsError(errors);
  const fresh: NewPriceInput[] = [];
  const replacing = new Map<number, string>();
  const inPlace: { input: PriceChangeInput; row: PriceRow }[] = [];
  for (const input of inputs) {
    const row = rows.get(input.id)!;
    if (row.is_check === 1) {
      replacing.set(fresh.length, row.id);
      fresh.push({
        skuId: row.sku_id, roleGroupId: row.role_group_id, price: input.price ?? Number(row.price), startDate: input.startDate ?? row.start_date,
        endDate: input.endDate ?? row.end_date, marketAvg: input.marketAvg ?? (row.market_avg === null ? undefined : Number(row.market_avg)),
        enable: input.enable ?? row.enable, extraInfo: { replaces: row.id },
      });
    } else {
      inPlace.push({ input, row });
    }
  }
  const created = fresh.length ? await createPrices(tx, supplierOrgId, fresh, meta, now, { replacing }) : [];
  const groups = await groupsOf(tx, [...new Set(inPlace.map((p) => p.row.role_group_id))]);
  const approved = await lastApprovedOf(tx, supplierOrgId, inPlace.map((p) => ({ skuId: p.row.sku_id, roleGroupId: p.row.role_group_id })));
  const batch = decideEach(priceDecider, inPlace.map(({ input, row }) => {
    const last = approved.get(`${row.sku_id}|${row.role_group_id}`);
    return priceItem(supplierOrgId, row.id, {
      type: 'ChangePrice', id: row.id, at: now.toISOString(), input, config: groups.get(row.role_group_id)?.config ?? priceConfigOf({}),
      lastApproved: last ? { checkedAt: new Date(last.checked_at!).toISOString() } : null,
    }, loadedPrice(row));
  }));
  if (batch.refusals.length) throw rowsError(batch.refusals, (i) => ({ row: i + 1, id: inPlace[i].row.id }));
  await appendDecided(tx, batch.decided, meta);
  await notifyPriceWatchers(tx, supplierOrgId, inPlace.length ? ['SkuPriceChanged'] : []);
  return [...inPlace.map((p) => p.row.id), ...created];
}

export async function deletePrices(tx: Tx, supplierOrgId: string | null, ids: string[], meta: EventMeta, now: Date): Promise<void> {
  if (!ids.length) return;
  const rows = await tx.selectFrom('sku_prices').selectAll().where('id', 'in', ids).execute();
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !found.get(id) || found.get(id)!.is_delete);
  if (missing.length) throw new HttpError(404, `价格不存在：${missing.slice(0, 5).join('、')}`);
  const other = rows.find((r) => supplierOrgId && r.org_id !== supplierOrgId);
  if (other) throw new HttpError(403, '无权删除其他供应商的价格');
  const batch = decideEach(priceDecider, rows.map((r) => priceItem(r.org_id, r.id, { type: 'DeletePrice', id: r.id, at: now.toISOString() }, loadedPrice(r))));
  await appendDecided(tx, batch.decided, meta);
  for (const orgId of new Set(rows.map((r) => r.org_id))) await notifyPriceWatchers(tx, orgId, ['SkuPriceDeleted']);
}

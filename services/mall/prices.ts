// §7 SKU prices (/v5/mall/sku/price …) and what pricing needs around them: the purchaser role groups' price
// config and the supplier's SKUs. Query keys start with 'prices' (or 'skus', 'roleGroups'): the live updates
// of src/app/liveUpdates.ts invalidate those roots when a price event arrives.
import type { ListResult } from '../../domain/types.ts';
import { del, get, post, put } from '../http.ts';

/** A SKU price as the server lists it (§3 SKU price, with names and the approver's comparison). */
export interface Price {
  id: string;
  skuPriceId: string;
  skuId: string;
  roleGroupId: string;
  price: number;
  startDate: string;
  endDate: string;
  /** §4 0 pending, 1 approved, -2 rejected */
  isCheck: number;
  enable: number;
  isDelete: number;
  checkedAt: string | null;
  createdAt: string;
  version: number;
  skuName: string;
  spec: string;
  unit: string;
  productId: string;
  productName: string;
  categoryId: string | null;
  supplierId: string;
  supplierName: string;
  roleGroupName: string;
  marketAvg: number | null;
  status: 'pending' | 'rejected' | 'effective' | 'approved' | 'expired' | 'deleted';
  updatedAt: string;
  extraInfo: { checkRemark?: string; mallAvgPrice?: number | null; isPriceNewCycle?: boolean; replaces?: string; [key: string]: unknown };
  lastApprovedPrice?: number | null;
  lastApprovedAt?: string | null;
}

export interface PriceQuery {
  id?: string;
  skuId?: string;
  productId?: string;
  supplierId?: string;
  roleGroupId?: string;
  /** comma-separated isCheck values, e.g. '0' for the approval queue */
  isCheck?: string;
  categoryId?: string;
  keyword?: string;
  /** 1: deleted (withdrawn, replaced) prices too, e.g. to name the rows of the log */
  includeDeleted?: 0 | 1;
  $limit?: number;
  $skip?: number;
}

export const priceKeys = {
  all: ['prices'] as const,
  list: (orgId: string, q: PriceQuery) => ['prices', orgId, 'list', q] as const,
  latest: (orgId: string, q: PriceQuery) => ['prices', orgId, 'latest', q] as const,
  log: (orgId: string, q: PriceLogQuery) => ['prices', orgId, 'log', q] as const,
};

const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

// §7 GET /v5/mall/sku/price — a supplier its own; a bureau those of its area; a school only effective ones
export function fetchPrices(q: PriceQuery): Promise<ListResult<Price>> {
  return get<ListResult<Price>>('/v5/mall/sku/price', clean(q), { host: 'mall' });
}

// §7 GET /v5/mall/sku/price/latest-price — the newest price per SKU and role group (a school: the effective one)
export function fetchLatestPrices(q: PriceQuery): Promise<ListResult<Price>> {
  return get<ListResult<Price>>('/v5/mall/sku/price/latest-price', { ...clean(q), $groupby: 'skuId,roleGroupId' }, { host: 'mall' });
}

export interface NewPrice {
  skuId: string;
  roleGroupId: string;
  price: number;
  startDate?: string | null;
  endDate?: string | null;
  marketAvg?: number | null;
}

// §7 POST /v5/mall/sku/price — all or nothing; pending where the role group needs approval
export async function createPrices(rows: NewPrice[]): Promise<Price[]> {
  return (await post<ListResult<Price>>('/v5/mall/sku/price', { skuPrice: rows }, { host: 'mall' })).rows;
}

export interface PriceChange {
  id: string;
  price?: number;
  startDate?: string | null;
  endDate?: string | null;
  version?: number;
}

// §7 PUT /v5/mall/sku/price — a pending or rejected price changes in place; an approved one gets a successor
export async function changePrices(rows: PriceChange[]): Promise<Price[]> {
  return (await put<ListResult<Price>>('/v5/mall/sku/price', { skuPrice: rows }, { host: 'mall' })).rows;
}

export interface PriceDecision {
  id: string;
  approve: boolean;
  remark?: string;
  version?: number;
}

// §7 PUT /v5/mall/sku/price with isCheckPrice — approve (1) or reject (-2, extraInfo.checkRemark) many at once
export async function decidePrices(decisions: PriceDecision[], opts: { isEduBureauOrg?: boolean } = {}): Promise<Price[]> {
  const skuPrice = decisions.map((d) => ({
    id: d.id, isCheck: d.approve ? 1 : -2, ...(d.version !== undefined && { version: d.version }),
    ...(d.remark ? { extraInfo: { checkRemark: d.remark } } : {}),
  }));
  return (await put<ListResult<Price>>('/v5/mall/sku/price', { isCheckPrice: true, isEduBureauOrg: opts.isEduBureauOrg ?? false, skuPrice }, { host: 'mall' })).rows;
}

// §7 DELETE /v5/mall/sku/price — logical; the log keeps them
export function deletePrices(ids: string[]): Promise<{ count: number }> {
  return del<{ count: number }>('/v5/mall/sku/price', { skuPriceId: ids }, { host: 'mall' });
}

export interface PriceLogQuery {
  skuPriceId?: string;
  skuId?: string;
  roleGroupId?: string;
  $limit?: number;
  $skip?: number;
}

/** One event of a price's history (ARCHITECTURE.md: logs are views of events). */
export interface PriceLogRow {
  id: number;
  skuPriceId: string;
  type: 'SkuPriceCreated' | 'SkuPriceChanged' | 'SkuPriceDecided' | 'SkuPriceDeleted' | string;
  version: number;
  data: {
    price?: number; startDate?: string; endDate?: string; isCheck?: number; checkRemark?: string; skuId?: string; roleGroupId?: string;
    supersededBy?: string; [key: string]: unknown;
  };
  userId: string | null;
  username: string | null;
  time: string;
}

// §7 GET /v5/mall/sku/price/log — newest first
export function fetchPriceLog(q: PriceLogQuery): Promise<ListResult<PriceLogRow>> {
  return get<ListResult<PriceLogRow>>('/v5/mall/sku/price/log', clean(q), { host: 'mall' });
}

/** A purchaser role group (M1) with its price config (§3 role group config). */
export interface RoleGroupPriceConfig {
  roleGroupId: string;
  groupName: string;
  orgId: string;
  priceApprovalEnable: boolean;
  priceModifyLimitEnable: boolean;
  priceApprovalTimeRule: string;
  priceApprovalGroup: string | null;
}

export const roleGroupConfigKey = (orgId: string) => ['roleGroups', orgId, 'priceConfig'] as const;

// §7 GET /v4/mall/rolegroup/config — the purchaser role groups of the current org
export async function fetchRoleGroupConfigs(): Promise<RoleGroupPriceConfig[]> {
  return (await get<ListResult<RoleGroupPriceConfig>>('/v4/mall/rolegroup/config', undefined, { host: 'mall' })).rows;
}

export interface Sku {
  skuId: string;
  productId: string;
  name: string;
  spec: string;
  unit: string;
  enable: number;
}

export const priceableSkusKey = (orgId: string, q: { name?: string; $limit: number; $skip: number }) => ['skus', orgId, 'priceable', q] as const;

// §7 GET /v4/mall/sku — the supplier's SKUs, a page at a time
export function fetchSkus(q: { name?: string; $limit?: number; $skip?: number }): Promise<ListResult<Sku>> {
  return get<ListResult<Sku>>('/v4/mall/sku', clean(q), { host: 'mall' });
}

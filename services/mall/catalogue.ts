// §7 the mall's calls, one module (the catalogue and the prices fetched the same endpoints from two files):
// categories (groupName mallProduct …), specs, units, suppliers, purchaser role groups and their price config,
// products, SKUs, delivery routes, price surveys, SKU prices and their log. A list read by a screen has its
// queryOptions here; their keys start with 'prices', 'skus' or 'roleGroups', the roots that writes and the live
// updates of src/app/liveUpdates.ts invalidate.
import { queryOptions } from '@tanstack/react-query';
import { del, get, ifMatch, post, put } from '../http.ts';
import { PAGE, TIMERS } from '../../domain/constants.ts';
import type { ListResult } from '../../domain/types.ts';

export type { ListResult };

const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

// ---- categories (§3 category; §7 $orderby sort asc,id asc) ----
export interface Category {
  id: string; categoryId: string; parentId: string; name: string; groupName: string; enable: number; sort: number; appId: string; orgId: string;
  isPackage: number; extraInfo: Record<string, unknown>;
  /** the category's version: sent back with an edit, so an edit over someone else's change is refused (409) */
  version?: number;
}
export type CategoryInput = Partial<Pick<Category, 'name' | 'parentId' | 'sort' | 'isPackage' | 'extraInfo' | 'version'>> & { enable?: number; groupName?: string };

export const listCategories = (groupName: string, params: Record<string, unknown> = {}) =>
  get<ListResult<Category>>('/v2/category', { groupName, $orderby: 'sort asc,id asc', $limit: PAGE.categories, ...params }, { host: 'canteen' });
export const createCategory = (body: CategoryInput & { name: string; groupName: string }) => post<Category>('/v2/category', body);
export const updateCategory = (id: string, body: CategoryInput) => put<Category>(`/v2/category/${encodeURIComponent(id)}`, body);
/** Many categories at once (reorder): all or nothing. */
export const updateCategories = (categorys: (CategoryInput & { id: string })[]) => put<ListResult<Category>>('/v2/category', { categorys });
/** `version`: the one read, so a delete over someone else's change is refused (409, docs/versions.md) */
export const deleteCategory = (id: string, version?: number) =>
  del<unknown>(`/v2/category/${encodeURIComponent(id)}`, { isPhysicalDelete: false, ...(version !== undefined && { version }) });

// ---- specs / settings (§3; default sort 99) ----
export interface Spec {
  id: string; name: string; options: Record<string, unknown>; sort: number; orgId?: string; appId?: string;
  /** the version read: sent back with an edit (409 when someone changed it meanwhile) */
  version?: number;
}
export const listSpecs = (params: { name?: string } = {}) => get<ListResult<Spec>>('/v4/mall/spec', params, { host: 'mall' });
export const createSpec = (body: { name: string; options?: Record<string, unknown>; sort?: number }) => post<Spec>('/v4/mall/spec', body, { host: 'mall' });
export const updateSpec = (id: string, body: { name?: string; options?: Record<string, unknown>; sort?: number; version?: number }) =>
  put<Spec>(`/v4/mall/spec/${encodeURIComponent(id)}`, body, { host: 'mall' });

// ---- suppliers (§9 types xg, sxps, jgpt) ----
export interface Supplier {
  objectId: string; orgId: string; supplierOrgId: string; name: string; type: string; typeName: string; roleGroupId: string | null; status: number; enable: number;
  extraInfo: Record<string, unknown>;
  /** the purchasing org's name (lists); when it froze this supplier's prices (extraInfo.permissions), else null */
  orgName?: string; priceFrozenAt?: string | null;
  /** the version read: sent back with an edit (409 when someone changed it meanwhile) */
  version?: number;
}
export type SupplierInput = { name?: string; type?: string; roleGroupId?: string | null; status?: number; enable?: number; extraInfo?: Record<string, unknown>; version?: number };
export const listSuppliers = (params: { type?: string; name?: string; supplierOrgId?: string } = {}) => get<ListResult<Supplier>>('/v4/mall/supplier', params, { host: 'mall' });
export const createSupplier = (body: SupplierInput & { supplierOrgId: string; type: string }) => post<Supplier>('/v4/mall/supplier', body, { host: 'mall' });
export const updateSupplier = (objectId: string, body: SupplierInput) => put<Supplier>(`/v4/mall/supplier/${encodeURIComponent(objectId)}`, body, { host: 'mall' });

// ---- role groups (§6 M1 purchaser, M6 salesman, M7 routes) and the §3 role group config ----
export interface RoleGroup {
  roleGroupId: string; groupName: string; code: string; sort: number; manageRoleNames: string[]; orgId?: string;
  roles?: { roleId: string; name: string; cnName?: string; code: string }[];
  /** the version read: sent back with an edit or delete (409 when someone changed it meanwhile) */
  version?: number;
}
export const listRoleGroups = (code: string[]) => get<ListResult<RoleGroup>>('/v2/roles/group', { code, $limit: PAGE.roleGroups, $orderby: 'sort asc' });
export interface RoleGroupConfig {
  roleGroupId: string; groupName: string; code: string; orgId: string; priceApprovalEnable: boolean; priceModifyLimitEnable: boolean;
  priceApprovalTimeRule: string; priceApprovalGroup: string | null;
}
export const listRoleGroupConfigs = (params: { roleGroupId?: string; orgId?: string } = {}) =>
  get<ListResult<RoleGroupConfig>>('/v4/mall/rolegroup/config', params, { host: 'mall' });
export const roleGroupConfigKey = (orgId: string) => ['roleGroups', orgId, 'priceConfig'] as const;
/** The purchaser role groups of the current org with their price config. */
export const roleGroupConfigsQuery = (orgId: string) => queryOptions({
  queryKey: roleGroupConfigKey(orgId),
  queryFn: async () => (await listRoleGroupConfigs()).rows,
  enabled: !!orgId,
});
export const updateRoleGroupConfig = (roleGroupId: string, body: Partial<Omit<RoleGroupConfig, 'roleGroupId' | 'groupName' | 'code' | 'orgId'>>) =>
  put<RoleGroupConfig>(`/v4/mall/rolegroup/config/${encodeURIComponent(roleGroupId)}`, body, { host: 'mall' });

// ---- products and SKUs ----
export interface Sku {
  skuId: string; id: string; productId: string; orgId: string; name: string; spec: string; unit: string; sort: number; enable: number; extraInfo: Record<string, unknown>;
  /** the version read: sent back with an edit (409 when someone changed it meanwhile) */
  version?: number;
}
export interface Product {
  id: string; productId: string; orgId: string; name: string; cid: string | null; categoryId: string | null; status: number; isPackage: number; isUppershelf: number;
  rawRipe: 'raw' | 'ripe'; unit: string; priceClass: string | null; extraInfo: Record<string, unknown>; createdAt: string; updatedAt: string; skus?: Sku[];
  /** the version read: sent back with an edit (409 when someone changed it meanwhile) */
  version?: number;
}
export interface ProductQuery { id?: string; categoryId?: string; name?: string; isUppershelf?: number; status?: number; supplierId?: string; isPackage?: number; $limit?: number; $skip?: number }
export type ProductInput = Partial<Pick<Product, 'name' | 'categoryId' | 'cid' | 'status' | 'isPackage' | 'isUppershelf' | 'rawRipe' | 'unit' | 'priceClass' | 'extraInfo' | 'version'>>;
export type SkuInput = { name: string; spec?: string; unit: string; sort?: number; enable?: number };

export const listProducts = (q: ProductQuery) => get<ListResult<Product>>('/v4/mall/product', q as Record<string, unknown>, { host: 'mall' });
export const createProduct = (body: ProductInput & { name: string; skus?: SkuInput[] }) => post<Product>('/v4/mall/product', body, { host: 'mall' });
export const updateProduct = (id: string, body: ProductInput) => put<Product>(`/v4/mall/product/${encodeURIComponent(id)}`, body, { host: 'mall' });
export const deleteProduct = (id: string, version?: number) => del<{ id: string }>(`/v4/mall/product/${encodeURIComponent(id)}`, undefined, { host: 'mall', ...ifMatch(version) });
/** §4 shelf toggle isUppershelf, all or nothing. */
export const setUppershelf = (productIds: string[], isUppershelf: boolean) =>
  put<ListResult<Product>>('/v4/mall/product/package/uppershelf', { productIds, isUppershelf: isUppershelf ? 1 : 0 }, { host: 'mall' });
export const setApprovalStatus = (productIds: string[], status: number) =>
  put<ListResult<Product>>('/v4/mall/product/batchupdate/approvalstatus', { productIds, status }, { host: 'mall' });

export const listSkus = (q: { productId?: string; skuId?: string; supplierId?: string; name?: string; $limit?: number; $skip?: number }) =>
  get<ListResult<Sku>>('/v4/mall/sku', q, { host: 'mall' });
export const createSku = (body: SkuInput & { productId: string }) => post<Sku>('/v4/mall/sku', body, { host: 'mall' });
export const updateSku = (body: Partial<SkuInput> & { skuId: string; version?: number }) => put<Sku>('/v4/mall/sku', body, { host: 'mall' });
export const deleteSku = (skuId: string, version?: number) => del<{ skuId: string }>('/v4/mall/sku', { skuId, ...(version !== undefined && { version }) }, { host: 'mall' });
// §7 PUT /v5/mall/sku/relationlock/skustatus {skuIds, enable}: many SKUs enabled or disabled at once, all or nothing
export const setSkuStatus = (skuIds: string[], enable: boolean) =>
  put<ListResult<Sku>>('/v5/mall/sku/relationlock/skustatus', { skuIds, enable: enable ? 1 : 0 }, { host: 'mall' });
// §7 POST /v4/mall/product/rawripe {productIds, rawRipe}: products marked raw or cooked, all or nothing
export const setRawRipe = (productIds: string[], rawRipe: 'raw' | 'ripe') =>
  post<ListResult<Product>>('/v4/mall/product/rawripe', { productIds, rawRipe }, { host: 'mall' });
export interface InitProductsResult { created: Product[]; existing: { foodId: string; productId: string; name: string }[] }
// §7 POST /v4/mall/recipe/initproduct {foodIds}: one product per recipe food not yet carried; §9 20 s timeout
export const initRecipeProducts = (foodIds: string[]) =>
  post<InitProductsResult>('/v4/mall/recipe/initproduct', { foodIds }, { host: 'mall', timeout: TIMERS.initProductTimeoutMs });

export interface SkuPage { name?: string; $limit: number; $skip: number }
export const priceableSkusKey = (orgId: string, q: SkuPage) => ['skus', orgId, 'priceable', q] as const;
/** The supplier's SKUs to price, a page at a time. */
export const priceableSkusQuery = (orgId: string, q: SkuPage) => queryOptions({
  queryKey: priceableSkusKey(orgId, q),
  queryFn: () => listSkus(clean(q)),
  enabled: !!orgId,
});

// ---- delivery routes (M7) ----
export interface MallRoute {
  objectId: string; id: string; orgId: string; name: string; roleGroupId: string | null; manageRoleNames: string[]; purchaserOrgIds: string[]; deliveryUserIds: string[];
  sort: number; remark: string; isDelete: number; updatedAt: string;
}
export type RouteInput = Partial<Pick<MallRoute, 'name' | 'roleGroupId' | 'manageRoleNames' | 'purchaserOrgIds' | 'deliveryUserIds' | 'sort' | 'remark'>>;
export const listRoutes = (q: { keyword?: string } = {}) =>
  (q.keyword ? get<ListResult<MallRoute>>('/v4/mall/route/search', q, { host: 'mall' }) : get<ListResult<MallRoute>>('/v4/mall/route', q, { host: 'mall' }));
export const createRoute = (body: RouteInput & { name: string }) => post<MallRoute>('/v4/mall/route', body, { host: 'mall' });
export const updateRoute = (objectId: string, body: RouteInput) => put<MallRoute>(`/v4/mall/route/${encodeURIComponent(objectId)}`, body, { host: 'mall' });
export const deleteRoute = (id: string) => del<{ objectId: string }>(`/v4/mall/route/${encodeURIComponent(id)}`, undefined, { host: 'mall' });

// ---- price surveys (price classes jyjxj, dqbd, cqwd) ----
export type SurveyKind = 'supplier' | 'education';
export interface PriceSurvey {
  id: string; orgId: string; area: string; kind: SurveyKind; supplierOrgId: string | null; productId: string | null; skuId: string | null; productName: string;
  priceClass: string; priceClassName: string; price: number; surveyDate: string; source: string; remark: string; createdAt: string;
  /** issue 35: a shelf price read in one of the bureau's supermarkets, and the photo of its label */
  supermarketId?: string | null; photo?: string;
}
export interface SurveyInput {
  skuId?: string; productId?: string; productName?: string; priceClass: string; price: number | string; surveyDate?: string; source?: string; remark?: string;
  supermarketId?: string; photo?: string;
}
export const listSurveys = (q: { kind?: SurveyKind; priceClass?: string; keyword?: string; from?: string; to?: string; supermarketId?: string; shelf?: boolean; $limit?: number; $skip?: number }) =>
  get<ListResult<PriceSurvey>>('/v5/mall/price/survey', q, { host: 'mall' });
export const recordSurveys = (kind: SurveyKind, surveys: SurveyInput[]) => post<ListResult<PriceSurvey>>('/v5/mall/price/survey', { kind, surveys }, { host: 'mall' });
export const deleteSurvey = (id: string) => del<{ id: string }>(`/v5/mall/price/survey/${encodeURIComponent(id)}`, undefined, { host: 'mall' });

// ---- SKU prices (§3 SKU price; §4 approval) ----
/** A SKU price as the server lists it, with names and the approver's comparison. */
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
  priceClass: string | null;
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
  /** 1: only prices in effect now */
  effective?: number;
  /** 1: deleted (withdrawn, replaced) prices too, e.g. to name the rows of the log */
  includeDeleted?: 0 | 1;
  $limit?: number;
  $skip?: number;
}

export interface PriceLogQuery {
  skuPriceId?: string;
  skuId?: string;
  roleGroupId?: string;
  $limit?: number;
  $skip?: number;
}

/** Query keys: every price query starts with `priceKeys.all`, so a write (or a live price event) invalidates them all with it. */
export const priceKeys = {
  all: ['prices'] as const,
  list: (orgId: string, q: PriceQuery) => ['prices', orgId, 'list', q] as const,
  latest: (orgId: string, q: PriceQuery) => ['prices', orgId, 'latest', q] as const,
  log: (orgId: string, q: PriceLogQuery) => ['prices', orgId, 'log', q] as const,
};

// §7 GET /v5/mall/sku/price — a supplier its own; a bureau those of its area; a school only effective ones
export function fetchPrices(q: PriceQuery, opts: { timeout?: number } = {}): Promise<ListResult<Price>> {
  return get<ListResult<Price>>('/v5/mall/sku/price', clean(q), { host: 'mall', ...opts });
}
/** `timeout`: a long list (the export screen's) may take longer than the default; it is not part of the key. */
export const pricesQuery = (orgId: string, q: PriceQuery, opts: { timeout?: number } = {}) => queryOptions({
  queryKey: priceKeys.list(orgId, q),
  queryFn: () => fetchPrices(q, opts),
  enabled: !!orgId,
});

// §7 GET /v5/mall/sku/price/latest-price — the newest price per SKU and role group (a school: the effective one)
export function fetchLatestPrices(q: PriceQuery): Promise<ListResult<Price>> {
  return get<ListResult<Price>>('/v5/mall/sku/price/latest-price', { ...clean(q), $groupby: 'skuId,roleGroupId' }, { host: 'mall' });
}
export const latestPricesQuery = (orgId: string, q: PriceQuery) => queryOptions({
  queryKey: priceKeys.latest(orgId, q),
  queryFn: () => fetchLatestPrices(q),
  enabled: !!orgId,
});

export interface NewPrice {
  skuId: string;
  roleGroupId: string;
  price: number;
  startDate?: string | null;
  endDate?: string | null;
  marketAvg?: number | null;
}

// §7 POST /v5/mall/sku/price — all or nothing; pending where the role group needs approval; §9 60 s timeout
export async function createPrices(rows: NewPrice[]): Promise<Price[]> {
  return (await post<ListResult<Price>>('/v5/mall/sku/price', { skuPrice: rows }, { host: 'mall', timeout: TIMERS.pricePostTimeoutMs })).rows;
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
export const priceLogQuery = (orgId: string, q: PriceLogQuery) => queryOptions({
  queryKey: priceKeys.log(orgId, q),
  queryFn: () => fetchPriceLog(q),
  enabled: !!orgId,
});

// ---- cloud goods library (standard org) ----
export type LibraryProduct = Product & { skus: Sku[]; copied: boolean };
export const listLibrary = (q: { name?: string; categoryId?: string; $limit?: number; $skip?: number }) =>
  get<ListResult<LibraryProduct>>('/v4/mall/standard/product', q, { host: 'mall' });
export const copyFromLibrary = (productIds: string[]) =>
  post<{ created: number; skipped: string[]; ids: string[] }>('/v4/mall/standard/product/copy', { productIds }, { host: 'mall' });

/** §7 product images in bulk (by id or name), all or nothing. */
export const setProductImages = (products: { id?: string; name?: string; images: string[]; append?: boolean }[]) =>
  post<{ count: number }>('/v4/mall/import/productimage', { products }, { host: 'mall' });

// ---- salesman groups (§6 M6; role group routes) ----
export type RoleGroupInput = { groupName?: string; code?: string; sort?: number; manageRoleNames?: string[] };
export const createRoleGroup = (body: RoleGroupInput & { groupName: string }) => post<RoleGroup>('/v2/roles/group', body);
export const updateRoleGroup = (id: string, body: RoleGroupInput) => put<RoleGroup>(`/v2/roles/group/${encodeURIComponent(id)}`, body);
export const deleteRoleGroup = (id: string, version?: number) => del<{ roleGroupId: string }>(`/v2/roles/group/${encodeURIComponent(id)}`, undefined, ifMatch(version));

// ---- SKU food ingredients (§7 Mall; foods = USDA SR28 NDB ids) ----
export interface Food { id: string; nameZh: string; nameEn: string; group: string }
export interface SkuIngredient { skuId: string; foodId: string; ratio: number; nameZh: string; group: string }
export const searchFoods = (query: string, $limit = 20) => get<ListResult<Food>>('/v4/mall/food/ingredients', { query, $limit }, { host: 'mall' });
export const listSkuIngredients = (skuId: string) => get<ListResult<SkuIngredient>>('/v4/mall/sku/ingredients', { skuId }, { host: 'mall' });
export const setSkuIngredients = (skuId: string, ingredients: { foodId: string; ratio: number }[]) =>
  put<ListResult<SkuIngredient>>('/v4/mall/sku/ingredients', { skuId, ingredients }, { host: 'mall' });

// ---- queryOptions of the catalogue lists the screens read: the live-update root first (categories, specs,
// suppliers, routes, roleGroups), then the org-app, then the list's own parts, so a live event of the org or a
// write invalidating `xxxKeys.all` refreshes every view of the group.
type Org = string | undefined;

export const categoryKeys = {
  all: ['categories'] as const,
  group: (orgId: Org, appId: Org, groupName: string) => [...categoryKeys.all, orgId, appId, groupName] as const,
  /** another org's categories (a supplier's, for its permissions) */
  ofOrg: (orgId: Org, appId: Org, groupName: string, ownerOrgId: Org) => [...categoryKeys.group(orgId, appId, groupName), ownerOrgId] as const,
};
/** The categories of one §3 group of the current org. */
export const categoriesQuery = (orgId: Org, appId: Org, groupName: string) => queryOptions({
  queryKey: categoryKeys.group(orgId, appId, groupName),
  queryFn: () => listCategories(groupName),
  enabled: Boolean(orgId),
});
/** The categories of one §3 group of another org (waits for that org). */
export const orgCategoriesQuery = (orgId: Org, appId: Org, groupName: string, ownerOrgId: Org) => queryOptions({
  queryKey: categoryKeys.ofOrg(orgId, appId, groupName, ownerOrgId),
  queryFn: () => listCategories(groupName, { orgId: ownerOrgId }),
  enabled: Boolean(orgId && ownerOrgId),
});

export const specKeys = {
  all: ['specs'] as const,
  list: (orgId: Org, appId: Org, keyword: string) => [...specKeys.all, orgId, appId, keyword] as const,
};
export const specsQuery = (orgId: Org, appId: Org, keyword: string) => queryOptions({
  queryKey: specKeys.list(orgId, appId, keyword),
  queryFn: () => listSpecs(keyword ? { name: keyword } : {}),
  enabled: Boolean(orgId),
});

export const supplierKeys = {
  all: ['suppliers'] as const,
  /** no filter: [root, org, app]; with a type and name: their values follow */
  list: (orgId: Org, appId: Org, filter?: { type: string; name: string }) =>
    (filter ? [...supplierKeys.all, orgId, appId, filter.type, filter.name] : [...supplierKeys.all, orgId, appId]) as readonly unknown[],
  /** the purchasing orgs linked to this org as a supplier */
  buyers: (orgId: Org, appId: Org) => [...supplierKeys.all, orgId, appId, 'buyers'] as const,
};
/** The org's suppliers, optionally by type and name ('' is no filter). */
export const suppliersQuery = (orgId: Org, appId: Org, filter?: { type: string; name: string }) => queryOptions({
  queryKey: supplierKeys.list(orgId, appId, filter),
  queryFn: () => listSuppliers(filter ? { type: filter.type || undefined, name: filter.name || undefined } : {}),
  enabled: Boolean(orgId),
});
/** The links in which this org is the supplier (who buys from it). */
export const supplierBuyersQuery = (orgId: Org, appId: Org) => queryOptions({
  queryKey: supplierKeys.buyers(orgId, appId),
  queryFn: () => listSuppliers({ supplierOrgId: orgId }),
  enabled: Boolean(orgId),
});

export const routeKeys = {
  all: ['routes'] as const,
  list: (orgId: Org, appId: Org, keyword: string) => [...routeKeys.all, orgId, appId, keyword] as const,
};
export const routesQuery = (orgId: Org, appId: Org, keyword: string) => queryOptions({
  queryKey: routeKeys.list(orgId, appId, keyword),
  queryFn: () => listRoutes({ keyword: keyword || undefined }),
  enabled: Boolean(orgId),
});

/** Role group keys of the catalogue screens (the price config of this org is `roleGroupConfigKey`). */
export const mallRoleGroupKeys = {
  all: ['roleGroups'] as const,
  /** another org's purchaser role groups with their price config (a supplier org's, to buy under) */
  configOfOrg: (orgId: Org, appId: Org, ownerOrgId: Org) => [...mallRoleGroupKeys.all, orgId, appId, 'config', ownerOrgId] as const,
  /** the org's role groups of one §6 code (M1 purchasers, M6 salesmen) */
  byCode: (orgId: Org, appId: Org, code: string) => [...mallRoleGroupKeys.all, orgId, appId, 'list', code] as const,
};
export const roleGroupsByCodeQuery = (orgId: Org, appId: Org, code: string) => queryOptions({
  queryKey: mallRoleGroupKeys.byCode(orgId, appId, code),
  queryFn: () => listRoleGroups([code]),
  enabled: Boolean(orgId),
});
export const orgRoleGroupConfigsQuery = (orgId: Org, appId: Org, ownerOrgId: Org) => queryOptions({
  queryKey: mallRoleGroupKeys.configOfOrg(orgId, appId, ownerOrgId),
  queryFn: () => listRoleGroupConfigs({ orgId: ownerOrgId }),
  enabled: Boolean(orgId && ownerOrgId),
});

export const productKeys = {
  all: ['products'] as const,
  /** one screen's page of products (`scope` names the screen: the same query in two screens stays two entries) */
  list: (orgId: Org, appId: Org, scope: string, q: ProductQuery) => [...productKeys.all, orgId, appId, scope, q] as const,
  library: (orgId: Org, appId: Org, q: LibraryQuery) => [...productKeys.all, orgId, appId, 'library', q] as const,
};
export type LibraryQuery = Parameters<typeof listLibrary>[0];
export const productsQuery = (orgId: Org, appId: Org, scope: string, q: ProductQuery) => queryOptions({
  queryKey: productKeys.list(orgId, appId, scope, q),
  queryFn: () => listProducts(q),
  enabled: Boolean(orgId),
});
/** The standard org's cloud goods library. */
export const libraryQuery = (orgId: Org, appId: Org, q: LibraryQuery) => queryOptions({
  queryKey: productKeys.library(orgId, appId, q),
  queryFn: () => listLibrary(q),
  enabled: Boolean(orgId),
});

export const skuKeys = {
  all: ['skus'] as const,
  ofProduct: (orgId: Org, appId: Org, productId: Org) => [...skuKeys.all, orgId, appId, 'product', productId] as const,
  log: (orgId: Org, q: SkuLogQuery) => [...skuKeys.all, orgId, 'log', q] as const,
};

export interface SkuLogQuery { skuId?: string; productId?: string; $limit?: number; $skip?: number }
/** A row of the SKU log: an event of a SKU, product or price stream; skuPriceId is set for price events. */
export type SkuLogRow = PriceLogRow & { streamId: string };
// §7 GET /v4/mall/sku/log — the supplier's SKU, product and price events, newest first
export async function fetchSkuLog(q: SkuLogQuery): Promise<ListResult<SkuLogRow>> {
  const res = await get<ListResult<Omit<SkuLogRow, 'skuPriceId'>>>('/v4/mall/sku/log', clean(q), { host: 'mall' });
  const PRICE = 'skuprice-';
  return { ...res, rows: res.rows.map((r) => ({ ...r, skuPriceId: r.streamId.startsWith(PRICE) ? r.streamId.slice(PRICE.length) : '' })) };
}
export const skuLogQuery = (orgId: string, q: SkuLogQuery) => queryOptions({
  queryKey: skuKeys.log(orgId, q),
  queryFn: () => fetchSkuLog(q),
  enabled: !!orgId,
});
/** One product's SKUs (waits for the product). */
export const productSkusQuery = (orgId: Org, appId: Org, productId: Org) => queryOptions({
  queryKey: skuKeys.ofProduct(orgId, appId, productId),
  queryFn: () => listSkus({ productId }),
  enabled: Boolean(orgId && productId),
});

export type SurveyQuery = Parameters<typeof listSurveys>[0];
/** Price surveys: under the 'prices' root, which PriceSurvey… events and price writes refresh. */
export const surveysQuery = (orgId: Org, appId: Org, q: SurveyQuery) => queryOptions({
  queryKey: [...priceKeys.all, orgId, appId, 'surveys', q] as const,
  queryFn: () => listSurveys(q),
  enabled: Boolean(orgId),
});

/** The food composition table searched to link a SKU's ingredients (root 'foods': no event changes it). */
export const foodKeys = {
  all: ['foods'] as const,
  search: (orgId: Org, query: string) => [...foodKeys.all, orgId, query] as const,
};
export const foodsQuery = (orgId: Org, query: string) => queryOptions({
  queryKey: foodKeys.search(orgId, query),
  queryFn: () => searchFoods(query),
  enabled: Boolean(orgId),
});

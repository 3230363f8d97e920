// Issue 34, the fruit mall's back office (contracts/fruitMall.ts): the platform's fruit orgs and statistics, a fruit
// org's goods, orders and picking list. Query keys start with the live-update root 'fruits' (every Fruit… event
// invalidates it: src/app/liveUpdates.ts's first-word rule), then the org. The members' storefront calls are the
// storefront's own (a member session, not a staff one).
import { queryOptions } from '@tanstack/react-query';
import { call } from './http.ts';
import type * as api from '../contracts/fruitMall.ts';
import type { BodyOf, QueryOf } from '../contracts/endpoint.ts';

export type { FruitOrgRow, FruitSkuRow, FruitSkuInput, FruitOrderRow, FruitOrderList, FruitStats, PickingList } from '../contracts/fruitMall.ts';
export type FruitOrderQuery = QueryOf<typeof api.listFruitOrders>;

export const fetchFruitOrgs = () => call<typeof api.listFruitOrgs>({ method: 'GET', path: '/v1/fruit/orgs' });
export const fetchFruitSchools = () => call<typeof api.listSchoolsForFruit>({ method: 'GET', path: '/v1/fruit/schools' });
export const createFruitOrg = (body: BodyOf<typeof api.createFruitOrg>) => call<typeof api.createFruitOrg>({ method: 'POST', path: '/v1/fruit/orgs', body });
export const setFruitSchools = (orgId: string, schoolOrgIds: string[]) =>
  call<typeof api.setFruitSchools>({ method: 'PUT', path: '/v1/fruit/orgs/{orgId}/schools', params: { orgId }, body: { schoolOrgIds } });
export const fetchFruitStats = (query: QueryOf<typeof api.fruitStatistics>) => call<typeof api.fruitStatistics>({ method: 'GET', path: '/v1/fruit/statistics', query });

export const fetchFruitSkus = () => call<typeof api.listFruitSkus>({ method: 'GET', path: '/v1/fruit/skus' });
export const createFruitSku = (body: api.FruitSkuInput) => call<typeof api.createFruitSku>({ method: 'POST', path: '/v1/fruit/skus', body });
export const updateFruitSku = (skuId: string, body: api.FruitSkuInput) =>
  call<typeof api.updateFruitSku>({ method: 'PUT', path: '/v1/fruit/skus/{skuId}', params: { skuId }, body });

export const fetchFruitOrders = (query: FruitOrderQuery) => call<typeof api.listFruitOrders>({ method: 'GET', path: '/v1/fruit/orders', query });
export const actOnFruitOrder = (orderId: string, body: BodyOf<typeof api.actOnFruitOrder>) =>
  call<typeof api.actOnFruitOrder>({ method: 'PUT', path: '/v1/fruit/orders/{orderId}', params: { orderId }, body });
export const fetchPickingList = (day: string) => call<typeof api.pickingList>({ method: 'GET', path: '/v1/fruit/picking', query: { day } });
export const deliverPicking = (body: BodyOf<typeof api.deliverPicking>) => call<typeof api.deliverPicking>({ method: 'POST', path: '/v1/fruit/picking/deliver', body });

export const fruitKeys = {
  all: ['fruits'] as const,
  orgs: () => [...fruitKeys.all, 'orgs'] as const,
  schools: () => [...fruitKeys.all, 'schools'] as const,
  stats: (orgId: string | undefined, query: unknown) => [...fruitKeys.all, orgId, 'stats', query] as const,
  skus: (orgId: string | undefined) => [...fruitKeys.all, orgId, 'skus'] as const,
  orders: (orgId: string | undefined, query: unknown) => [...fruitKeys.all, orgId, 'orders', query] as const,
  picking: (orgId: string | undefined, day: string) => [...fruitKeys.all, orgId, 'picking', day] as const,
};

export const fruitOrgsQuery = () => queryOptions({ queryKey: fruitKeys.orgs(), queryFn: fetchFruitOrgs });
export const fruitSchoolsQuery = () => queryOptions({ queryKey: fruitKeys.schools(), queryFn: fetchFruitSchools });
export const fruitSkusQuery = (orgId: string | undefined) => queryOptions({ queryKey: fruitKeys.skus(orgId), queryFn: fetchFruitSkus, enabled: Boolean(orgId) });
export const fruitOrdersQuery = (orgId: string | undefined, query: FruitOrderQuery) =>
  queryOptions({ queryKey: fruitKeys.orders(orgId, query), queryFn: () => fetchFruitOrders(query), enabled: Boolean(orgId) });
export const pickingListQuery = (orgId: string | undefined, day: string) =>
  queryOptions({ queryKey: fruitKeys.picking(orgId, day), queryFn: () => fetchPickingList(day), enabled: Boolean(orgId) });
export const fruitStatsQuery = (orgId: string | undefined, query: QueryOf<typeof api.fruitStatistics>) =>
  queryOptions({ queryKey: fruitKeys.stats(orgId, query), queryFn: () => fetchFruitStats(query), enabled: Boolean(orgId) });

// supermarketManage (issue 35): the supermarkets of the bureau's area (categories of group mallPriceSupermarket),
// the reference their shelf prices give the goods whose prices are decided, and the org's margin above it. The
// shelf prices themselves are price surveys naming a supermarket (services/mall/catalogue.ts recordSurveys).
import { queryOptions } from '@tanstack/react-query';
import { get, ifMatch, tagged } from '../http.ts';
import type { ListResult } from '../../domain/types.ts';
import { priceKeys } from './catalogue.ts';

export interface SupermarketReference { skuId: string; reference: number; supermarkets: number; latestDate: string; margin: number }

export const supermarketReferences = (skuIds: readonly string[]) =>
  get<ListResult<SupermarketReference>>('/v5/mall/price/supermarket/reference', { skuId: skuIds.join(',') }, { host: 'mall' });
/** The org's margin with the version of its setting (the answer's ETag), which a change sends back as If-Match. */
export interface SupermarketMargin { margin: number; version: number | undefined }
export const supermarketMargin = async (): Promise<SupermarketMargin> => {
  const { data, version } = await tagged.get<{ margin: number }>('/v5/mall/supermarket/margin', undefined, { host: 'mall' });
  return { margin: data.margin, version };
};
/** `version`: the one the typed margin started from (409 when someone set it since); the answer carries the next. */
export const setSupermarketMargin = async (margin: number, version?: number): Promise<SupermarketMargin> => {
  const { data, version: next } = await tagged.put<{ margin: number }>('/v5/mall/supermarket/margin', { margin }, { host: 'mall', ...ifMatch(version) });
  return { margin: data.margin, version: next };
};

type Org = string | undefined;
/** Under the 'prices' root: a survey (a shelf price) or a price write refreshes them. */
export const supermarketReferencesQuery = (orgId: Org, skuIds: readonly string[]) => queryOptions({
  queryKey: [...priceKeys.all, orgId, 'supermarketReference', [...skuIds].sort()] as const,
  queryFn: () => supermarketReferences(skuIds),
  enabled: Boolean(orgId) && skuIds.length > 0,
});
export const supermarketMarginQuery = (orgId: Org) => queryOptions({
  queryKey: [...priceKeys.all, orgId, 'supermarketMargin'] as const,
  queryFn: supermarketMargin,
  enabled: Boolean(orgId),
});

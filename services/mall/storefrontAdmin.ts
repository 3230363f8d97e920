// Issue 34: the mall operators' calls (server/modules/storefront/operatorRoutes.ts): content, recommendations,
// campaigns, the template and its preview, group buys. The org is the one of the request's `key`.
import { queryOptions } from '@tanstack/react-query';
import { del, get, ifMatch, post, put } from '../http.ts';
import type { ListResult } from '../../domain/types.ts';
import type { StorefrontGroupon, StorefrontHome } from '../storefront.ts';
import type { StorefrontTemplate } from '../../domain/mall/content.ts';

const MALL = { host: 'mall' } as const;

/** The kinds of records the operators keep, by their path. */
export const RECORD_PATHS = { content: '/v4/mall/cms/content', recommendation: '/v4/mall/recommend', campaign: '/v4/mall/campaign' } as const;
export type RecordKind = keyof typeof RECORD_PATHS;

/** `version`: the record's version as read, sent back with an edit or delete (409 when someone changed it meanwhile, docs/versions.md) */
export type MallRecord = Record<string, unknown> & { id: string; state: 'scheduled' | 'live' | 'ended'; createdAt: string; updatedAt: string; version?: number };

export const mallRecords = (kind: RecordKind) => get<ListResult<MallRecord>>(RECORD_PATHS[kind], {}, MALL);
export const createMallRecord = (kind: RecordKind, body: Record<string, unknown>) => post<MallRecord>(RECORD_PATHS[kind], body, MALL);
/** `version`: the one the edit started from (body `version`); stale → 409 */
export const updateMallRecord = (kind: RecordKind, id: string, body: Record<string, unknown>, version?: number) =>
  put<MallRecord>(`${RECORD_PATHS[kind]}/${encodeURIComponent(id)}`, { ...body, ...(version !== undefined && { version }) }, MALL);
export const removeMallRecord = (kind: RecordKind, id: string, version?: number) =>
  del<{ id: string }>(`${RECORD_PATHS[kind]}/${encodeURIComponent(id)}`, undefined, { ...MALL, ...ifMatch(version) });

/** `version`: the template stream's version (0 before the first save), which a save sends back */
export type TemplateView = StorefrontTemplate & { layouts: Record<string, string[]>; version: number };
export const storefrontTemplate = () => get<TemplateView>('/v4/mall/cms/template', {}, MALL);
/** `version`: the one the edit started from; the answer carries the new one for the next save */
export const saveStorefrontTemplate = (t: StorefrontTemplate, version?: number) =>
  put<TemplateView>('/v4/mall/cms/template', { ...t, ...(version !== undefined && { version }) }, MALL);
export const storefrontPreview = (at?: string) => get<StorefrontHome>('/v4/mall/cms/preview', at ? { at } : {}, MALL);

/** `version`: the group buy's version as read, sent back with a cancel (409 when it changed meanwhile) */
/** participants' `orderNo` / `orderFailure`: once a fruit group buy succeeded, the order placed for each, or why it could not be */
export type GrouponDetail = StorefrontGroupon & {
  participants: { memberId: string; name: string; quantity: number; joinedAt: string; orderNo?: string | null; orderFailure?: string | null }[]; createdAt: string; version?: number;
};
export const groupons = () => get<ListResult<StorefrontGroupon & { createdAt: string; version?: number }>>('/v4/mall/groupon', {}, MALL);
export const grouponDetail = (id: string) => get<GrouponDetail>(`/v4/mall/groupon/${encodeURIComponent(id)}`, {}, MALL);
export const createGroupon = (body: Record<string, unknown>) => post<GrouponDetail>('/v4/mall/groupon', body, MALL);
export const cancelGroupon = (id: string, version?: number) =>
  post<GrouponDetail>(`/v4/mall/groupon/${encodeURIComponent(id)}/cancel`, undefined, { ...MALL, ...ifMatch(version) });

export const storefrontKeys = {
  all: ['storefront'] as const,
  records: (orgId: string | undefined, kind: RecordKind) => ['storefront', orgId, 'records', kind] as const,
  template: (orgId: string | undefined) => ['storefront', orgId, 'template'] as const,
  preview: (orgId: string | undefined, at: string) => ['storefront', orgId, 'preview', at] as const,
  groupons: (orgId: string | undefined) => ['storefront', orgId, 'groupons'] as const,
  groupon: (orgId: string | undefined, id: string) => ['storefront', orgId, 'groupon', id] as const,
};

export const mallRecordsQuery = (orgId: string | undefined, kind: RecordKind) => queryOptions({ queryKey: storefrontKeys.records(orgId, kind), queryFn: () => mallRecords(kind), enabled: !!orgId });
export const templateQuery = (orgId: string | undefined) => queryOptions({ queryKey: storefrontKeys.template(orgId), queryFn: storefrontTemplate, enabled: !!orgId });
export const previewQuery = (orgId: string | undefined, at: string) => queryOptions({ queryKey: storefrontKeys.preview(orgId, at), queryFn: () => storefrontPreview(at || undefined), enabled: !!orgId });
export const grouponsQuery = (orgId: string | undefined) => queryOptions({ queryKey: storefrontKeys.groupons(orgId), queryFn: groupons, enabled: !!orgId });
export const grouponQuery = (orgId: string | undefined, id: string) => queryOptions({ queryKey: storefrontKeys.groupon(orgId, id), queryFn: () => grouponDetail(id), enabled: !!orgId && !!id });

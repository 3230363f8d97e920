// §7 notices (their own host). Types and paths come from contracts/notices.ts.
import { queryOptions } from '@tanstack/react-query';
import { call, ifMatch, type CallOptions } from './http.ts';
import type * as api from '../contracts/notices.ts';

export type { Notice, NoticeList, NoticeQuery, NoticeInput, NoticeChange } from '../contracts/notices.ts';

const NOTICES: CallOptions = { host: 'notices' };

export function fetchNotices(query: api.NoticeQuery = {}): Promise<api.NoticeList> {
  return call<typeof api.listNotices>({ method: 'GET', path: '/v1/notices', query }, NOTICES);
}

export function createNotice(body: api.NoticeInput): Promise<api.Notice> {
  return call<typeof api.createNotice>({ method: 'POST', path: '/v1/notices', body }, NOTICES);
}

/** Only the fields given, with the version read: a stale one is refused (409). */
export function updateNotice(id: string, body: api.NoticeChange): Promise<api.Notice> {
  return call<typeof api.updateNotice>({ method: 'PUT', path: '/v1/notices/{id}', params: { id }, body }, NOTICES);
}

/** If-Match: the version read. */
export function deleteNotice(id: string, version?: number): Promise<{ id: string }> {
  return call<typeof api.deleteNotice>({ method: 'DELETE', path: '/v1/notices/{id}', params: { id } }, { ...NOTICES, ...ifMatch(version) });
}

export function markNoticeRead(id: string): Promise<api.Notice> {
  return call<typeof api.markNoticeRead>({ method: 'PUT', path: '/v1/notices/{id}/read', params: { id } }, NOTICES);
}

/** Query keys: every notice query starts with `noticeKeys.all`, so a write invalidates them all with it. */
export const noticeKeys = {
  all: ['notices'] as const,
  list: (orgId: string | undefined, query: api.NoticeQuery) => [...noticeKeys.all, orgId, query] as const,
};

/** The notices of an org (the `key` header names it; the key keeps orgs apart in the cache). */
export const noticesQuery = (orgId: string | undefined, query: api.NoticeQuery) => queryOptions({
  queryKey: noticeKeys.list(orgId, query),
  queryFn: () => fetchNotices(query),
  enabled: Boolean(orgId),
});

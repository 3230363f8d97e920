// §2 短网址管理 (issue 35): short links of the org. Types and paths come from contracts/shortLinks.ts.
import { queryOptions } from '@tanstack/react-query';
import { call } from './http.ts';
import type * as api from '../contracts/shortLinks.ts';

export type { ShortLink, ShortLinkInput, ShortLinkQuery, Visits } from '../contracts/shortLinks.ts';

export const fetchShortLinks = (query: api.ShortLinkQuery = {}) =>
  call<typeof api.listShortLinks>({ method: 'GET', path: '/v1/shortlinks', query });
export const createShortLink = (body: api.ShortLinkInput) => call<typeof api.createShortLink>({ method: 'POST', path: '/v1/shortlinks', body });
/** The org's live link of each target, made where it has none (labels, shares). */
export const ensureShortLinks = (targets: api.EnsureShortLinks['targets']) =>
  call<typeof api.ensureShortLinks>({ method: 'POST', path: '/v1/shortlinks/ensure', body: { targets } });
/** `version`: the link's version as read (409 when someone changed it meanwhile, docs/versions.md) */
export const setShortLinkExpiry = (code: string, expiresAt: string | null, version?: number) =>
  call<typeof api.setShortLinkExpiry>({ method: 'PUT', path: '/v1/shortlinks/{code}/expiry', params: { code }, body: { expiresAt, ...(version !== undefined && { version }) } });
export const fetchShortLinkVisits = (code: string, query: api.VisitQuery) =>
  call<typeof api.shortLinkVisits>({ method: 'GET', path: '/v1/shortlinks/{code}/visits', params: { code }, query });

export const shortLinkKeys = {
  all: ['shortLinks'] as const,
  list: (orgId: string | undefined, query: api.ShortLinkQuery) => [...shortLinkKeys.all, orgId, 'list', query] as const,
  visits: (orgId: string | undefined, code: string, query: api.VisitQuery) => [...shortLinkKeys.all, orgId, 'visits', code, query] as const,
};

export const shortLinksQuery = (orgId: string | undefined, query: api.ShortLinkQuery) => queryOptions({
  queryKey: shortLinkKeys.list(orgId, query), queryFn: () => fetchShortLinks(query), enabled: Boolean(orgId),
});

/** The address a short link is shared as: this console's origin and /s/{code}. */
export const shortLinkUrl = (code: string, origin = window.location.origin) => `${origin}/s/${code}`;

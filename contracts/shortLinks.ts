// §2 短网址管理 (issue 35): short links of the current org, their visits by day, and the public redirect.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Instant, Paging, Version } from './common.ts';
import { SHORT_LINK_LIMITS } from '../domain/shortLink.ts';
import { PAGE } from '../domain/constants.ts';

const tags = ['shortLinks'];

export const ShortLink = Type.Object({
  code: Type.String(),
  /** the page it opens: a path of this deployment (domain/shortLink.ts ownPageTarget) */
  target: Type.String(),
  title: Type.String(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  live: Type.Boolean(),
  createdByName: Type.String(),
  createdAt: Type.String(),
  /** every visit so far */
  visits: Type.Integer(),
  /** the version of the link's stream: a change sends it back (docs/versions.md) */
  version: Type.Integer(),
});
export type ShortLink = Static<typeof ShortLink>;

const target = Type.String({ minLength: 1, maxLength: SHORT_LINK_LIMITS.targetMax });
const title = Type.String({ maxLength: SHORT_LINK_LIMITS.titleMax * 2 });

export const ShortLinkInput = Type.Object({
  target, title: Type.Optional(title), expiresAt: Type.Optional(Type.Union([Instant, Type.Null()])),
}, { additionalProperties: false });
export type ShortLinkInput = Static<typeof ShortLinkInput>;

export const EnsureShortLinks = Type.Object({
  targets: Type.Array(Type.Object({ target, title: Type.Optional(title) }, { additionalProperties: false }), { minItems: 1, maxItems: SHORT_LINK_LIMITS.ensureMax }),
}, { additionalProperties: false });
export type EnsureShortLinks = Static<typeof EnsureShortLinks>;

export const ShortLinkExpiry = Type.Object({ expiresAt: Type.Union([Instant, Type.Null()]), version: Type.Optional(Version) }, { additionalProperties: false });
export type ShortLinkExpiry = Static<typeof ShortLinkExpiry>;

export const ShortLinkQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  live: Type.Optional(Type.Boolean()),
  ...Paging(PAGE.generic),
});
export type ShortLinkQuery = Static<typeof ShortLinkQuery>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const VisitQuery = Type.Object({ from: Day, to: Day });
export type VisitQuery = Static<typeof VisitQuery>;
export const Visits = Type.Object({ code: Type.String(), days: Type.Array(Type.Object({ day: Type.String(), visits: Type.Integer() })), total: Type.Integer() });
export type Visits = Static<typeof Visits>;

const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) });

export const listShortLinks = endpoint({
  method: 'GET', path: '/v1/shortlinks', tags, querystring: ShortLinkQuery, response: Type.Object({ rows: Type.Array(ShortLink), count: Type.Integer() }),
  summary: "The current org's short links, newest first, with their visits",
});
export const createShortLink = endpoint({
  method: 'POST', path: '/v1/shortlinks', tags, body: ShortLinkInput, response: ShortLink,
  summary: "Make a short link to one of this deployment's pages (a relative path of an entry page; anything else is refused)",
});
export const ensureShortLinks = endpoint({
  method: 'POST', path: '/v1/shortlinks/ensure', tags, body: EnsureShortLinks, response: Type.Object({ rows: Type.Array(ShortLink) }),
  summary: "The org's live short link of each target, made where it has none (labels' QR codes), in the order asked",
});
export const setShortLinkExpiry = endpoint({
  method: 'PUT', path: '/v1/shortlinks/{code}/expiry', tags, params: CodeParams, body: ShortLinkExpiry, response: ShortLink,
  summary: 'Expire a short link (a time; now expires it at once) or make it live again (null: never expires)',
});
export const shortLinkVisits = endpoint({
  method: 'GET', path: '/v1/shortlinks/{code}/visits', tags, params: CodeParams, querystring: VisitQuery, response: Visits,
  summary: 'Visits of a short link by day, every day of the range (at most 92 days)',
});

// §2 产品更新 (issue 35): the platform's release notes, read by the orgs of the kinds they are for.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { IdParams, Instant, Paging, Removed } from './common.ts';
import { PRODUCT_UPDATE_LIMITS } from '../domain/aggregates/productUpdate.ts';
import { ORG_KINDS } from '../domain/orgKind.ts';
import { PAGE } from '../domain/constants.ts';

const tags = ['productUpdates'];

// domain/orgKind.ts ORG_KINDS, spelled out so the schema's type is the union of the kinds
const Kind = Type.Union([
  Type.Literal('platform'), Type.Literal('school'), Type.Literal('supplier'), Type.Literal('delivery'), Type.Literal('bureau'), Type.Literal('trial'), Type.Literal('fruit'), Type.Literal('installer'),
]);

export const ProductUpdate = Type.Object({
  id: Type.String(),
  title: Type.String(),
  version: Type.String(),
  /** HTML as the platform wrote it: sanitise before rendering (src/components/richText.ts) */
  content: Type.String(),
  audience: Type.Array(Kind),
  publishedAt: Type.String(),
  createdByName: Type.String(),
  read: Type.Boolean(),
  /**
   * The version of the note's stream, which a change or withdrawal sends back as If-Match (a stale one is a 409;
   * docs/versions.md). Named `revision` here: `version` is the note's own software version text.
   */
  revision: Type.Integer(),
});
export type ProductUpdate = Static<typeof ProductUpdate>;

const fields = {
  title: Type.String({ minLength: 1, maxLength: PRODUCT_UPDATE_LIMITS.titleMax * 2 }),
  version: Type.String({ maxLength: PRODUCT_UPDATE_LIMITS.versionMax * 2 }),
  content: Type.String({ maxLength: PRODUCT_UPDATE_LIMITS.contentMax }),
  audience: Type.Array(Kind, { minItems: 1, maxItems: ORG_KINDS.length * 2 }),
  publishedAt: Instant,
};

export const ProductUpdateInput = Type.Object({
  title: fields.title, version: Type.Optional(fields.version), content: Type.Optional(fields.content), audience: fields.audience, publishedAt: Type.Optional(fields.publishedAt),
}, { additionalProperties: false });
export type ProductUpdateInput = Static<typeof ProductUpdateInput>;

export const ProductUpdateChange = Type.Object({
  title: Type.Optional(fields.title), version: Type.Optional(fields.version), content: Type.Optional(fields.content),
  audience: Type.Optional(fields.audience), publishedAt: Type.Optional(fields.publishedAt),
}, { additionalProperties: false, minProperties: 1 });
export type ProductUpdateChange = Static<typeof ProductUpdateChange>;

export const ProductUpdateQuery = Type.Object({ read: Type.Optional(Type.Boolean()), ...Paging(PAGE.generic) });
export type ProductUpdateQuery = Static<typeof ProductUpdateQuery>;

export const ProductUpdateList = Type.Object({ rows: Type.Array(ProductUpdate), count: Type.Integer(), unread: Type.Integer() });
export type ProductUpdateList = Static<typeof ProductUpdateList>;

export const listProductUpdates = endpoint({
  method: 'GET', path: '/v1/productupdates', tags, querystring: ProductUpdateQuery, response: ProductUpdateList,
  summary: "Published release notes for the caller's org kind (the platform: all, with those scheduled), newest first; unread: the caller's unread",
});
export const publishProductUpdate = endpoint({
  method: 'POST', path: '/v1/productupdates', tags, body: ProductUpdateInput, response: ProductUpdate,
  summary: 'Publish a release note (the platform only; publishedAt later than now schedules it)',
});
export const changeProductUpdate = endpoint({
  method: 'PUT', path: '/v1/productupdates/{id}', tags, params: IdParams, body: ProductUpdateChange, response: ProductUpdate,
  summary: 'Change a release note (the platform only; the fields sent; If-Match: the revision read, a stale one is refused with 409)',
});
export const withdrawProductUpdate = endpoint({
  method: 'DELETE', path: '/v1/productupdates/{id}', tags, params: IdParams, response: Removed, summary: 'Withdraw a release note (the platform only; If-Match: the revision read, a stale one is refused with 409)',
});
export const markProductUpdateRead = endpoint({
  method: 'PUT', path: '/v1/productupdates/{id}/read', tags, params: IdParams, response: ProductUpdate,
  summary: 'Mark a release note addressed to the caller read (idempotent)',
});

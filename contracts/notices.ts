// §2 通知列表: the notice endpoints (§7 notices host).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { IdParams, Instant, Paging, Removed, Version } from './common.ts';
import { TITLE_MAX } from '../domain/aggregates/notice.ts';
import { PAGE } from '../domain/constants.ts';

const tags = ['notices'];

export const Notice = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** HTML as the author wrote it: sanitise before rendering */
  content: Type.String(),
  publishedAt: Type.String(),
  createdBy: Type.String(),
  createdByName: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  read: Type.Boolean(),
  readAt: Type.Union([Type.String(), Type.Null()]),
  /** published later than now (only editors see these) */
  scheduled: Type.Boolean(),
  /** sent back with an edit, so a concurrent edit is refused (409) */
  version: Type.Integer(),
});
export type Notice = Static<typeof Notice>;

const title = Type.String({ minLength: 1, maxLength: TITLE_MAX });
const content = Type.String({ maxLength: 20_000 });

export const NoticeQuery = Type.Object({
  read: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  ...Paging(PAGE.generic),
});
export type NoticeQuery = Static<typeof NoticeQuery>;

export const NoticeInput = Type.Object({ title, content: Type.Optional(content), publishedAt: Type.Optional(Instant) }, { additionalProperties: false });
export type NoticeInput = Static<typeof NoticeInput>;

export const NoticeChange = Type.Object(
  { title: Type.Optional(title), content: Type.Optional(content), publishedAt: Type.Optional(Instant), version: Type.Optional(Version) },
  { additionalProperties: false, minProperties: 1 },
);
export type NoticeChange = Static<typeof NoticeChange>;

export const NoticeList = Type.Object({
  rows: Type.Array(Notice),
  count: Type.Integer(),
  /** the caller's unread published notices */
  unread: Type.Integer(),
});
export type NoticeList = Static<typeof NoticeList>;

export const listNotices = endpoint({
  method: 'GET', path: '/v1/notices', tags, querystring: NoticeQuery, response: NoticeList,
  summary: "Notices of the current org, newest first, with the caller's read state; unread counts the caller's unread published notices",
});
export const getNotice = endpoint({ method: 'GET', path: '/v1/notices/{id}', tags, params: IdParams, response: Notice, summary: 'One notice of the current org' });
export const createNotice = endpoint({
  method: 'POST', path: '/v1/notices', tags, body: NoticeInput, response: Notice,
  summary: 'Create a notice (publishedAt: now when not given; a later time schedules it)',
});
export const updateNotice = endpoint({
  method: 'PUT', path: '/v1/notices/{id}', tags, params: IdParams, body: NoticeChange, response: Notice,
  summary: 'Change a notice (only the fields sent; `version` or If-Match: the version read, a stale one is refused with 409)',
});
export const deleteNotice = endpoint({
  method: 'DELETE', path: '/v1/notices/{id}', tags, params: IdParams, response: Removed,
  summary: 'Delete a notice (If-Match: the version read, a stale one is refused with 409)',
});
export const markNoticeRead = endpoint({
  method: 'PUT', path: '/v1/notices/{id}/read', tags, params: IdParams, response: Notice,
  summary: 'Mark a published notice read by the caller (idempotent)',
});

import { del, get, ifMatch, post, put, type CallOptions } from './http.ts';

/** §7 notices live on their own host. */
const NOTICES: CallOptions = { host: 'notices' };

export interface Notice {
  id: string;
  title: string;
  /** HTML as the author wrote it: sanitise before rendering */
  content: string;
  publishedAt: string;
  createdBy: string;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  read: boolean;
  readAt: string | null;
  /** published later than now (only editors see these) */
  scheduled: boolean;
  /** the notice's version: sent back with an edit, so a concurrent edit is refused (409) */
  version: number;
}

export interface NoticeList {
  rows: Notice[];
  count: number;
  /** the caller's unread published notices */
  unread: number;
}

export interface NoticeQuery {
  read?: boolean;
  keyword?: string;
  $limit?: number;
  $skip?: number;
}

export interface NoticeInput {
  title: string;
  content?: string;
  publishedAt?: string;
}

// GET /v1/notices
export function fetchNotices(query: NoticeQuery = {}): Promise<NoticeList> {
  return get<NoticeList>('/v1/notices', { ...query }, NOTICES);
}

// GET /v1/notices/{id}
export function fetchNotice(id: string): Promise<Notice> {
  return get<Notice>(`/v1/notices/${encodeURIComponent(id)}`, undefined, NOTICES);
}

// POST /v1/notices
export function createNotice(input: NoticeInput): Promise<Notice> {
  return post<Notice>('/v1/notices', input, NOTICES);
}

// PUT /v1/notices/{id}: only the fields given, with the version read
export function updateNotice(id: string, change: Partial<NoticeInput> & { version?: number }): Promise<Notice> {
  return put<Notice>(`/v1/notices/${encodeURIComponent(id)}`, change, NOTICES);
}

// DELETE /v1/notices/{id}, If-Match: the version read
export function deleteNotice(id: string, version?: number): Promise<unknown> {
  return del(`/v1/notices/${encodeURIComponent(id)}`, undefined, { ...NOTICES, ...ifMatch(version) });
}

// PUT /v1/notices/{id}/read
export function markNoticeRead(id: string): Promise<Notice> {
  return put<Notice>(`/v1/notices/${encodeURIComponent(id)}/read`, undefined, NOTICES);
}

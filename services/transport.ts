// What every call of the console shares, without axios: the headers it carries (§7), the error it fails with and
// what a failure means (§8), and a fetch-based `request` for the calls the sign-in entry makes (services/passport.ts),
// so the sign-in screen loads without axios. services/http.ts (axios, every other call) builds on the same pieces
// and re-exports them: one place decides what a failure means.
import { APP_VERSION } from '../domain/constants.ts';
import type { Envelope } from '../domain/types.ts';
import { shouldLoseSession } from '../domain/guard.ts';

/** §8 missing body: "request error, retry later" (zh-CN source text; the view translates). */
export const REQUEST_ERROR_MESSAGE = '请求出错，请稍后重试';

/** A failed call: HTTP status, the envelope's status_code and status_text. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusCode: number;
  readonly statusText: string;
  constructor(status: number, statusCode: number, statusText: string) {
    super(statusText || REQUEST_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.statusCode = statusCode;
    this.statusText = statusText;
  }
}

/** The aggregate changed since the version the caller read (409): reload, then tell the user what happened. */
export const isStaleVersion = (e: unknown): e is ApiError => e instanceof ApiError && e.status === 409;

type StaleListener = (statusText: string) => void;
let onStaleListener: StaleListener | null = null;

/**
 * A write refused because the data changed since it was read (409, e.g. a stale `version`): the app reloads
 * what it shows and tells the user, in one place for every screen.
 */
export function onStale(listener: StaleListener | null): void {
  onStaleListener = listener;
}

export interface AuthContext {
  accesstoken: string | null;
  key: string | null;
}

let auth: AuthContext = { accesstoken: null, key: null };
type SessionLostListener = (status: number, statusText: string) => void;
let onSessionLostListener: SessionLostListener | null = null;

/** The app keeps the token and org-app key current here; every request reads them. */
export function setAuthContext(next: Partial<AuthContext>): void {
  auth = { ...auth, ...next };
}
export function getAuthContext(): AuthContext {
  return auth;
}

/**
 * Whether a failed request speaks for the session the console holds now: it carried the current token. A request
 * sent without one (after a sign-out, or before a sign-in) or with an earlier session's token has nothing to say
 * about this session: its 401 must neither end a new session nor put "login expired" over a login page that was
 * reached by a sign-out or an expiry (a request started before the sign-out may answer after it).
 */
export function speaksForSession(sentToken: string | null | undefined): boolean {
  return Boolean(sentToken) && sentToken === auth.accesstoken;
}

/** §8 401/403 and 500-with-forbidden-text: the app decides what to do (sign out, go to login). */
export function onSessionLost(listener: SessionLostListener | null): void {
  onSessionLostListener = listener;
}

let requestLocale: string | null = null;

/**
 * The console's current language (issue 13): sent as `accept-language` so the server answers its refusal texts
 * (status_text) in it; the browser's own header would name the browser's language, not the one chosen here.
 */
export function setRequestLocale(locale: string | null): void {
  requestLocale = locale;
}

/** §7 request headers: app version, platform, the token and the org-app key unless the call sets its own. */
export function standardHeaders(has: (name: string) => boolean): Record<string, string> {
  const h: Record<string, string> = { appversion: APP_VERSION, platform: 'web' };
  if (requestLocale && !has('accept-language')) h['accept-language'] = requestLocale;
  if (auth.accesstoken && !has('accesstoken')) h.accesstoken = auth.accesstoken;
  if (auth.key !== null && !has('key')) h.key = auth.key;
  return h;
}

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'status_code' in body;
}

/** The one place deciding what a failure means (§8). `watched`: false for sign-in calls (a 401 is an answer). */
export function toApiError(status: number, body: unknown, watched: boolean): ApiError {
  const error = isEnvelope(body)
    ? new ApiError(status, body.status_code, body.status_text ?? '')
    : new ApiError(status, status, '');
  if (status === 409) onStaleListener?.(error.statusText);
  if (watched && (shouldLoseSession(status, error.statusText) || shouldLoseSession(error.statusCode, error.statusText))) {
    onSessionLostListener?.(status, error.statusText);
  }
  return error;
}

export interface RequestOptions {
  /** override the org-app key header for this call ('' when no org-app applies) */
  key?: string;
  /** override the access token for this call */
  accesstoken?: string;
  /** sign-in calls: a 401 here is a wrong password, not a lost session */
  ignoreSessionLost?: boolean;
}

/** `{a: 1, b: [2, 3], c: undefined}` → `a=1&b=2&b=3`: lists as repeated keys, as the server reads them. */
export function queryString(params: Record<string, unknown> | undefined): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) q.append(name, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** One call over fetch: the envelope's `data` on status_code 200, else an ApiError decided by toApiError. */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, input: { query?: Record<string, unknown>; body?: unknown } = {}, opts: RequestOptions = {},
): Promise<T> {
  const own: Record<string, string> = {};
  if (opts.key !== undefined) own.key = opts.key;
  if (opts.accesstoken !== undefined) own.accesstoken = opts.accesstoken;
  const headers: Record<string, string> = { ...standardHeaders((name) => name in own), ...own, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) };
  let res: Response;
  try {
    res = await fetch(url + queryString(input.query), { method, headers, ...(method === 'GET' ? {} : { body: JSON.stringify(input.body ?? {}) }) });
  } catch {
    throw new ApiError(0, 0, REQUEST_ERROR_MESSAGE);
  }
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try { body = text ? JSON.parse(text) : null; } catch { /* not JSON: toApiError reads it as no envelope */ }
  if (!res.ok || !isEnvelope(body) || body.status_code !== 200) throw toApiError(res.status, body, !opts.ignoreSessionLost && speaksForSession(headers.accesstoken));
  return body.data as T;
}

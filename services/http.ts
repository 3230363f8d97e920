import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { APP_VERSION } from '../domain/constants.ts';
import type { Envelope } from '../domain/types.ts';
import type { BodyOf, DataOf, Endpoint, ParamsOf, QueryOf } from '../contracts/endpoint.ts';
import { shouldLoseSession } from '../domain/guard.ts';

// §7 hosts: canteen, archives, mall, form, device, notices — one origin for now, one table to change.
export const HOSTS = {
  canteen: '',
  archives: '',
  mall: '',
  form: '',
  device: '',
  notices: '',
} as const;
export type HostName = keyof typeof HOSTS;

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

/** `If-Match` for a call that carries no body (a delete): the version the caller read. */
export const ifMatch = (version: number | undefined): CallOptions => (version === undefined ? {} : { headers: { 'if-match': `"${version}"` } });

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

/** §8 401/403 and 500-with-forbidden-text: the app decides what to do (sign out, go to login). */
export function onSessionLost(listener: SessionLostListener | null): void {
  onSessionLostListener = listener;
}

/** Calls made before there is a session (sign-in itself) do not report a lost session. */
interface SessionAware {
  ignoreSessionLost?: boolean;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'status_code' in body;
}

/** The one place deciding what a failure means (§8). */
function toApiError(status: number, body: unknown, config?: AxiosRequestConfig): ApiError {
  const error = isEnvelope(body)
    ? new ApiError(status, body.status_code, body.status_text ?? '')
    : new ApiError(status, status, '');
  if (status === 409) onStaleListener?.(error.statusText);
  const watched = !(config as SessionAware | undefined)?.ignoreSessionLost;
  if (watched && (shouldLoseSession(status, error.statusText) || shouldLoseSession(error.statusCode, error.statusText))) {
    onSessionLostListener?.(status, error.statusText);
  }
  return error;
}

function createHost(baseURL: string): AxiosInstance {
  // arrays go as repeated keys (code=M1&code=M6), which is how the server reads list parameters; axios's
  // default (code[]=M1) would reach it as an unknown key and filter nothing
  const instance = axios.create({ baseURL, paramsSerializer: { indexes: null } });
  instance.interceptors.request.use((config) => {
    config.headers.set('appversion', APP_VERSION);
    config.headers.set('platform', 'web');
    if (auth.accesstoken && !config.headers.has('accesstoken')) config.headers.set('accesstoken', auth.accesstoken);
    if (auth.key !== null && !config.headers.has('key')) config.headers.set('key', auth.key);
    return config;
  });
  instance.interceptors.response.use(
    (response) => {
      const body: unknown = response.data;
      if (!isEnvelope(body) || body.status_code !== 200) throw toApiError(response.status, body, response.config);
      return response;
    },
    (err: unknown) => {
      if (err instanceof ApiError) throw err;
      if (err instanceof AxiosError && err.response) throw toApiError(err.response.status, err.response.data, err.config);
      throw new ApiError(0, 0, REQUEST_ERROR_MESSAGE);
    },
  );
  return instance;
}

const instances = Object.fromEntries(
  (Object.keys(HOSTS) as HostName[]).map((name) => [name, createHost(HOSTS[name])]),
) as Record<HostName, AxiosInstance>;

export function host(name: HostName = 'canteen'): AxiosInstance {
  return instances[name];
}

export interface CallOptions extends Omit<AxiosRequestConfig, 'url' | 'method' | 'data' | 'params'> {
  host?: HostName;
  /** override the org-app key header for this call ('' when no org-app applies) */
  key?: string;
  /** override the access token for this call */
  accesstoken?: string;
  /** sign-in calls: a 401 here is a wrong password, not a lost session */
  ignoreSessionLost?: boolean;
}

function withOverrides(opts: CallOptions | undefined): AxiosRequestConfig {
  if (!opts) return {};
  const { host: _host, key, accesstoken, headers, ignoreSessionLost, ...rest } = opts;
  const h: Record<string, string> = { ...((headers as Record<string, string>) ?? {}) };
  if (key !== undefined) h.key = key;
  if (accesstoken !== undefined) h.accesstoken = accesstoken;
  return { ...rest, headers: h, ...(ignoreSessionLost ? { ignoreSessionLost } : {}) } as AxiosRequestConfig;
}

async function unwrap<T>(p: Promise<{ data: unknown }>): Promise<T> {
  const res = await p;
  return (res.data as Envelope<T>).data;
}

/** GET parameters without the unset ones: undefined, '' and empty lists are left off the query. */
export function queryParams(q: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));
}

export function get<T>(url: string, params?: Record<string, unknown>, opts?: CallOptions): Promise<T> {
  return unwrap<T>(host(opts?.host).get(url, { ...withOverrides(opts), params }));
}
export function post<T>(url: string, body?: unknown, opts?: CallOptions): Promise<T> {
  return unwrap<T>(host(opts?.host).post(url, body ?? {}, withOverrides(opts)));
}
export function put<T>(url: string, body?: unknown, opts?: CallOptions): Promise<T> {
  return unwrap<T>(host(opts?.host).put(url, body ?? {}, withOverrides(opts)));
}
export function del<T>(url: string, body?: unknown, opts?: CallOptions): Promise<T> {
  return unwrap<T>(host(opts?.host).delete(url, { ...withOverrides(opts), data: body }));
}

/** A call of a contract's endpoint: its method and path (checked against the contract) and its inputs. */
export interface Call<E extends Endpoint> {
  method: E['method'];
  path: E['path'];
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

/** `/v1/notices/{id}` with `{id: 'a b'}` → `/v1/notices/a%20b`; a missing parameter is a programming error. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls an endpoint declared in contracts/: `call<typeof listNotices>({method: 'GET', path: '/v1/notices', query})`.
 * The type parameter names the contract; method, path, inputs and the answer are checked against it.
 */
export function call<E extends Endpoint>(c: Call<E>, opts?: CallOptions): Promise<DataOf<E>> {
  const url = fillPath(c.path, c.params as Record<string, unknown> | undefined);
  switch (c.method) {
    case 'GET': return get<DataOf<E>>(url, c.query ? queryParams(c.query as object) : undefined, opts);
    case 'POST': return post<DataOf<E>>(url, c.body, opts);
    case 'PUT': return put<DataOf<E>>(url, c.body, opts);
    case 'DELETE': return del<DataOf<E>>(url, c.body, opts);
    case 'PATCH': return unwrap<DataOf<E>>(host(opts?.host).patch(url, c.body ?? {}, withOverrides(opts)));
  }
}

import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import type { Envelope } from '../domain/types.ts';
import type { BodyOf, DataOf, Endpoint, ParamsOf, QueryOf } from '../contracts/endpoint.ts';
import { ApiError, REQUEST_ERROR_MESSAGE, isEnvelope, speaksForSession, standardHeaders, toApiError } from './transport.ts';

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

// The headers, the error and what a failure means are shared with the fetch transport of the sign-in calls.
export {
  ApiError, REQUEST_ERROR_MESSAGE, getAuthContext, isStaleVersion, onSessionLost, onStale, setAuthContext, type AuthContext,
} from './transport.ts';

/** `If-Match` for a call that carries no body (a delete): the version the caller read. */
export const ifMatch = (version: number | undefined): CallOptions => (version === undefined ? {} : { headers: { 'if-match': `"${version}"` } });

/** Calls made before there is a session (sign-in itself) do not report a lost session. */
interface SessionAware {
  ignoreSessionLost?: boolean;
}

const watched = (config?: InternalAxiosRequestConfig) => {
  const sent = config?.headers.get('accesstoken');
  return !(config as SessionAware | undefined)?.ignoreSessionLost && speaksForSession(typeof sent === 'string' ? sent : null);
};

function createHost(baseURL: string): AxiosInstance {
  // arrays go as repeated keys (code=M1&code=M6), which is how the server reads list parameters; axios's
  // default (code[]=M1) would reach it as an unknown key and filter nothing
  const instance = axios.create({ baseURL, paramsSerializer: { indexes: null } });
  instance.interceptors.request.use((config) => {
    for (const [name, value] of Object.entries(standardHeaders((h) => config.headers.has(h)))) config.headers.set(name, value);
    return config;
  });
  instance.interceptors.response.use(
    (response) => {
      const body: unknown = response.data;
      if (!isEnvelope(body) || body.status_code !== 200) throw toApiError(response.status, body, watched(response.config));
      return response;
    },
    (err: unknown) => {
      if (err instanceof ApiError) throw err;
      if (err instanceof AxiosError && err.response) throw toApiError(err.response.status, err.response.data, watched(err.config));
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

/**
 * A write of several versioned paths at once (PUT /v2/config/org): the answer's data and the next version of each
 * path, which it names as JSON {path: n} in the `header` (one ETag can name only one).
 */
export const versioned = {
  async put<T>(url: string, body: unknown, header: string): Promise<{ data: T; versions: Record<string, number> }> {
    const res = await host().put(url, body);
    let named: unknown = null;
    try { named = JSON.parse(String((res.headers as Record<string, unknown>)[header] ?? 'null')); } catch { named = null; }
    const versions = Object.fromEntries(Object.entries(named && typeof named === 'object' ? named : {})
      .filter((e): e is [string, number] => Number.isInteger(e[1])));
    return { data: (res.data as Envelope<T>).data, versions };
  },
};

/** GET parameters without the unset ones: undefined, '' and empty lists are left off the query. */
export function queryParams(q: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));
}

/** A settings document's version from its answer's `ETag: "n"` (docs/versions.md): what its write sends back as If-Match. */
export function etagVersion(etag: unknown): number | undefined {
  const m = typeof etag === 'string' ? /^(?:W\/)?(?:"(\d+)"|(\d+))$/.exec(etag.trim()) : null;
  return m ? Number(m[1] ?? m[2]) : undefined;
}
/** A config path's answer with the version its ETag names. */
export interface Tagged<T> { data: T; version: number | undefined }
async function unwrapTagged<T>(p: Promise<{ data: unknown; headers: unknown }>): Promise<Tagged<T>> {
  const res = await p;
  return { data: (res.data as Envelope<T>).data, version: etagVersion((res.headers as Record<string, unknown>)?.etag) };
}
/** GET, PUT and DELETE of a config path that answers an ETag (a write with `ifMatch(version)` in `opts`). */
export const tagged = {
  get: <T>(url: string, params?: Record<string, unknown>, opts?: CallOptions) => unwrapTagged<T>(host(opts?.host).get(url, { ...withOverrides(opts), params })),
  put: <T>(url: string, body?: unknown, opts?: CallOptions) => unwrapTagged<T>(host(opts?.host).put(url, body ?? {}, withOverrides(opts))),
  del: <T>(url: string, body?: unknown, opts?: CallOptions) => unwrapTagged<T>(host(opts?.host).delete(url, { ...withOverrides(opts), data: body })),
};

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

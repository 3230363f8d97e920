import { BRIDGE_PARAM } from './constants.ts';

/** §2 cross-application sign-in handoff: what one console passes to another in the address. */
export interface BridgeData {
  accesstoken: string;
  userId: string;
  username: string;
  orgId: string;
  appId: string;
  key: string;
  /** where to go after sign-in */
  route?: string;
}

// §5 bridge login requires accesstoken, userId, username, orgId, appId, key
const REQUIRED = ['accesstoken', 'userId', 'username', 'orgId', 'appId', 'key'] as const;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(raw: string): string {
  const b64 = raw.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** base64url of the JSON: safe in a query string without further escaping. */
export function encodeBridge(data: BridgeData): string {
  return toBase64Url(JSON.stringify(data));
}

/** The bridge data, or null when it is not decodable or a required field is missing or empty (§5). */
export function decodeBridge(raw: string | null | undefined): BridgeData | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(decodeURIComponent(raw)));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const obj = parsed as Record<string, unknown>;
  // ids may travel as numbers; anything else is refused
  const field = (k: string) => (typeof obj[k] === 'number' ? String(obj[k]) : obj[k]);
  if (!REQUIRED.every((k) => typeof field(k) === 'string' && field(k) !== '')) return null;
  const data = Object.fromEntries(REQUIRED.map((k) => [k, field(k)])) as unknown as BridgeData;
  return typeof obj.route === 'string' && obj.route ? { ...data, route: obj.route } : data;
}

/** Splits 'a=1&b=2' keeping order; removes `param`. */
function withoutParam(query: string, param: string): string {
  return query
    .split('&')
    .filter((pair) => pair !== '' && decodeURIComponent(pair.split('=')[0]) !== param)
    .join('&');
}

function queryValue(query: string, param: string): string | null {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (decodeURIComponent(name) === param) return eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
  }
  return null;
}

/** Splits a url into base, search (without '?'), hash path and hash query (hash routing keeps its own query). */
function splitUrl(url: string) {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? null : url.slice(hashAt + 1);
  const [base, search = null] = splitOnce(beforeHash, '?');
  const [hashPath, hashQuery = null] = hash === null ? [null, null] : splitOnce(hash, '?');
  return { base, search, hashPath, hashQuery };
}

function splitOnce(s: string, sep: string): [string, string?] {
  const at = s.indexOf(sep);
  return at < 0 ? [s] : [s.slice(0, at), s.slice(at + 1)];
}

/** The raw bridge parameter from the query or the hash's query, or null. */
export function readBridgeParam(url: string, param = BRIDGE_PARAM): string | null {
  const { search, hashQuery } = splitUrl(url);
  return (search !== null ? queryValue(search, param) : null) ?? (hashQuery !== null ? queryValue(hashQuery, param) : null);
}

/** The url without the bridge parameter, so credentials do not stay in the address bar or history. */
export function stripBridgeParam(url: string, param = BRIDGE_PARAM): string {
  const { base, search, hashPath, hashQuery } = splitUrl(url);
  const q = search === null ? '' : withoutParam(search, param);
  const hq = hashQuery === null ? '' : withoutParam(hashQuery, param);
  return `${base}${q ? `?${q}` : ''}${hashPath === null ? '' : `#${hashPath}${hq ? `?${hq}` : ''}`}`;
}

// §4 sign-in handoff: accept when the org key equals the supplied key, else the user session is cleared
export function bridgeAccepted(data: BridgeData, storedKeyForOrgApp: string | null | undefined): boolean {
  return Boolean(storedKeyForOrgApp) && storedKeyForOrgApp === data.key;
}

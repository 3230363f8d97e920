// Addresses in menu entries (§2 menu-driven routes, §3 menu entry extraInfo; issue 27 finding 7). An entry's url
// (or meta.url) opens in an embedded frame and its badgeConfig.url is called for a count: each is an http(s)
// address or a path of the console itself, never javascript:, data: or any other scheme. A frame shows a page
// of the console's own origin or of a host the org allowed in its config (FRAME_HOSTS_PATH): any https page of the
// web is not an org's menu.

/** Org config path (§3 org config, PUT /v1/config/org) listing the hosts an org's menu may embed: ["report.example.cn", "*.edu.cn"]. */
export const FRAME_HOSTS_PATH = 'frameAllowedHosts';
export const FRAME_HOSTS_MAX = 50;

export const MENU_URL_TEXT = {
  badScheme: '菜单地址只能是 http(s) 网址或本系统的路径',
  // written out (FRAME_HOSTS_PATH, FRAME_HOSTS_MAX) so the server text catalogue finds them as they are sent
  hostNotAllowed: (host: string) => `嵌入页面的域名 ${host} 不在本机构允许的列表中（机构配置 frameAllowedHosts）`,
  badHosts: 'frameAllowedHosts 应为域名列表（最多 50 个，可用 *. 开头表示其子域名）',
} as const;

// a host name or *.host name, with an optional port
const HOST = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

/** Why a value cannot be the org's list of frame hosts (null: it can). */
export function frameHostsProblem(value: unknown): string | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length > FRAME_HOSTS_MAX) return MENU_URL_TEXT.badHosts;
  return value.every((h) => typeof h === 'string' && h.length <= 253 && HOST.test(h)) ? null : MENU_URL_TEXT.badHosts;
}

/** The hosts of a stored org config value (anything else: none). */
export const frameHostsOf = (value: unknown): string[] => (frameHostsProblem(value) === null && Array.isArray(value) ? value as string[] : []);

/** A path of the console itself: one leading slash (// is another host), no backslash a browser reads as one. */
const ownPath = (s: string) => s.startsWith('/') && !s.startsWith('//') && !s.includes('\\');

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((a) => {
    const x = a.toLowerCase();
    return x.startsWith('*.') ? h.endsWith(x.slice(1)) && h.length > x.length - 1 : h === x;
  });
}

/**
 * Why an address cannot be in a menu entry (null: it can). `frame`: it is shown in an embedded frame, so its host
 * must be the console's own (`ownHost`, host[:port] the request came to) or one the org allowed.
 */
export function menuUrlProblem(url: string, opts: { frame: boolean; ownHost: string; allowedHosts: readonly string[] }): string | null {
  const s = url.trim();
  if (s === '' || ownPath(s)) return null;
  let parsed: URL;
  try {
    parsed = new URL(s);
  } catch {
    return MENU_URL_TEXT.badScheme;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return MENU_URL_TEXT.badScheme;
  if (!opts.frame) return null;
  if (parsed.host.toLowerCase() === opts.ownHost.toLowerCase() || hostAllowed(parsed.host, opts.allowedHosts)) return null;
  return MENU_URL_TEXT.hostNotAllowed(parsed.host);
}

/** Why a menu entry's extraInfo cannot be stored (null: it can): its url, meta.url (frames) and badgeConfig.url. */
export function menuExtraInfoProblem(extraInfo: unknown, opts: { ownHost: string; allowedHosts: readonly string[] }): string | null {
  if (!extraInfo || typeof extraInfo !== 'object') return null;
  const e = extraInfo as { url?: unknown; meta?: { url?: unknown }; badgeConfig?: { url?: unknown } };
  const meta = e.meta && typeof e.meta === 'object' ? e.meta : {};
  const badge = e.badgeConfig && typeof e.badgeConfig === 'object' ? e.badgeConfig : {};
  const checks: [unknown, boolean][] = [[e.url, true], [meta.url, true], [badge.url, false]];
  for (const [value, frame] of checks) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return MENU_URL_TEXT.badScheme;
    const problem = menuUrlProblem(value, { frame, ...opts });
    if (problem) return problem;
  }
  return null;
}

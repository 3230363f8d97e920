import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { buildMenuTree, flattenRoutes, menuToRoutes, resolveHome, serverTitle, type MenuNode, type MenuRoute } from '../../domain/menuTree.ts';
import type { MenuEntry } from '../../domain/types.ts';
import { getScreen, type ScreenEntry } from '../screens/registry.ts';
import { normalisePath } from '../../domain/routePath.ts';

// What the shell shows for a path, decided from the server menu (§2 menu-driven routes) and the registry.

export const HOME_PATH = '/home';

export type FixedView = 'quickEntry' | 'orderCenter' | 'addCanteen' | 'comingSoon';

export type Resolved =
  | { kind: 'home'; path: string; title: string; moduleId: string | null; url?: string; login?: boolean }
  | { kind: 'screen'; path: string; title: string; moduleId: string; screenKey: string; screen?: ScreenEntry }
  | { kind: 'frame'; path: string; title: string; moduleId: string; url: string; login: boolean }
  | { kind: 'fixed'; path: string; title: MessageDescriptor; view: FixedView }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound'; path: string };

// §2 fixed children of home (not menu-driven) that live inside the main layout
const FIXED: Record<string, { title: MessageDescriptor; view: FixedView }> = {
  '/quickEntry': { title: msg`快捷入口`, view: 'quickEntry' },
  '/orderCenter': { title: msg`订单中心`, view: 'orderCenter' },
  '/addCanteen': { title: msg`添加学校`, view: 'addCanteen' },
  '/shareFriends': { title: msg`分享好友`, view: 'comingSoon' },
  '/groupon': { title: msg`团购`, view: 'comingSoon' },
  '/recommend': { title: msg`推荐有礼`, view: 'comingSoon' },
  '/recommend/share': { title: msg`推荐分享`, view: 'comingSoon' },
};

const SHELL_COMPONENTS = new Set(['main', 'parentView', 'iframe', 'iframeLogin']);

/** The first page below a route (a group opens its first screen). */
function firstLeaf(route: MenuRoute): MenuRoute {
  let r = route;
  while (r.children.length) r = r.children[0];
  return r;
}

export interface ShellModel {
  tree: MenuNode[];
  routes: MenuRoute[];
  homeTitle: string | null;
  /** the path a menu node opens */
  pathOf: (node: MenuNode) => string;
  resolve: (path: string) => Resolved;
  /** an entry's name in the user's language */
  titleOf: (entry: MenuEntry) => string;
  /** the moduleId of the menu item to highlight for a path */
  moduleOf: (path: string) => string | null;
}

/**
 * `titleOf` names an entry in the user's language (menuTitle); by default the server's own name.
 */
export function buildShellModel(entries: readonly MenuEntry[], titleOf: (entry: MenuEntry) => string = serverTitle): ShellModel {
  const routes = menuToRoutes(entries);
  const flat = flattenRoutes(routes);
  const tree = buildMenuTree(entries);
  const home = resolveHome(entries);
  // a wrapped entry and its _children route share a path: the deeper one (listed later) wins
  const byPath = new Map<string, MenuRoute>();
  for (const r of flat) byPath.set(normalisePath(r.path), r);
  const pathByModule = new Map<string, string>();
  for (const r of flat) if (!pathByModule.has(r.entry.moduleId)) pathByModule.set(r.entry.moduleId, r.path);

  const homeResolved = (): Resolved => ({
    kind: 'home',
    path: HOME_PATH,
    title: home ? titleOf(home.entry) : '',
    moduleId: home?.entry.moduleId ?? null,
    ...(home?.url ? { url: home.url, login: Boolean(home.entry.extraInfo.login) } : {}),
  });

  const resolveRoute = (r: MenuRoute, path: string): Resolved => {
    if (home && r.entry.id === home.entry.id) return path === HOME_PATH ? homeResolved() : { kind: 'redirect', to: HOME_PATH };
    if ((r.kind === 'frame' || r.kind === 'frameLogin') && r.url) {
      return { kind: 'frame', path, title: titleOf(r.entry), moduleId: r.entry.moduleId, url: r.url, login: r.kind === 'frameLogin' };
    }
    const leaf = firstLeaf(r);
    if (leaf !== r && normalisePath(leaf.path) !== path) return { kind: 'redirect', to: normalisePath(leaf.path) };
    if (leaf !== r) return resolveRoute(leaf, path);
    const candidates = [r.component, r.name.replace(/_children$/, ''), r.entry.moduleId];
    const screen = candidates.map((k) => getScreen(k)).find((s) => s && !s.structural);
    const screenKey = screen?.key ?? candidates.find((k) => k && !SHELL_COMPONENTS.has(k)) ?? r.entry.moduleId;
    return { kind: 'screen', path, title: titleOf(r.entry), moduleId: r.entry.moduleId, screenKey, ...(screen ? { screen } : {}) };
  };

  const resolve = (rawPath: string): Resolved => {
    const path = normalisePath(rawPath);
    if (path === '/') return { kind: 'redirect', to: HOME_PATH };
    if (path === HOME_PATH) return homeResolved();
    const route = byPath.get(path);
    if (route) return resolveRoute(route, path);
    const fixed = FIXED[path];
    if (fixed) return { kind: 'fixed', path, ...fixed };
    return { kind: 'notFound', path };
  };

  return {
    tree,
    routes,
    homeTitle: home ? titleOf(home.entry) : null,
    pathOf: (node) => normalisePath(pathByModule.get(node.moduleId) ?? `/${node.extraInfo.name || node.moduleId}`),
    resolve,
    titleOf,
    moduleOf: (path) => {
      const r = resolve(path);
      return r.kind === 'screen' || r.kind === 'frame' || r.kind === 'home' ? r.moduleId : null;
    },
  };
}

/** §2 the frame variant with login passes the session to the embedded page. */
export function frameUrl(url: string, login: boolean, accesstoken: string | undefined, key: string | undefined): string {
  if (!login) return url;
  try {
    const u = new URL(url, window.location.href);
    u.searchParams.set('accesstoken', accesstoken ?? '');
    u.searchParams.set('key', key ?? '');
    return u.href;
  } catch {
    const sep = url.includes('?') ? '&' : '?';
    return `${url}${sep}accesstoken=${encodeURIComponent(accesstoken ?? '')}&key=${encodeURIComponent(key ?? '')}`;
  }
}

import type { MenuEntry } from './types.ts';

export type MenuNode = MenuEntry & { children: MenuNode[] };

export type MenuRouteKind = 'page' | 'layout' | 'frame' | 'frameLogin';

export interface MenuRoute {
  /** the entry's moduleId (a wrapped page's inner route: moduleId + '_children') */
  key: string;
  /** absolute path */
  path: string;
  name: string;
  component: string;
  kind: MenuRouteKind;
  url?: string;
  title: string;
  icon?: string;
  parentId: string;
  children: MenuRoute[];
  entry: MenuEntry;
}

const TOP_LEVEL = '-1';
const MAIN_LAYOUT = 'main';
const idOrder = new Intl.Collator(undefined, { numeric: true });

// §2 children are ordered by sort then id
export function sortMenu<E extends MenuEntry>(entries: readonly E[]): E[] {
  return [...entries].sort((a, b) => a.sort - b.sort || idOrder.compare(a.id, b.id));
}

/**
 * §2 children nest by parentId (a parent's moduleId; '-1' is top level). Disabled entries, and entries whose
 * parent is missing or disabled, are left out: they could not be reached through the menu.
 */
export function buildMenuTree(entries: readonly MenuEntry[]): MenuNode[] {
  const nodes = sortMenu(entries.filter((e) => e.enable !== false)).map((e): MenuNode => ({ ...e, children: [] }));
  const byModule = new Map(nodes.map((n) => [n.moduleId, n]));
  const roots: MenuNode[] = [];
  for (const node of nodes) {
    if (node.parentId === TOP_LEVEL) roots.push(node);
    else byModule.get(node.parentId)?.children.push(node);
  }
  return roots;
}

const routeName = (e: MenuEntry) => e.extraInfo.name || e.moduleId;

/** extraInfo.path, else /name; a relative path is joined to the parent's path. */
function routePath(e: MenuEntry, parentPath: string): string {
  const own = e.extraInfo.path || `/${routeName(e)}`;
  if (own.startsWith('/')) return own;
  return `${parentPath.replace(/\/+$/, '')}/${own}`;
}

// §2 an entry with a url shows in an embedded frame; a separate variant when extraInfo.login is set
function kindOf(e: MenuEntry): MenuRouteKind {
  if (e.extraInfo.url) return e.extraInfo.login ? 'frameLogin' : 'frame';
  return e.extraInfo.component === MAIN_LAYOUT ? 'layout' : 'page';
}

/** An entry's own name as the server gives it: its meta title, else its module name. */
export const serverTitle = (entry: Pick<MenuEntry, 'moduleName' | 'extraInfo'>): string => entry.extraInfo.meta?.title || entry.moduleName;

function toRoute(node: MenuNode, parentPath: string): MenuRoute {
  const path = routePath(node, parentPath);
  const { extraInfo } = node;
  const { children: _children, ...entry } = node;
  return {
    key: node.moduleId,
    path,
    name: routeName(node),
    component: extraInfo.component ?? '',
    kind: kindOf(node),
    ...(extraInfo.url ? { url: extraInfo.url } : {}),
    title: serverTitle(node),
    ...(extraInfo.meta?.icon ? { icon: extraInfo.meta.icon } : {}),
    parentId: node.parentId,
    children: node.children.map((c) => toRoute(c, path)),
    entry,
  };
}

// §2 menu-driven routes: a top-level entry naming a main or home component is its own route; any other
// top-level entry is wrapped in the main layout with a child route named after it plus _children.
export function menuToRoutes(entries: readonly MenuEntry[]): MenuRoute[] {
  return buildMenuTree(entries).map((node) => {
    const route = toRoute(node, '');
    const component = node.extraInfo.component;
    if (component === MAIN_LAYOUT || component === 'home') return route;
    const inner: MenuRoute = { ...route, key: `${route.key}_children`, name: `${route.name}_children` };
    const { url: _url, ...outer } = route;
    return { ...outer, component: MAIN_LAYOUT, kind: 'layout', children: [inner] };
  });
}

/** Every route of the tree, parents before their children. */
export function flattenRoutes(routes: readonly MenuRoute[]): MenuRoute[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children)]);
}

export interface HomeResolution {
  path: string;
  entry: MenuEntry;
  /** set when home is an embedded page (extraInfo.url or meta.url) */
  url?: string;
}

// §2 the home component is the entry named home, else standard_home or one flagged isStandardHome
// (lowest sort); it may be a frame with a meta url.
export function resolveHome(entries: readonly MenuEntry[]): HomeResolution | null {
  const candidates = sortMenu(entries.filter((e) => e.enable !== false));
  const home =
    candidates.find((e) => e.extraInfo.name === 'home') ??
    candidates.find((e) => e.extraInfo.name === 'standard_home' || e.extraInfo.meta?.isStandardHome === true);
  if (!home) return null;
  const route = flattenRoutes(menuToRoutes(entries)).find((r) => r.entry.id === home.id);
  const url = home.extraInfo.url || (typeof home.extraInfo.meta?.url === 'string' ? home.extraInfo.meta.url : '');
  return { path: route?.path ?? routePath(home, ''), entry: home, ...(url ? { url } : {}) };
}

import { describe, it, expect } from 'vitest';
import { buildMenuTree, flattenRoutes, menuToRoutes, resolveHome, sortMenu } from '../../../domain/menuTree.ts';
import type { MenuEntry, MenuExtraInfo } from '../../../domain/types.ts';

function entry(id: string, parentId: string, sort: number, extraInfo: MenuExtraInfo = {}, more: Partial<MenuEntry> = {}): MenuEntry {
  return { id, moduleId: `m${id}`, parentId, moduleName: `Module ${id}`, groupName: 'pcMenu', sort, enable: true, extraInfo, ...more };
}

describe('sortMenu (§2)', () => {
  it('orders by sort then id, comparing ids as numbers', () => {
    const sorted = sortMenu([entry('10', '-1', 1), entry('9', '-1', 1), entry('1', '-1', 2), entry('2', '-1', 0)]);
    expect(sorted.map((e) => e.id)).toEqual(['2', '9', '10', '1']);
  });
});

describe('buildMenuTree (§2)', () => {
  it('nests children under their parent moduleId in order', () => {
    const tree = buildMenuTree([entry('3', 'm1', 2), entry('1', '-1', 1), entry('2', 'm1', 1), entry('4', '-1', 0)]);
    expect(tree.map((n) => n.id)).toEqual(['4', '1']);
    expect(tree[1].children.map((n) => n.id)).toEqual(['2', '3']);
  });
  it('leaves out disabled entries and their descendants', () => {
    const tree = buildMenuTree([entry('1', '-1', 1, {}, { enable: false }), entry('2', 'm1', 1), entry('3', '-1', 2)]);
    expect(tree.map((n) => n.id)).toEqual(['3']);
  });
});

describe('menuToRoutes (§2)', () => {
  const menu = [
    entry('1', '-1', 1, { name: 'system', component: 'main', meta: { title: 'System', icon: 'gear' } }),
    entry('2', 'm1', 1, { name: 'roleList', component: 'roleList' }),
    entry('3', 'm1', 2, { name: 'report', path: 'reports', url: 'https://r.example/' }),
    entry('4', '-1', 2, { name: 'orders', component: 'orderList', path: '/orders' }),
    entry('5', '-1', 3, { name: 'bi', url: 'https://bi.example/', login: true }),
    entry('6', '-1', 0, { name: 'home', component: 'home' }),
  ];
  const routes = menuToRoutes(menu);

  it('keeps main and home top-level entries as their own route', () => {
    expect(routes.map((r) => r.name)).toEqual(['home', 'system', 'orders', 'bi']);
    const system = routes[1];
    expect(system).toMatchObject({ key: 'm1', path: '/system', kind: 'layout', component: 'main', title: 'System', icon: 'gear', parentId: '-1' });
    expect(system.children.map((c) => c.name)).toEqual(['roleList', 'report']);
    expect(routes[0]).toMatchObject({ name: 'home', component: 'home', path: '/home', children: [] });
  });

  it('wraps other top-level entries in the main layout with a _children route', () => {
    const orders = routes[2];
    expect(orders).toMatchObject({ kind: 'layout', component: 'main', path: '/orders', key: 'm4' });
    expect(orders.children).toHaveLength(1);
    expect(orders.children[0]).toMatchObject({ name: 'orders_children', key: 'm4_children', kind: 'page', component: 'orderList', path: '/orders' });
  });

  it('turns url entries into frames, frameLogin when login is set', () => {
    const bi = routes[3];
    expect(bi.url).toBeUndefined();
    expect(bi.children[0]).toMatchObject({ kind: 'frameLogin', url: 'https://bi.example/', path: '/bi' });
    expect(routes[1].children[1]).toMatchObject({ kind: 'frame', url: 'https://r.example/' });
  });

  it('uses extraInfo.path, joins relative paths to the parent, else /name; title falls back to moduleName', () => {
    expect(routes[1].children[0]).toMatchObject({ path: '/roleList', title: 'Module 2', entry: { id: '2' } });
    expect(routes[1].children[1].path).toBe('/system/reports');
  });

  it('flattens parents before children', () => {
    expect(flattenRoutes(routes).map((r) => r.name)).toEqual([
      'home', 'system', 'roleList', 'report', 'orders', 'orders_children', 'bi', 'bi_children',
    ]);
  });
});

describe('resolveHome (§2)', () => {
  it('prefers the entry named home', () => {
    const menu = [entry('1', '-1', 0, { name: 'standard_home' }), entry('2', '-1', 5, { name: 'home', component: 'home' })];
    expect(resolveHome(menu)).toMatchObject({ path: '/home', entry: { id: '2' } });
  });
  it('else takes standard_home or an isStandardHome entry with the lowest sort', () => {
    const menu = [
      entry('1', '-1', 4, { name: 'standard_home' }),
      entry('2', '-1', 2, { name: 'dash', path: '/dash', meta: { isStandardHome: true, url: 'https://d.example/' } }),
      entry('3', '-1', 1, { name: 'other' }),
    ];
    expect(resolveHome(menu)).toEqual({ path: '/dash', entry: menu[1], url: 'https://d.example/' });
  });
  it('is null when the menu has no home', () => {
    expect(resolveHome([entry('1', '-1', 0, { name: 'orders' })])).toBeNull();
  });
});

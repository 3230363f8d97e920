import type { Category } from '../../../../services/mall/catalogue.ts';

export interface CategoryNode { category: Category; depth: number; siblings: Category[]; index: number }

/** §3/§7 categories as a tree (parentId -1 is top level), children ordered by sort then id, flattened depth-first. */
export function flattenCategories(rows: readonly Category[]): CategoryNode[] {
  const byParent = new Map<string, Category[]>();
  for (const c of rows) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
  for (const list of byParent.values()) list.sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id));
  const ids = new Set(rows.map((c) => c.id));
  const out: CategoryNode[] = [];
  const walk = (parentId: string, depth: number) => {
    const siblings = byParent.get(parentId) ?? [];
    siblings.forEach((category, index) => {
      out.push({ category, depth, siblings, index });
      if (depth < 10) walk(category.id, depth + 1);
    });
  };
  walk('-1', 0);
  // orphans (parent deleted; the walk from the top never reaches them) show at the top level
  for (const c of rows) if (c.parentId !== '-1' && !ids.has(c.parentId)) out.push({ category: c, depth: 0, siblings: [c], index: 0 });
  return out;
}

/** New sorts after moving `id` one step up (-1) or down (+1) among its siblings: 10, 20, 30 … */
export function reorder(siblings: readonly Category[], id: string, step: -1 | 1): { id: string; sort: number }[] {
  const list = [...siblings];
  const i = list.findIndex((c) => c.id === id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= list.length) return [];
  [list[i], list[j]] = [list[j], list[i]];
  return list.map((c, k) => ({ id: c.id, sort: (k + 1) * 10 })).filter((c) => siblings.find((s) => s.id === c.id)!.sort !== c.sort);
}

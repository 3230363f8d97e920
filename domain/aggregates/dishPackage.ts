// §2 packageManage (issue 9): a set meal (套餐) of an org — a name, a package category (a menuCategory category
// flagged isPackage, tied to one §9 age range), tags (packageTag) and its dishes with portions. One stream per
// package (`dishPackage-<id>`). Facts held elsewhere come in the command: whether the category is one of the
// org's live package categories, and which dish ids the org lacks.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { changedFields, withChanges } from './changes.ts';
import { AGE_RANGES } from '../constants.ts';

export const PACKAGE_LIMITS = { nameMax: 50, dishes: 30, portionsMax: 10, tags: 20, tagMax: 30, noteMax: 1000 } as const;

/** §9 package categories are tied to an age range: kept in the category's extraInfo.ageRange. */
export type AgeRange = (typeof AGE_RANGES)[number];
export const isAgeRange = (v: unknown): v is AgeRange => typeof v === 'string' && (AGE_RANGES as readonly string[]).includes(v);

export interface PackageDish { dishId: string; portions: number }
export interface PackageFields { name: string; categoryId: string; tags: string[]; dishes: PackageDish[]; note: string }

export type DishPackageCreated = { packageId: string } & PackageFields;
export type DishPackageUpdated = { packageId: string } & Partial<PackageFields>;
export interface DishPackageRemoved { packageId: string }

export type DishPackageEvent =
  | DomainEvent<'DishPackageCreated', DishPackageCreated>
  | DomainEvent<'DishPackageUpdated', DishPackageUpdated>
  | DomainEvent<'DishPackageRemoved', DishPackageRemoved>;

export type DishPackageCommand =
  | { type: 'CreateDishPackage'; packageId: string; fields: Pick<PackageFields, 'name' | 'categoryId' | 'dishes'> & Partial<PackageFields>; categoryExists: boolean; unknownDishes: string[] }
  | { type: 'UpdateDishPackage'; packageId: string; change: Partial<PackageFields>; categoryExists: boolean; unknownDishes: string[] }
  | { type: 'RemoveDishPackage'; packageId: string };

export interface DishPackageState { status: 'none' | 'live' | 'removed'; pkg: PackageFields | null }

export const PACKAGE_TEXT = {
  notFound: '套餐不存在',
  exists: '套餐已存在',
  nameEmpty: '套餐名称不能为空',
  nameLong: `套餐名称不能超过 ${PACKAGE_LIMITS.nameMax} 个字`,
  category: '套餐分类不存在',
  noDishes: '套餐至少包含一道菜品',
  tooManyDishes: `每个套餐最多 ${PACKAGE_LIMITS.dishes} 道菜品`,
  portions: (n: number) => `第 ${n} 道菜品的份数须大于 0 且不超过 ${PACKAGE_LIMITS.portionsMax}`,
  duplicate: (id: string) => `菜品重复：${id}`,
  unknownDish: (ids: readonly string[]) => `菜品不存在：${ids.join('、')}`,
  tags: `标签最多 ${PACKAGE_LIMITS.tags} 项，每项不超过 ${PACKAGE_LIMITS.tagMax} 个字`,
  note: `说明不能超过 ${PACKAGE_LIMITS.noteMax} 个字`,
} as const;

export function packageProblems(p: PackageFields, facts: { categoryExists: boolean; unknownDishes: readonly string[] }): string[] {
  const out: string[] = [];
  const name = p.name.trim();
  if (!name) out.push(PACKAGE_TEXT.nameEmpty);
  else if (name.length > PACKAGE_LIMITS.nameMax) out.push(PACKAGE_TEXT.nameLong);
  if (!facts.categoryExists) out.push(PACKAGE_TEXT.category);
  if (!p.dishes.length) out.push(PACKAGE_TEXT.noDishes);
  if (p.dishes.length > PACKAGE_LIMITS.dishes) out.push(PACKAGE_TEXT.tooManyDishes);
  const seen = new Set<string>();
  p.dishes.forEach((d, i) => {
    if (!(typeof d.portions === 'number' && Number.isFinite(d.portions) && d.portions > 0 && d.portions <= PACKAGE_LIMITS.portionsMax)) out.push(PACKAGE_TEXT.portions(i + 1));
    if (seen.has(d.dishId)) out.push(PACKAGE_TEXT.duplicate(d.dishId));
    seen.add(d.dishId);
  });
  if (facts.unknownDishes.length) out.push(PACKAGE_TEXT.unknownDish(facts.unknownDishes));
  if (p.tags.length > PACKAGE_LIMITS.tags || p.tags.some((t) => !t.trim() || t.length > PACKAGE_LIMITS.tagMax)) out.push(PACKAGE_TEXT.tags);
  if (p.note.length > PACKAGE_LIMITS.noteMax) out.push(PACKAGE_TEXT.note);
  return out;
}

const invalid = (reasons: string[]) => refuse('invalid', `参数错误：${reasons.join('；')}`, reasons);

function tidy<T extends Partial<PackageFields>>(f: T): T {
  return {
    ...f,
    ...(f.name !== undefined && { name: f.name.trim() }),
    ...(f.tags !== undefined && { tags: [...new Set(f.tags.map((t) => t.trim()).filter(Boolean))] }),
    ...(f.dishes !== undefined && { dishes: f.dishes.map((d) => ({ dishId: d.dishId, portions: d.portions })) }),
  };
}

export const dishPackageDecider: Decider<DishPackageCommand, DishPackageState, DishPackageEvent> = {
  initialState: () => ({ status: 'none', pkg: null }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateDishPackage': {
        if (state.status !== 'none') return refuse('conflict', PACKAGE_TEXT.exists);
        const f = command.fields;
        const pkg: PackageFields = tidy({ name: f.name, categoryId: f.categoryId, tags: f.tags ?? [], dishes: f.dishes, note: f.note ?? '' });
        const problems = packageProblems(pkg, command);
        if (problems.length) return invalid(problems);
        return [{ type: 'DishPackageCreated', data: { packageId: command.packageId, ...pkg } }];
      }
      case 'UpdateDishPackage': {
        if (state.status !== 'live' || !state.pkg) return refuse('notFound', PACKAGE_TEXT.notFound);
        const change = tidy(command.change);
        const next = withChanges(state.pkg, change);
        // the category is checked only when it changes, the dishes only when they change (the handler passes their facts)
        const problems = packageProblems(next, {
          categoryExists: change.categoryId === undefined || change.categoryId === state.pkg.categoryId || command.categoryExists, unknownDishes: command.unknownDishes,
        });
        if (problems.length) return invalid(problems);
        const differs = changedFields(state.pkg, change);
        return Object.keys(differs).length ? [{ type: 'DishPackageUpdated', data: { packageId: command.packageId, ...differs } }] : [];
      }
      case 'RemoveDishPackage':
        if (state.status !== 'live') return refuse('notFound', PACKAGE_TEXT.notFound);
        return [{ type: 'DishPackageRemoved', data: { packageId: command.packageId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DishPackageCreated': {
        const { packageId: _, ...pkg } = event.data;
        return { status: 'live', pkg };
      }
      case 'DishPackageUpdated': {
        const { packageId: _, ...change } = event.data;
        return { ...state, pkg: state.pkg ? withChanges(state.pkg, change) : null };
      }
      case 'DishPackageRemoved':
        return { status: 'removed', pkg: null };
    }
  },
};

export const dishPackageStream = (packageId: string) => `dishPackage-${packageId}`;

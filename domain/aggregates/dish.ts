// §2 menuManage (issue 9): a dish of an org — name, recipe category (menuCategory), tags (menuTag), audience
// (menuPeople), season, allergens, cooking note, photo and its ingredient lines (grams per portion, read as net or
// gross per dosageMode). One stream per dish (`dish-<id>`). Facts held elsewhere come in the command: whether
// the category is one of the org's live menuCategory categories, and which foodIds the org's library lacks.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { changedFields, withChanges } from './changes.ts';
import { DEFAULT_DOSAGE_MODE, SEASONS } from '../constants.ts';
import { DOSAGE_MODES, type DosageMode } from '../nutrition.ts';

/** §3 the category group the recipe categories (§9 主食 … 乳品) of dishes belong to. */
export const DISH_CATEGORY_GROUP = 'menuCategory';

/** Limits of a dish. A portion of one ingredient above 2 kg is a typing error, not a school portion. */
export const DISH_LIMITS = {
  nameMax: 50,
  lines: 60,
  weightMaxGrams: 2000,
  listItems: 20,
  listItemMax: 30,
  noteMax: 2000,
  photoMax: 1000,
} as const;

export interface DishLine { foodId: string; weight: number }

export interface DishFields {
  name: string;
  categoryId: string;
  tags: string[];
  /** §3 recipe audience (menuPeople) */
  people: string[];
  /** §9 season 春夏秋冬, or none */
  season: string | null;
  allergens: string[];
  note: string;
  photo: string | null;
  dosageMode: DosageMode;
  lines: DishLine[];
}

export type DishCreated = { dishId: string } & DishFields;
export type DishUpdated = { dishId: string } & Partial<DishFields>;
export interface DishRemoved { dishId: string }

export type DishEvent =
  | DomainEvent<'DishCreated', DishCreated>
  | DomainEvent<'DishUpdated', DishUpdated>
  | DomainEvent<'DishRemoved', DishRemoved>;

export type DishCommand =
  /** `categoryExists`: the category is a live menuCategory of the org; `unknownFoods`: line foodIds the org's library lacks */
  | { type: 'CreateDish'; dishId: string; fields: Omit<DishFields, 'dosageMode' | 'tags' | 'people' | 'allergens' | 'note' | 'photo' | 'season'> & Partial<DishFields>; categoryExists: boolean; unknownFoods: string[] }
  | { type: 'UpdateDish'; dishId: string; change: Partial<DishFields>; categoryExists: boolean; unknownFoods: string[] }
  /** `packagesUsing`: the org's set meals that hold the dish */
  | { type: 'RemoveDish'; dishId: string; packagesUsing?: number };

export interface DishState {
  status: 'none' | 'live' | 'removed';
  dish: DishFields | null;
}

export const DISH_TEXT = {
  notFound: '菜品不存在',
  exists: '菜品已存在',
  nameEmpty: '菜品名称不能为空',
  nameLong: `菜品名称不能超过 ${DISH_LIMITS.nameMax} 个字`,
  category: '菜品分类不存在',
  tooManyLines: `每个菜品最多 ${DISH_LIMITS.lines} 种食材`,
  weight: (n: number) => `第 ${n} 行食材的用量须大于 0 且不超过 ${DISH_LIMITS.weightMaxGrams} 克`,
  duplicate: (foodId: string) => `食材重复：${foodId}`,
  unknownFood: (ids: readonly string[]) => `食材不存在：${ids.join('、')}`,
  season: `季节须为 ${SEASONS.join('、')} 之一`,
  dosageMode: `用量方式须为 ${DOSAGE_MODES.join(' 或 ')}`,
  list: (what: string) => `${what}最多 ${DISH_LIMITS.listItems} 项，每项不超过 ${DISH_LIMITS.listItemMax} 个字`,
  note: `做法说明不能超过 ${DISH_LIMITS.noteMax} 个字`,
  inPackages: (n: number) => `该菜品已在 ${n} 个套餐中，请先从套餐中移除`,
} as const;

/** Every reason a dish's fields are refused; empty = acceptable. */
export function dishProblems(d: DishFields, facts: { categoryExists: boolean; unknownFoods: readonly string[] }): string[] {
  const out: string[] = [];
  const name = d.name.trim();
  if (!name) out.push(DISH_TEXT.nameEmpty);
  else if (name.length > DISH_LIMITS.nameMax) out.push(DISH_TEXT.nameLong);
  if (!facts.categoryExists) out.push(DISH_TEXT.category);
  if (d.lines.length > DISH_LIMITS.lines) out.push(DISH_TEXT.tooManyLines);
  const seen = new Set<string>();
  d.lines.forEach((l, i) => {
    if (!(typeof l.weight === 'number' && Number.isFinite(l.weight) && l.weight > 0 && l.weight <= DISH_LIMITS.weightMaxGrams)) out.push(DISH_TEXT.weight(i + 1));
    if (seen.has(l.foodId)) out.push(DISH_TEXT.duplicate(l.foodId));
    seen.add(l.foodId);
  });
  if (facts.unknownFoods.length) out.push(DISH_TEXT.unknownFood(facts.unknownFoods));
  if (d.season !== null && !(SEASONS as readonly string[]).includes(d.season)) out.push(DISH_TEXT.season);
  if (!(DOSAGE_MODES as readonly string[]).includes(d.dosageMode)) out.push(DISH_TEXT.dosageMode);
  const badList = (xs: string[]) => xs.length > DISH_LIMITS.listItems || xs.some((x) => !x.trim() || x.length > DISH_LIMITS.listItemMax);
  if (badList(d.tags)) out.push(DISH_TEXT.list('标签'));
  if (badList(d.people)) out.push(DISH_TEXT.list('适用人群'));
  if (badList(d.allergens)) out.push(DISH_TEXT.list('过敏原'));
  if (d.note.length > DISH_LIMITS.noteMax) out.push(DISH_TEXT.note);
  return out;
}

const invalid = (reasons: string[]) => refuse('invalid', `参数错误：${reasons.join('；')}`, reasons);

/** Names and list items trimmed, empty list items dropped, repeated ones once. */
function tidy<T extends Partial<DishFields>>(f: T): T {
  const list = (xs: string[] | undefined) => (xs === undefined ? undefined : [...new Set(xs.map((x) => x.trim()).filter(Boolean))]);
  return {
    ...f,
    ...(f.name !== undefined && { name: f.name.trim() }),
    ...(f.tags !== undefined && { tags: list(f.tags) }),
    ...(f.people !== undefined && { people: list(f.people) }),
    ...(f.allergens !== undefined && { allergens: list(f.allergens) }),
    ...(f.lines !== undefined && { lines: f.lines.map((l) => ({ foodId: l.foodId, weight: l.weight })) }),
  };
}

export const dishDecider: Decider<DishCommand, DishState, DishEvent> = {
  initialState: () => ({ status: 'none', dish: null }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateDish': {
        if (state.status !== 'none') return refuse('conflict', DISH_TEXT.exists);
        const f = command.fields;
        const dish: DishFields = tidy({
          name: f.name, categoryId: f.categoryId, tags: f.tags ?? [], people: f.people ?? [], season: f.season ?? null, allergens: f.allergens ?? [],
          note: f.note ?? '', photo: f.photo ?? null, dosageMode: f.dosageMode ?? (DEFAULT_DOSAGE_MODE as DosageMode), lines: f.lines,
        });
        const problems = dishProblems(dish, command);
        if (problems.length) return invalid(problems);
        return [{ type: 'DishCreated', data: { dishId: command.dishId, ...dish } }];
      }
      case 'UpdateDish': {
        if (state.status !== 'live' || !state.dish) return refuse('notFound', DISH_TEXT.notFound);
        const change = tidy(command.change);
        const next = withChanges(state.dish, change);
        // the category is checked only when it changes: a dish keeps a category disabled after it was chosen
        const problems = dishProblems(next, { categoryExists: change.categoryId === undefined || change.categoryId === state.dish.categoryId || command.categoryExists, unknownFoods: command.unknownFoods });
        if (problems.length) return invalid(problems);
        const differs = changedFields(state.dish, change);
        // the same values again record nothing
        return Object.keys(differs).length ? [{ type: 'DishUpdated', data: { dishId: command.dishId, ...differs } }] : [];
      }
      case 'RemoveDish':
        if (state.status !== 'live') return refuse('notFound', DISH_TEXT.notFound);
        if ((command.packagesUsing ?? 0) > 0) return refuse('conflict', DISH_TEXT.inPackages(command.packagesUsing ?? 0));
        return [{ type: 'DishRemoved', data: { dishId: command.dishId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DishCreated': {
        const { dishId: _, ...dish } = event.data;
        return { status: 'live', dish };
      }
      case 'DishUpdated': {
        const { dishId: _, ...change } = event.data;
        return { ...state, dish: state.dish ? withChanges(state.dish, change) : null };
      }
      case 'DishRemoved':
        return { status: 'removed', dish: null };
    }
  },
};

export const dishStream = (dishId: string) => `dish-${dishId}`;

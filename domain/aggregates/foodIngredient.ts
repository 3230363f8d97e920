// §2 localFoodIngredientsManage (issue 9): one org's own ingredient, or its override of a platform food, as an
// aggregate. One stream per org and food (`foodIngredient-<orgId>-<foodId>`): the same platform food is
// overridden separately by each org. Facts the handler looks up come in the command: whether the foodId is a
// platform food, how many of the org's dishes use the ingredient.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { changedFields, sameJson } from './changes.ts';
import { ingredientProblems, type IngredientFields } from '../ingredients.ts';

export type IngredientKind = 'local' | 'override';

export interface FoodIngredientSet { foodId: string; kind: IngredientKind; fields: IngredientFields }
export interface FoodIngredientChanged { foodId: string; fields: IngredientFields }
export interface FoodIngredientRemoved { foodId: string }

export type FoodIngredientEvent =
  | DomainEvent<'FoodIngredientSet', FoodIngredientSet>
  | DomainEvent<'FoodIngredientChanged', FoodIngredientChanged>
  | DomainEvent<'FoodIngredientRemoved', FoodIngredientRemoved>;

export type FoodIngredientCommand =
  /** a new local ingredient (`platformFood` false) or a new override (true) */
  | { type: 'SetFoodIngredient'; foodId: string; fields: IngredientFields; platformFood: boolean }
  /** changes the fields given; for an override a nutrient key set to undefined is not touched */
  | { type: 'ChangeFoodIngredient'; foodId: string; fields: IngredientFields }
  /** `dishesUsing`: the org's dishes whose lines name this local ingredient */
  | { type: 'RemoveFoodIngredient'; foodId: string; dishesUsing: number };

export interface FoodIngredientState {
  status: 'none' | 'live' | 'removed';
  kind: IngredientKind | null;
  fields: IngredientFields;
}

export const INGREDIENT_TEXT = {
  notFound: '本机构没有该食材',
  exists: '该食材已在本机构的食材库中',
  inUse: (n: number) => `该食材已被 ${n} 个菜品使用，请先从菜品中移除`,
  nothing: '参数错误：没有要修改的内容',
} as const;

const invalid = (reasons: string[]) => refuse('invalid', `参数错误：${reasons.join('；')}`, reasons);

/** Fields as stored: names trimmed, nothing undefined. */
function clean(fields: IngredientFields): IngredientFields {
  return {
    ...(fields.nameZh !== undefined && { nameZh: fields.nameZh.trim() }),
    ...(fields.nameEn !== undefined && { nameEn: fields.nameEn.trim() }),
    ...(fields.group !== undefined && { group: fields.group }),
    ...(fields.ediblePortionPct !== undefined && { ediblePortionPct: fields.ediblePortionPct }),
    // issue 28: what a piece and a millilitre weigh (the purchase plan's unit conversion); null = unknown here
    ...(fields.gramsPerPiece !== undefined && { gramsPerPiece: fields.gramsPerPiece }),
    ...(fields.densityGPerMl !== undefined && { densityGPerMl: fields.densityGPerMl }),
    ...(fields.per100g !== undefined && { per100g: Object.fromEntries(Object.entries(fields.per100g).filter(([, v]) => v !== undefined)) }),
  };
}

export const foodIngredientDecider: Decider<FoodIngredientCommand, FoodIngredientState, FoodIngredientEvent> = {
  initialState: () => ({ status: 'none', kind: null, fields: {} }),

  decide(command, state) {
    switch (command.type) {
      case 'SetFoodIngredient': {
        if (state.status === 'live') return refuse('conflict', INGREDIENT_TEXT.exists);
        const kind: IngredientKind = command.platformFood ? 'override' : 'local';
        const problems = ingredientProblems(command.fields, kind);
        if (problems.length) return invalid(problems);
        return [{ type: 'FoodIngredientSet', data: { foodId: command.foodId, kind, fields: clean(command.fields) } }];
      }
      case 'ChangeFoodIngredient': {
        if (state.status !== 'live' || !state.kind) return refuse('notFound', INGREDIENT_TEXT.notFound);
        const fields = clean(command.fields);
        const merged = { ...state.fields, ...fields, per100g: { ...state.fields.per100g, ...fields.per100g } };
        const problems = ingredientProblems(merged, state.kind);
        if (problems.length) return invalid(problems);
        const { per100g: newPer100g, ...rest } = fields;
        const differs: IngredientFields = changedFields(state.fields as Record<string, unknown>, rest as Record<string, unknown>);
        const nutrients = Object.fromEntries(Object.entries(newPer100g ?? {}).filter(([k, v]) => !sameJson(state.fields.per100g?.[k as keyof typeof newPer100g], v)));
        if (Object.keys(nutrients).length) differs.per100g = nutrients;
        // the same values again record nothing
        return Object.keys(differs).length ? [{ type: 'FoodIngredientChanged', data: { foodId: command.foodId, fields: differs } }] : [];
      }
      case 'RemoveFoodIngredient':
        if (state.status !== 'live') return refuse('notFound', INGREDIENT_TEXT.notFound);
        // an override removed leaves the platform food in the dishes' lines; a local one would leave them unknown
        if (state.kind === 'local' && command.dishesUsing > 0) return refuse('conflict', INGREDIENT_TEXT.inUse(command.dishesUsing));
        return [{ type: 'FoodIngredientRemoved', data: { foodId: command.foodId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'FoodIngredientSet':
        return { status: 'live', kind: event.data.kind, fields: event.data.fields };
      case 'FoodIngredientChanged': {
        const { per100g, ...rest } = event.data.fields;
        return { ...state, fields: { ...state.fields, ...rest, ...(per100g && { per100g: { ...state.fields.per100g, ...per100g } }) } };
      }
      case 'FoodIngredientRemoved':
        return { status: 'removed', kind: state.kind, fields: {} };
    }
  },
};

/** The stream of an org's ingredient. */
export const foodIngredientStream = (orgId: string, foodId: string) => `foodIngredient-${orgId}-${foodId}`;

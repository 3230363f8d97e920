// §7 /v4/mall/recipe/exceltpl (issue 9): an org's Excel templates for exporting a week of a recipe cycle (layout,
// title, dosages, weekends). One stream per template ('recipeExcelTemplate-' + id). The built-in template
// (domain/recipeSharing.ts BUILT_IN_EXCEL_TEMPLATE) is not stored and never changes.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { SHARING_TEXT, excelTemplateIdRefusal, excelTemplateRefusal, isBuiltInExcelTemplate, type ExcelTemplateFields } from '../recipeSharing.ts';

export const recipeExcelTemplateStream = (id: string) => `recipeExcelTemplate-${id}`;

export type RecipeExcelTemplateCreated = { id: string } & ExcelTemplateFields;
export type RecipeExcelTemplateUpdated = { id: string } & Partial<ExcelTemplateFields>;
export interface RecipeExcelTemplateRemoved { id: string }

export type RecipeExcelTemplateEvent =
  | DomainEvent<'RecipeExcelTemplateCreated', RecipeExcelTemplateCreated>
  | DomainEvent<'RecipeExcelTemplateUpdated', RecipeExcelTemplateUpdated>
  | DomainEvent<'RecipeExcelTemplateRemoved', RecipeExcelTemplateRemoved>;

export type RecipeExcelTemplateCommand =
  | { type: 'CreateRecipeExcelTemplate'; id: string; fields: ExcelTemplateFields }
  | { type: 'UpdateRecipeExcelTemplate'; id: string; change: Partial<ExcelTemplateFields> }
  | { type: 'RemoveRecipeExcelTemplate'; id: string };

export interface RecipeExcelTemplateState { status: 'none' | 'active' | 'removed'; fields: ExcelTemplateFields }

const tidy = (f: Partial<ExcelTemplateFields>): Partial<ExcelTemplateFields> => ({
  ...(f.name !== undefined && { name: f.name.trim() }),
  ...(f.title !== undefined && { title: f.title.trim() }),
  ...(f.layout !== undefined && { layout: f.layout }),
  ...(f.showDosage !== undefined && { showDosage: f.showDosage }),
  ...(f.showWeekend !== undefined && { showWeekend: f.showWeekend }),
});

/** §5: an empty id is the generic parameter error; the built-in template is refused. */
function idRefusal(id: string) {
  const bad = excelTemplateIdRefusal(id);
  if (bad) return refuse('invalid', bad);
  if (isBuiltInExcelTemplate(id)) return refuse('forbidden', SHARING_TEXT.templateBuiltIn);
  return null;
}

export const recipeExcelTemplateDecider: Decider<RecipeExcelTemplateCommand, RecipeExcelTemplateState, RecipeExcelTemplateEvent> = {
  initialState: () => ({ status: 'none', fields: { name: '', layout: 'mealRows', title: '', showDosage: true, showWeekend: false } }),

  decide(command, state) {
    const badId = idRefusal(command.id);
    if (badId) return badId;
    switch (command.type) {
      case 'CreateRecipeExcelTemplate': {
        if (state.status !== 'none') return refuse('conflict', SHARING_TEXT.templateExists);
        const bad = excelTemplateRefusal(command.fields);
        if (bad) return refuse('invalid', bad);
        return [{ type: 'RecipeExcelTemplateCreated', data: { id: command.id, ...(tidy(command.fields) as ExcelTemplateFields) } }];
      }
      case 'UpdateRecipeExcelTemplate': {
        if (state.status !== 'active') return refuse('notFound', SHARING_TEXT.templateNotFound);
        const bad = excelTemplateRefusal(command.change);
        if (bad) return refuse('invalid', bad);
        const changed = Object.fromEntries(Object.entries(tidy(command.change)).filter(([k, v]) => state.fields[k as keyof ExcelTemplateFields] !== v));
        return Object.keys(changed).length ? [{ type: 'RecipeExcelTemplateUpdated', data: { id: command.id, ...changed } }] : [];
      }
      case 'RemoveRecipeExcelTemplate':
        if (state.status !== 'active') return refuse('notFound', SHARING_TEXT.templateNotFound);
        return [{ type: 'RecipeExcelTemplateRemoved', data: { id: command.id } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RecipeExcelTemplateCreated': {
        const { id: _, ...fields } = event.data;
        return { status: 'active', fields };
      }
      case 'RecipeExcelTemplateUpdated': {
        const { id: _, ...change } = event.data;
        return { ...state, fields: { ...state.fields, ...change } };
      }
      case 'RecipeExcelTemplateRemoved':
        return { ...state, status: 'removed' };
    }
  },
};

import { describe, it } from 'vitest';
import { recipeExcelTemplateDecider, type RecipeExcelTemplateEvent } from '../../../../domain/aggregates/recipeExcelTemplate.ts';
import { BUILT_IN_EXCEL_TEMPLATE, SHARING_TEXT } from '../../../../domain/recipeSharing.ts';
import { given } from '../../../support/decider.ts';

const fields = { name: ' 按天排 ', layout: 'dayRows', title: '', showDosage: false, showWeekend: true } as const;
const created: RecipeExcelTemplateEvent = { type: 'RecipeExcelTemplateCreated', data: { id: 't1', ...fields, name: '按天排' } };

describe('recipe Excel template decider (§5 parameter-error rule)', () => {
  it('creates a template with a tidy name', () => {
    given(recipeExcelTemplateDecider).when({ type: 'CreateRecipeExcelTemplate', id: 't1', fields }).then([created]);
  });
  it('an empty id is the generic parameter error, for every command', () => {
    given(recipeExcelTemplateDecider).when({ type: 'CreateRecipeExcelTemplate', id: '', fields }).thenRefused('invalid', SHARING_TEXT.parameterError);
    given(recipeExcelTemplateDecider, [created]).when({ type: 'UpdateRecipeExcelTemplate', id: ' ', change: { name: 'x' } }).thenRefused('invalid', SHARING_TEXT.parameterError);
    given(recipeExcelTemplateDecider, [created]).when({ type: 'RemoveRecipeExcelTemplate', id: '' }).thenRefused('invalid', SHARING_TEXT.parameterError);
  });
  it('the built-in template is not changed or removed', () => {
    given(recipeExcelTemplateDecider).when({ type: 'UpdateRecipeExcelTemplate', id: BUILT_IN_EXCEL_TEMPLATE.id, change: { name: 'x' } }).thenRefused('forbidden', SHARING_TEXT.templateBuiltIn);
    given(recipeExcelTemplateDecider).when({ type: 'RemoveRecipeExcelTemplate', id: BUILT_IN_EXCEL_TEMPLATE.id }).thenRefused('forbidden');
  });
  it('refuses an empty name, a long title and an unknown layout', () => {
    given(recipeExcelTemplateDecider).when({ type: 'CreateRecipeExcelTemplate', id: 't1', fields: { ...fields, name: '' } }).thenRefused('invalid', SHARING_TEXT.templateNameEmpty);
    given(recipeExcelTemplateDecider).when({ type: 'CreateRecipeExcelTemplate', id: 't1', fields: { ...fields, title: 'x'.repeat(101) } }).thenRefused('invalid', SHARING_TEXT.templateTitleTooLong);
    given(recipeExcelTemplateDecider, [created]).when({ type: 'UpdateRecipeExcelTemplate', id: 't1', change: { layout: 'sideways' as never } }).thenRefused('invalid', SHARING_TEXT.templateBadLayout);
  });
  it('an update records only what changed; removing twice is not found', () => {
    given(recipeExcelTemplateDecider, [created]).when({ type: 'UpdateRecipeExcelTemplate', id: 't1', change: { name: '按天排', showDosage: true } })
      .then([{ type: 'RecipeExcelTemplateUpdated', data: { id: 't1', showDosage: true } }]);
    given(recipeExcelTemplateDecider, [created]).when({ type: 'UpdateRecipeExcelTemplate', id: 't1', change: { layout: 'dayRows' } }).then([]);
    given(recipeExcelTemplateDecider, [created, { type: 'RecipeExcelTemplateRemoved', data: { id: 't1' } }]).when({ type: 'RemoveRecipeExcelTemplate', id: 't1' }).thenRefused('notFound');
    given(recipeExcelTemplateDecider).when({ type: 'UpdateRecipeExcelTemplate', id: 't2', change: { name: 'x' } }).thenRefused('notFound');
  });
});

// Given-when-then for recipe labels and the org's recipelabel config (issue 9, §7 recipelabel).
import { describe, it } from 'vitest';
import { recipeLabelConfigDecider, recipeLabelDecider, type RecipeLabelEvent } from '../../../../domain/aggregates/recipeLabel.ts';
import { given } from '../../../support/decider.ts';

const label = { labelId: 'l1', name: '春季', color: '#107C41', sort: 10, enable: true };
const created: RecipeLabelEvent = { type: 'RecipeLabelCreated', data: label };

describe('recipe label decider', () => {
  it('creates a label, name trimmed; refuses an empty or taken name, a bad colour, one too many', () => {
    given(recipeLabelDecider).when({ type: 'CreateRecipeLabel', label: { ...label, name: ' 春季 ' }, nameTaken: false, count: 0 }).then([created]);
    given(recipeLabelDecider).when({ type: 'CreateRecipeLabel', label: { ...label, name: ' ' }, nameTaken: false, count: 0 }).thenRefused('invalid', /标签名称不能为空/);
    given(recipeLabelDecider).when({ type: 'CreateRecipeLabel', label, nameTaken: true, count: 0 }).thenRefused('conflict', '标签「春季」已存在');
    given(recipeLabelDecider).when({ type: 'CreateRecipeLabel', label: { ...label, color: 'red;x' }, nameTaken: false, count: 0 }).thenRefused('invalid', /#RRGGBB/);
    given(recipeLabelDecider).when({ type: 'CreateRecipeLabel', label, nameTaken: false, count: 100 }).thenRefused('unprocessable', /最多 100 个/);
  });
  it('changes only what differs, removes once', () => {
    given(recipeLabelDecider, [created]).when({ type: 'UpdateRecipeLabel', change: { labelId: 'l1', name: '春季', enable: false }, nameTaken: false })
      .then([{ type: 'RecipeLabelUpdated', data: { labelId: 'l1', enable: false } }]);
    given(recipeLabelDecider, [created]).when({ type: 'UpdateRecipeLabel', change: { labelId: 'l1', name: '夏季' }, nameTaken: true }).thenRefused('conflict');
    const removed: RecipeLabelEvent = { type: 'RecipeLabelRemoved', data: { labelId: 'l1' } };
    given(recipeLabelDecider, [created]).when({ type: 'RemoveRecipeLabel', labelId: 'l1' }).then([removed]);
    given(recipeLabelDecider, [created, removed]).when({ type: 'UpdateRecipeLabel', change: { labelId: 'l1', sort: 1 }, nameTaken: false }).thenRefused('notFound', '标签不存在');
  });
});

describe('recipelabel config decider', () => {
  it('records what changes from the defaults; a required label needs labels enabled', () => {
    given(recipeLabelConfigDecider).when({ type: 'SetRecipeLabelConfig', change: { enable: true, required: true } })
      .then([{ type: 'RecipeLabelConfigSet', data: { required: true } }]);
    given(recipeLabelConfigDecider).when({ type: 'SetRecipeLabelConfig', change: { enable: false, required: true } }).thenRefused('invalid', /未启用食谱标签/);
    given(recipeLabelConfigDecider, [{ type: 'RecipeLabelConfigSet', data: { required: true } }]).when({ type: 'SetRecipeLabelConfig', change: { enable: false } }).thenRefused('invalid');
    given(recipeLabelConfigDecider).when({ type: 'SetRecipeLabelConfig', change: { multiple: true } }).then([]);
  });
});

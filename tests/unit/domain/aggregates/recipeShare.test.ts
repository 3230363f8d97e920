import { describe, expect, it } from 'vitest';
import { recipeShareDecider, type RecipeShareCommand, type RecipeShareEvent } from '../../../../domain/aggregates/recipeShare.ts';
import { SHARING_TEXT, shareTemplateIdRefusal } from '../../../../domain/recipeSharing.ts';
import { given } from '../../../support/decider.ts';

const facts = { cycleName: '秋季第一周', unknownOrgs: [], ownOrgId: 'org-a' };
const create = {
  type: 'CreateRecipeShare', id: 8, ...facts,
  fields: { name: ' 给明德中学 ', cycleId: 'c1', orgIds: ['org-b', 'org-c', 'org-b'], remark: '' },
} satisfies RecipeShareCommand;
const created: RecipeShareEvent = {
  type: 'RecipeShareCreated', data: { id: 8, name: '给明德中学', cycleId: 'c1', orgIds: ['org-b', 'org-c'], remark: '', cycleName: '秋季第一周' },
};

describe('recipe share decider (§5 template protection)', () => {
  it('creates a share with a tidy name and each recipient once', () => {
    given(recipeShareDecider).when(create).then([created]);
  });
  it('refuses bad input: empty name, no recipients, itself, unknown orgs, a cycle the org lacks', () => {
    given(recipeShareDecider).when({ ...create, fields: { ...create.fields, name: '  ' } }).thenRefused('invalid', SHARING_TEXT.shareNameEmpty);
    given(recipeShareDecider).when({ ...create, fields: { ...create.fields, orgIds: [] } }).thenRefused('invalid', SHARING_TEXT.shareNoOrgs);
    given(recipeShareDecider).when({ ...create, fields: { ...create.fields, orgIds: ['org-a'] } }).thenRefused('invalid', SHARING_TEXT.shareSelf);
    given(recipeShareDecider).when({ ...create, unknownOrgs: ['org-x'] }).thenRefused('invalid', /org-x/);
    given(recipeShareDecider).when({ ...create, cycleName: null }).thenRefused('notFound', SHARING_TEXT.shareCycleUnknown);
    given(recipeShareDecider).when({ ...create, fields: { ...create.fields, orgIds: Array.from({ length: 201 }, (_, i) => `o${i}`) } }).thenRefused('invalid', SHARING_TEXT.shareTooManyOrgs);
  });
  it('ids up to 7 are protected: creating, changing or removing one is refused with the missing template number message', () => {
    for (const id of [0, 1, 7]) {
      given(recipeShareDecider).when({ ...create, id }).thenRefused('invalid', SHARING_TEXT.missingTemplateNumber);
      given(recipeShareDecider, [created]).when({ type: 'UpdateRecipeShare', id, change: { name: 'x' }, ...facts }).thenRefused('invalid', SHARING_TEXT.missingTemplateNumber);
      given(recipeShareDecider).when({ type: 'RemoveRecipeShare', id }).thenRefused('invalid', SHARING_TEXT.missingTemplateNumber);
    }
    expect(shareTemplateIdRefusal('')).toBe(SHARING_TEXT.missingTemplateNumber);
    expect(shareTemplateIdRefusal('abc')).toBe(SHARING_TEXT.missingTemplateNumber);
    expect(shareTemplateIdRefusal('7')).toBe(SHARING_TEXT.missingTemplateNumber);
    expect(shareTemplateIdRefusal('8')).toBeNull();
  });
  it('an update records only what changed; the same values again record nothing', () => {
    given(recipeShareDecider, [created]).when({ type: 'UpdateRecipeShare', id: 8, change: { name: '给明德', orgIds: ['org-c', 'org-b'] }, ...facts })
      .then([{ type: 'RecipeShareUpdated', data: { id: 8, name: '给明德' } }]);
    given(recipeShareDecider, [created]).when({ type: 'UpdateRecipeShare', id: 8, change: { name: '给明德中学' }, ...facts }).then([]);
  });
  it('removes a share once; a removed or unknown share is not found', () => {
    given(recipeShareDecider, [created]).when({ type: 'RemoveRecipeShare', id: 8 }).then([{ type: 'RecipeShareRemoved', data: { id: 8 } }]);
    given(recipeShareDecider, [created, { type: 'RecipeShareRemoved', data: { id: 8 } }]).when({ type: 'RemoveRecipeShare', id: 8 }).thenRefused('notFound');
    given(recipeShareDecider).when({ type: 'UpdateRecipeShare', id: 9, change: { name: 'x' }, ...facts }).thenRefused('notFound');
  });
});

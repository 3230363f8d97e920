// The recipe sharing service's query keys (issue 9, issue 14 rule): under the 'recipes' root the live updates
// invalidate for every Recipe… event, then the org; a share or template change in another console refreshes them.
import { describe, expect, it } from 'vitest';
import { queryRootsFor } from '../../../src/app/liveUpdates.ts';
import {
  cloudRecipeQuery, cloudRecipesQuery, excelTemplatesQuery, recipeCycleLogQuery, recipeSharesQuery, recipeSharingKeys, sharedCycleQuery,
} from '../../../services/recipeSharing.ts';

describe('recipe sharing query keys', () => {
  const keys = [
    cloudRecipesQuery('o1', { name: 'x' }).queryKey, cloudRecipeQuery('o1', 'c1').queryKey, recipeSharesQuery('o1').queryKey,
    sharedCycleQuery('o1', 8).queryKey, excelTemplatesQuery('o1').queryKey, recipeCycleLogQuery('o1', 'c1').queryKey,
  ];
  it('every key sits under the recipes root, scoped by the org right after it; distinct views stay distinct', () => {
    for (const key of keys) expect([key[0], key[1]], JSON.stringify(key)).toEqual([...recipeSharingKeys.all, 'o1']);
    expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(keys.length);
    expect(cloudRecipesQuery(undefined, {}).enabled).toBe(false);
    expect(recipeSharesQuery('o2').queryKey).not.toEqual(recipeSharesQuery('o1').queryKey);
  });
  it('share, template and cycle events (a copy, an edit in the log) refresh them', () => {
    for (const type of ['RecipeShareCreated', 'RecipeShareRemoved', 'RecipeExcelTemplateCreated', 'RecipeCycleCellsSet', 'RecipeCycleCreated']) {
      expect(queryRootsFor(type), type).toContain(recipeSharingKeys.all[0]);
    }
  });
});

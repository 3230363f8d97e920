// services/nutrition.ts keys (issue 10): under the 'nutrition' root, the org right after it, and refreshed by the
// live events of everything an analysis reads (cycle cells, dishes, the org's ingredient values).
import { describe, expect, it } from 'vitest';
import { queryRootsFor } from '../../../src/app/liveUpdates.ts';
import { cycleAnalysisQuery, nutritionCalculationQuery, nutritionKeys } from '../../../services/nutrition.ts';

describe('nutrition query keys', () => {
  const items = [{ foodId: '20444', weight: 130, weightType: 'net' as const }];

  it('sit under the root, scoped by the org; different bodies are different entries', () => {
    const keys = [
      nutritionCalculationQuery('o1', { items }).queryKey,
      cycleAnalysisQuery('o1', 'c1', { ageGroup: '9-11' }).queryKey,
    ];
    for (const key of keys) {
      expect(key[0]).toBe(nutritionKeys.all[0]);
      expect(key[1]).toBe('o1');
    }
    expect(cycleAnalysisQuery('o1', 'c1', { ageGroup: '9-11' }).queryKey).not.toEqual(cycleAnalysisQuery('o1', 'c1', {}).queryKey);
    expect(cycleAnalysisQuery('o1', 'c1').queryKey).not.toEqual(cycleAnalysisQuery('o2', 'c1').queryKey);
  });

  it('wait for the org and for something to compute', () => {
    expect(cycleAnalysisQuery(undefined, 'c1').enabled).toBe(false);
    expect(cycleAnalysisQuery('o1', '').enabled).toBe(false);
    expect(nutritionCalculationQuery('o1', { items: [] }).enabled).toBe(false);
  });

  it('a cycle edit, a dish edit or an ingredient value refreshes the analyses', () => {
    for (const event of ['RecipeCycleCellsSet', 'DishUpdated', 'FoodIngredientSet']) expect(queryRootsFor(event), event).toContain(nutritionKeys.all[0]);
  });
});

// The local ingredient sheet (issue 9): read and checked here row by row with the same domain rules and texts the
// server applies (domain/ingredients.ts), so a bad row shows before anything is sent, worded as the server would.
import { INGREDIENT_SHEET, INGREDIENT_SHEET_TEXT, ingredientProblems, sheetNumber, type IngredientFields } from '../../../../domain/ingredients.ts';
import { NUTRIENT_KEYS, type NutrientKey } from '../../../../domain/nutrition.ts';
import type { FoodIngredientImportRow } from '../../../../services/recipes.ts';
import type { SheetRow } from '../../../components/excel/sheet.ts';
import type { ParsedRow } from '../shared/ImportPanel.tsx';

export const INGREDIENT_IMPORT_HEADERS = [
  INGREDIENT_SHEET.name, INGREDIENT_SHEET.group, INGREDIENT_SHEET.nameEn, INGREDIENT_SHEET.edible, ...NUTRIENT_KEYS.map((k) => INGREDIENT_SHEET.nutrient(k)),
];

export type IngredientSheetRow = Omit<FoodIngredientImportRow, 'row'>;

export function parseIngredientRows(rows: SheetRow[]): ParsedRow<IngredientSheetRow>[] {
  const names = new Map<string, number>();
  return rows.map(({ row, cells }) => {
    const errors: string[] = [];
    const nameZh = (cells[INGREDIENT_SHEET.name] ?? '').trim();
    const edible = sheetNumber(cells[INGREDIENT_SHEET.edible]);
    if (edible === undefined) errors.push(INGREDIENT_SHEET_TEXT.notNumber(INGREDIENT_SHEET.edible));
    const per100g: Partial<Record<NutrientKey, number | null>> = {};
    for (const k of NUTRIENT_KEYS) {
      const header = INGREDIENT_SHEET.nutrient(k);
      const v = sheetNumber(cells[header]);
      if (v === undefined) errors.push(INGREDIENT_SHEET_TEXT.notNumber(header));
      else per100g[k] = v;
    }
    const value: IngredientSheetRow = {
      nameZh, group: (cells[INGREDIENT_SHEET.group] ?? '').trim(), ...(cells[INGREDIENT_SHEET.nameEn] && { nameEn: cells[INGREDIENT_SHEET.nameEn].trim() }),
      ediblePortionPct: edible ?? null, per100g,
    };
    errors.push(...ingredientProblems(value as IngredientFields, 'local'));
    const before = names.get(nameZh);
    if (nameZh && before !== undefined) errors.push(INGREDIENT_SHEET_TEXT.duplicate(nameZh));
    names.set(nameZh, row);
    return { row, value: errors.length ? null : value, errors };
  });
}

// Excel import of an org's local ingredients (issue 9): all rows decided by the food ingredient decider in one
// transaction, all or nothing. A name the org already has as a local ingredient updates it (importing the same
// sheet twice changes nothing); a new name adds one; the same name twice in a sheet is refused. Every refused
// row comes back in data.errors with its reasons in the request's language (server/http/rowErrors.ts; the
// console's import panel shows them per row); the status text counts them and names the first.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { RowsError, rowsSummary, type RowError } from '../../http/rowErrors.ts';
import { route } from '../../http/route.ts';
import { appendDecided, decideEach, lockKey, lockVersions, metaOf, runDecisions, type BatchItem } from '../../store/command.ts';
import * as api from '../../../contracts/foodIngredients.ts';
import {
  foodIngredientDecider, foodIngredientStream, type FoodIngredientCommand, type FoodIngredientState,
} from '../../../domain/aggregates/foodIngredient.ts';
import { INGREDIENT_SHEET_TEXT, type IngredientFields } from '../../../domain/ingredients.ts';
import { requireRecipeWriter } from './access.ts';

/** The status text names this many rows; data.errors has them all. */
const ROWS_IN_TEXT = 5;

export default async function ingredientImportRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  route(app, api.importFoodIngredients, { auth: 'orgApp', guard: requireRecipeWriter }, async (request) => {
    const { orgId } = request.orgApp;
    const rows = request.body.rows.map((r) => ({ ...r, nameZh: r.nameZh.trim() }));
    const result = await runDecisions(db, async (tx) => {
      // one import of an org at a time: the names looked up stay the org's names until this one commits
      await lockKey(tx, 'foodIngredientImport', orgId);
      const names = [...new Set(rows.map((r) => r.nameZh).filter(Boolean))];
      const existing = names.length
        ? await tx.selectFrom('food_ingredients').select(['food_id', 'name_zh', 'data']).where('org_id', '=', orgId).where('kind', '=', 'local').where('name_zh', 'in', names).execute()
        : [];
      const byName = new Map(existing.map((e) => [e.name_zh!, e]));
      const versions = await lockVersions(tx, orgId, existing.map((e) => foodIngredientStream(orgId, e.food_id)));
      const seen = new Map<string, number>();
      const errors: RowError[] = [];
      const items: (BatchItem<FoodIngredientCommand, FoodIngredientState> & { row: number })[] = [];
      for (const r of rows) {
        const fields: IngredientFields = {
          nameZh: r.nameZh, group: r.group, ...(r.nameEn !== undefined && { nameEn: r.nameEn }),
          ...(r.ediblePortionPct !== undefined && { ediblePortionPct: r.ediblePortionPct }), ...(r.per100g !== undefined && { per100g: r.per100g }),
        };
        const twice = seen.get(r.nameZh);
        if (r.nameZh && twice !== undefined) { errors.push({ row: r.row, errors: [INGREDIENT_SHEET_TEXT.duplicate(r.nameZh)] }); continue; }
        seen.set(r.nameZh, r.row);
        const own = byName.get(r.nameZh);
        const foodId = own?.food_id ?? `L${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
        const streamId = foodIngredientStream(orgId, foodId);
        items.push(own
          ? { row: r.row, orgId, streamId, streamType: 'foodIngredient', command: { type: 'ChangeFoodIngredient', foodId, fields },
            loaded: { state: { status: 'live', kind: 'local', fields: own.data as IngredientFields }, version: versions.get(streamId) ?? 0 } }
          : { row: r.row, orgId, streamId, streamType: 'foodIngredient', command: { type: 'SetFoodIngredient', foodId, fields, platformFood: false },
            loaded: { state: foodIngredientDecider.initialState(), version: 0 } });
      }
      const decided = decideEach(foodIngredientDecider, items);
      for (const { index, refusal } of decided.refusals) errors.push({ row: items[index].row, errors: refusal.reasons ?? [refusal.message] });
      if (errors.length) {
        errors.sort((a, b) => a.row - b.row);
        throw new RowsError(errors, 400, INGREDIENT_SHEET_TEXT.refused(errors.length, rowsSummary(errors, ROWS_IN_TEXT)));
      }
      await appendDecided(tx, decided.decided, metaOf(request, clock()));
      const created = decided.decided.filter((d) => d.events.some((e) => e.type === 'FoodIngredientSet')).length;
      return { created, updated: decided.decided.length - created };
    });
    return ok(result);
  });
}

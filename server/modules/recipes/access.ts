// Who writes recipe data in the org the request acts in (domain/recipeAccess.ts): checked as a route guard,
// before the body is parsed, with membership already settled by the auth hook.
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors.ts';
import { RECIPE_ACCESS_TEXT, writesRecipes } from '../../../domain/recipeAccess.ts';

export function requireRecipeWriter(request: FastifyRequest): void {
  if (!writesRecipes({ platform: request.platform, roles: request.roles ?? [] })) throw forbidden(RECIPE_ACCESS_TEXT.cannotWrite);
}

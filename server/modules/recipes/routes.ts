// The recipe module (issue 9): the ingredient library, dishes and packages of an org.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import ingredientRoutes from './ingredientRoutes.ts';
import dishRoutes from './dishRoutes.ts';
import ingredientImportRoutes from './ingredientImport.ts';
import packageRoutes from './packageRoutes.ts';
import labelRoutes from './labelRoutes.ts';

export default async function recipeRoutes(app: FastifyInstance, ctx: ModuleContext) {
  await ingredientRoutes(app, ctx);
  await dishRoutes(app, ctx);
  await ingredientImportRoutes(app, ctx);
  await packageRoutes(app, ctx);
  await labelRoutes(app, ctx);
}

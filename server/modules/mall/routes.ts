// The mall module: catalogue (suppliers, role group config, products, SKUs) and SKU prices.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import catalogueRoutes from './catalogueRoutes.ts';
import priceRoutes from './priceRoutes.ts';
import importRoutes from './importRoutes.ts';
import surveyRoutes from './surveyRoutes.ts';
import routeRoutes from './routeRoutes.ts';
import standardLibraryRoutes from './standardLibraryRoutes.ts';
import productImageRoutes from './productImageRoutes.ts';
import skuIngredientRoutes from './skuIngredientRoutes.ts';
import productBatchRoutes from './productBatchRoutes.ts';
import orgPickerRoutes from './orgPickerRoutes.ts';
import supermarketRoutes from './supermarketRoutes.ts';

export default async function mallRoutes(app: FastifyInstance, ctx: ModuleContext) {
  // the pickers' static paths before catalogue's /v4/mall/supplier/:objectId (Fastify prefers static ones anyway)
  await orgPickerRoutes(app, ctx);
  await catalogueRoutes(app, ctx);
  await priceRoutes(app, ctx);
  await importRoutes(app, ctx);
  await surveyRoutes(app, ctx);
  await supermarketRoutes(app, ctx);
  await routeRoutes(app, ctx);
  await standardLibraryRoutes(app, ctx);
  await productImageRoutes(app, ctx);
  await skuIngredientRoutes(app, ctx);
  await productBatchRoutes(app, ctx);
}

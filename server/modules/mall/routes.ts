// The mall module: catalogue (suppliers, role group config, products, SKUs) and SKU prices.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import './projection.ts';
import catalogueRoutes from './catalogueRoutes.ts';
import priceRoutes from './priceRoutes.ts';

export default async function mallRoutes(app: FastifyInstance, ctx: ModuleContext) {
  await catalogueRoutes(app, ctx);
  await priceRoutes(app, ctx);
}

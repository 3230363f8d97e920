// §7 contacts: the department tree and its persons.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import departmentRoutes from './departmentRoutes.ts';
import personRoutes from './personRoutes.ts';

export default async function contactsRoutes(app: FastifyInstance, ctx: ModuleContext) {
  await departmentRoutes(app, ctx);
  await personRoutes(app, ctx);
}

// GET /v1/health: 200 with the envelope when the database answers.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok, envelopeSchema } from '../../http/envelope.ts';
import { HttpError } from '../../http/errors.ts';
import { APP_VERSION } from '../../../domain/constants.ts';

export default async function healthRoutes(app: FastifyInstance, { db }: ModuleContext) {
  app.get('/v1/health', {
    config: { auth: 'public' },
    schema: {
      tags: ['health'],
      response: { 200: envelopeSchema({ type: 'object', properties: { database: { type: 'string' }, version: { type: 'string' } } }) },
    },
  }, async () => {
    try {
      await sql`SELECT 1`.execute(db);
    } catch {
      throw new HttpError(503, '数据库不可用');
    }
    return ok({ database: 'up', version: APP_VERSION });
  });
}

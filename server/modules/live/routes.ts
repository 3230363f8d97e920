// Live updates: after commit the server pushes {orgId, type, streamId} to the consoles of that org over
// server-sent events. PostgreSQL LISTEN/NOTIFY carries them, so several server processes agree.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { liveFeed } from './liveFeed.ts';

export default async function liveRoutes(app: FastifyInstance, _ctx: ModuleContext) {
  app.get('/v1/events', {
    config: { auth: 'orgApp' },
    schema: {
      tags: ['live'],
      description: 'Server-sent events of committed changes in the org of `key` (token and key as query parameters).',
      querystring: { type: 'object', properties: { accesstoken: { type: 'string' }, key: { type: 'string' } } },
    },
  }, async (request, reply) => {
    const orgId = request.orgApp!.orgId;
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    reply.raw.write(': connected\n\n');
    const unsubscribe = liveFeed.subscribe(orgId, (msg) => reply.raw.write(`data: ${JSON.stringify(msg)}\n\n`));
    const ping = setInterval(() => reply.raw.write(': ping\n\n'), 25_000);
    request.raw.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
  });
}

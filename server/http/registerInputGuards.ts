// Wires the input guards (inputGuards.ts) into Fastify: before any route is added, so every route gets them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { badStringPath, boundNumbers, jsonDepthExceeds, MAX_JSON_DEPTH } from './inputGuards.ts';

export function registerInputGuards(app: FastifyInstance): void {
  // JSON bodies: the nesting limit first, then Fastify's own parser (prototype-poisoning checks included)
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string)) return done(badRequest(`参数错误：请求体嵌套超过 ${MAX_JSON_DEPTH} 层`), undefined);
    parseJson(request, body as string, done);
  });

  // every number and integer a route accepts is finite and bounded
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    for (const part of ['querystring', 'params', 'body', 'headers']) boundNumbers(schema[part]);
  });

  // no NUL, lone surrogate or non-finite number in anything parsed: before validation (what was sent) and
  // after it (what coercion made of it: "Infinity" in a query becomes a number)
  const check = async (request: FastifyRequest) => {
    for (const [where, value] of [['query', request.query], ['params', request.params], ['body', request.body]] as const) {
      const bad = badStringPath(value);
      if (bad) throw badRequest(`参数错误：${where}.${bad} 包含无效字符或数值`);
    }
  };
  app.addHook('preValidation', check);
  app.addHook('preHandler', check);
}

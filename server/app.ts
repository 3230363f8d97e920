// Builds the Fastify instance: envelope and errors, schemas + OpenAPI at /docs, auth and tenancy,
// every API module, live updates, and (when built) the console itself. Tests build it directly.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { registerListQuery } from './http/listQuery.ts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from './store/schema.ts';
import type { ModuleContext, ServerSettings } from './context.ts';
import type { SmsAdapter } from './sms/SmsAdapter.ts';
import { localized, registerErrorHandler } from './http/errorHandler.ts';
import { failure } from './http/envelope.ts';
import { registerAuth } from './http/auth.ts';
import { registerOnlineRestriction } from './http/onlineRestriction.ts';
import { modules } from './modules/index.ts';
import { loggerOptions } from './http/logging.ts';
import { registerInputGuards } from './http/registerInputGuards.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { buildValidator } from './http/validatorCompiler.ts';
import { buildSerializer } from './http/serializerCompiler.ts';
import { APP_VERSION } from '../domain/constants.ts';
import { PURGE } from '../domain/anonymousLimits.ts';
import { purgeAnonymousRows } from './modules/passport/purge.ts';

export interface AppOptions {
  db: Kysely<Database>;
  sms: SmsAdapter;
  settings: ServerSettings;
  clock?: () => Date;
  /** folder of the built console (vite build); served at / when present */
  staticDir?: string;
  logger?: boolean;
  /** where the log goes when `logger` is on (default stdout): the tests read it back */
  logStream?: NodeJS.WritableStream;
}

/**
 * Files under assets/ carry a content hash in their name: a new build gives new names, so browsers may keep them a
 * year without asking. Everything else (the HTML pages naming those files) is revalidated on every load.
 */
export function assetCacheControl(file: string): string {
  return /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Issue 29: sweeps the sign-in rows anonymous callers leave behind every PURGE.everyMs, until the server closes. */
function scheduleAnonymousPurge(app: FastifyInstance, ctx: ModuleContext): void {
  const timer = setInterval(() => {
    purgeAnonymousRows(ctx.db, ctx.clock()).catch((e: unknown) => app.log.warn({ err: e }, 'purge of expired sign-in rows failed'));
  }, PURGE.everyMs);
  timer.unref();
  app.addHook('onClose', async () => { clearInterval(timer); });
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? loggerOptions(opts.logStream) : false,
    // issue 29: request.ip is the peer unless the peer is a configured proxy (TRUST_PROXY): the per-address limits count it
    trustProxy: opts.settings.trustProxy?.length ? opts.settings.trustProxy : false,
    // a JSON body is never coerced; querystring, params and headers are read from their text (validatorCompiler.ts)
    schemaController: { compilersFactory: { buildValidator, buildSerializer } },
    bodyLimit: 20 * 1024 * 1024,
    // a URL the router cannot decode (a lone surrogate as %ED%A0%80) gets the envelope like any other 400
    frameworkErrors: (error, request, reply) => {
      void (reply as FastifyReply).status(400).send(failure(400, localized(request, `参数错误：请求地址不正确（${error.message}）`)));
    },
  });
  registerErrorHandler(app);
  registerInputGuards(app);
  // every list route's §7 query forms, added as routes register (before the OpenAPI document reads them)
  registerListQuery(app, opts.db);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Meal console API', version: APP_VERSION },
      components: {
        securitySchemes: {
          accesstoken: { type: 'apiKey', in: 'header', name: 'accesstoken' },
          key: { type: 'apiKey', in: 'header', name: 'key' },
        },
      },
      security: [{ accesstoken: [], key: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await registerSecurityHeaders(app, opts.staticDir, opts.settings.mediaOrigins ?? []);
  const ctx: ModuleContext = { db: opts.db, sms: opts.sms, settings: opts.settings, clock: opts.clock ?? (() => new Date()) };
  registerAuth(app, opts.db, ctx.clock);
  // §4 a blocked module's calls are refused; after auth, which settles the caller's org-app and roles
  registerOnlineRestriction(app, opts.db, ctx.clock);
  // per-route rate limits (config.rateLimit; none by default): the operation log's per-member limit (issue 27).
  // The counts are this process's: several processes behind one address each count their own.
  await app.register(rateLimit, { global: false });
  for (const register of modules) await register(app, ctx);
  scheduleAnonymousPurge(app, ctx);
  if (opts.staticDir && fs.existsSync(path.join(opts.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: path.resolve(opts.staticDir), prefix: '/', wildcard: false,
      // the build wrote .br and .gz copies (scripts/precompress.ts): sent as they are, by Accept-Encoding
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', assetCacheControl(file)),
      // `/` is routed below: the plugin's own index route answers 404 to a browser accepting br or gzip
      // (fastify/fastify-static#270 family) when preCompressed is on
      index: false,
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  }
  return app;
}

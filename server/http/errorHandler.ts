// Every failure leaves as the envelope with an honest HTTP status; only real bugs become 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { RowsError } from './rowErrors.ts';
import { failure } from './envelope.ts';
import { ConcurrencyError } from '../store/eventStore.ts';
import { pgInputErrorText } from './inputGuards.ts';
import { localizeServerText, serverLocale } from '../../domain/serverTexts.ts';

/**
 * A refusal's text in the language the request asks for (issue 13: the console sends its locale as
 * `accept-language`); without the header, or for a text the catalog lacks, the zh-CN source text as written.
 */
export function localized(request: Pick<FastifyRequest, 'headers'>, text: string): string {
  return localizeServerText(text, serverLocale(request.headers['accept-language']));
}

/** A refusal's text depends on the request's language: a cache keeps one answer per language. */
function varyOnLanguage(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const now = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(^|,)\s*accept-language\s*(,|$)/i.test(now)) reply.header('vary', now ? `${now}, accept-language` : 'accept-language');
}

/**
 * The texts of a refusal a route sends itself (the row errors of a bulk request, answered with their list in data):
 * in the request's language like every other refusal. The reply is marked as varying on it once, then each text is
 * translated.
 */
export function refusalTexts(reply: FastifyReply): (text: string) => string {
  varyOnLanguage(reply);
  return (text) => localized(reply.request, text);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the refusal text when the body is over the route's bodyLimit (413): what the route takes, in its own words */
    bodyTooLarge?: string;
  }
}

type AjvError = { instancePath?: string; message?: string; params?: Record<string, unknown>; keyword?: string };

/** "参数错误：body.phoneNumber must be string" — names the field so a caller can fix the request. */
function validationText(error: FastifyError): string {
  const first = (error.validation?.[0] ?? {}) as AjvError;
  const where = error.validationContext ?? 'body';
  const missing = first.params?.missingProperty as string | undefined;
  const field = missing ?? (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const extra = first.params?.additionalProperty as string | undefined;
  if (missing) return `参数错误：缺少 ${where}.${field}`;
  if (extra) return `参数错误：不支持的字段 ${where}.${extra}`;
  return `参数错误：${where}${field ? '.' + field : ''} ${first.message ?? '格式不正确'}`;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refuse = (status: number, text: string) => {
      varyOnLanguage(reply);
      return reply.status(status).send(failure(status, localized(request, text)));
    };
    if (error instanceof RowsError) {
      // a batch refused for some of its rows: every row with its reasons in data.errors, translated too
      const text = refusalTexts(reply);
      const errors = error.rows.map((r) => ({ ...r, errors: r.errors.map(text) }));
      return reply.status(error.statusCode).send({ ...failure(error.statusCode, text(error.message)), data: { errors } });
    }
    if (error instanceof HttpError) return refuse(error.statusCode, error.message);
    if (error instanceof ConcurrencyError) return refuse(409, error.message);
    if (error.validation) return refuse(400, validationText(error));
    // the last line of defence against values the schemas let through (issue 16): the database refused them
    const pgText = pgInputErrorText(error);
    if (pgText) return refuse(400, pgText);
    // Fastify's own client errors: malformed JSON, wrong content type, body too large …
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const text = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? '请求体不是合法的 JSON'
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? '请求体为空'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? (request.routeOptions.config.bodyTooLarge ?? '请求体过大') : error.message;
      return refuse(status, text);
    }
    request.log.error({ err: error }, 'unhandled error');
    return refuse(500, '服务器内部错误，请稍后重试');
  });
  app.setNotFoundHandler((request, reply) => {
    varyOnLanguage(reply);
    return reply.status(404).send(failure(404, localized(request, `接口不存在：${request.method} ${request.url.split('?')[0]}`)));
  });
}

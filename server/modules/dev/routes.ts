// Development and tests only: GET /v1/dev/smsoutbox reads the last code the console SMS adapter "sent" to a
// phone, so a developer (and the tests) can sign in by SMS. It exists only with SMS_DEV_OUTBOX=true and
// answers only callers on this machine (issue 16: anyone who can read codes can sign in as anyone).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok, envelopeSchema } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { isLoopbackAddress } from '../../../domain/ipAddress.ts';

const phoneQuery = {
  type: 'object', additionalProperties: false, required: ['phoneNumber'],
  properties: { phoneNumber: { type: 'string', minLength: 1, maxLength: 32 } },
} as const;

/**
 * The outboxes answer callers on this machine only, by the socket's address, not X-Forwarded-For (the app does not
 * trust proxies); anyone else is told there is no such route. Answers the phone asked about.
 */
function localPhone(request: FastifyRequest<{ Querystring: { phoneNumber: string } }>): string {
  if (!isLoopbackAddress(request.socket.remoteAddress ?? '')) throw notFound(`接口不存在：GET ${request.routeOptions.url}`);
  return request.query.phoneNumber.trim();
}

export default async function devRoutes(app: FastifyInstance, { sms, settings }: ModuleContext) {
  if (!settings.smsOutbox || typeof sms.latest !== 'function' || typeof sms.notices !== 'function') return;
  const latest = sms.latest.bind(sms);
  const notices = sms.notices.bind(sms);
  app.get<{ Querystring: { phoneNumber: string } }>('/v1/dev/smsoutbox', {
    config: { auth: 'public' },
    schema: {
      tags: ['dev'], summary: 'Latest SMS code sent to a phone (SMS_DEV_OUTBOX=true, loopback callers only)',
      querystring: phoneQuery,
      response: {
        200: envelopeSchema({ type: 'object', properties: { phoneNumber: { type: 'string' }, code: { type: 'string' } }, required: ['phoneNumber', 'code'] }),
      },
    },
  }, async (request) => {
    const phoneNumber = localPhone(request);
    const code = latest(phoneNumber);
    if (!code) throw notFound('没有发送给该手机号的验证码');
    return ok({ phoneNumber, code });
  });

  // the notices (no code) sent to a phone, the latest last: an activity cancelled, a waiting sign-up confirmed
  app.get<{ Querystring: { phoneNumber: string } }>('/v1/dev/smsnotices', {
    config: { auth: 'public' },
    schema: {
      tags: ['dev'], summary: 'SMS notices sent to a phone, the latest last (SMS_DEV_OUTBOX=true, loopback callers only)',
      querystring: phoneQuery,
      response: {
        200: envelopeSchema({
          type: 'object', required: ['phoneNumber', 'rows'],
          properties: {
            phoneNumber: { type: 'string' },
            rows: { type: 'array', items: { type: 'object', properties: { template: { type: 'string' }, params: { type: 'object', additionalProperties: { type: 'string' } } } } },
          },
        }),
      },
    },
  }, async (request) => {
    const phoneNumber = localPhone(request);
    return ok({ phoneNumber, rows: notices(phoneNumber) });
  });
}

// Development only: GET /v1/dev/smsoutbox reads the last code the console SMS adapter "sent" to a phone,
// so a developer (and the tests) can sign in by SMS. With any other adapter the route does not exist.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok, envelopeSchema } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';

export default async function devRoutes(app: FastifyInstance, { sms, settings }: ModuleContext) {
  if (settings.smsAdapter !== 'console' || typeof sms.latest !== 'function') return;
  const latest = sms.latest.bind(sms);
  app.get<{ Querystring: { phoneNumber: string } }>('/v1/dev/smsoutbox', {
    config: { auth: 'public' },
    schema: {
      tags: ['dev'], summary: 'Latest SMS code sent to a phone (console SMS adapter only)',
      querystring: {
        type: 'object', additionalProperties: false, required: ['phoneNumber'],
        properties: { phoneNumber: { type: 'string', minLength: 1, maxLength: 32 } },
      },
      response: {
        200: envelopeSchema({ type: 'object', properties: { phoneNumber: { type: 'string' }, code: { type: 'string' } }, required: ['phoneNumber', 'code'] }),
      },
    },
  }, async (request) => {
    const phoneNumber = request.query.phoneNumber.trim();
    const code = latest(phoneNumber);
    if (!code) throw notFound('没有发送给该手机号的验证码');
    return ok({ phoneNumber, code });
  });
}

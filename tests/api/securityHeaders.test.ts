// Issue 12 hardening: security headers from helmet on every answer, the API docs still served.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders, inlineScriptHashes, SECURITY_OPTIONS } from '../../server/http/securityHeaders.ts';
import { mediaOriginsFromEnv } from '../../server/settings.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/** The deployment's media servers (MEDIA_ORIGINS; issue 33), as settings.ts reads them. */
const MEDIA = mediaOriginsFromEnv(' https://media.example.cn/ ,http://127.0.0.1:8554');
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ seed: false, mediaOrigins: MEDIA }); });

/** The sources of one CSP directive, or null when the policy has none. */
const directive = (csp: string, name: string) => {
  const found = csp.split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name);
  return found ? found.slice(1) : null;
};
afterAll(async () => { await server?.close(); });

describe('security headers', () => {
  it('are on API answers and the docs: CSP with frame limits, nosniff, no referrer', async () => {
    for (const path of ['/v1/productagent?domain=example.com', '/docs/json', '/v9/nothing-here']) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).toContain("frame-src 'self' https:");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
    const docs = await fetch(`${server.url}/docs/`);
    expect(docs.status).toBe(200);
  });

  it("allows the built pages' inline scripts by their hash only (the pre-rendered sign-in page's, issue 12)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-pages-'));
    try {
      const inline = "(function(){window.__signIn={fits:false}})();";
      fs.writeFileSync(path.join(dir, 'index.html'), `<html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div><script>${inline}</script></body></html>`);
      const hash = `'sha256-${crypto.createHash('sha256').update(inline).digest('base64')}'`;
      expect(inlineScriptHashes(dir)).toEqual([hash]);
      const csp = helmetHeaders(SECURITY_OPTIONS({ script: [], style: [] }, inlineScriptHashes(dir)))['content-security-policy'];
      expect(csp).toContain(`script-src 'self' ${hash}`);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(inlineScriptHashes(path.join(dir, 'missing'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets the live wall fetch and play from the configured media origins, exactly those (issue 33)', async () => {
    expect(MEDIA).toEqual(['https://media.example.cn', 'http://127.0.0.1:8554']);
    for (const path of ['/v1/productagent?domain=example.com', '/v9/nothing-here']) {
      const csp = (await fetch(`${server.url}${path}`)).headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'connect-src'), path).toEqual(["'self'", ...MEDIA]);
      // hls.js plays through Media Source Extensions: the video's source is a blob: URL
      expect(directive(csp, 'media-src'), path).toEqual(["'self'", 'blob:', ...MEDIA]);
      // nowhere else: scripts, frames and images stay as they were
      for (const other of ['script-src', 'img-src', 'frame-src', 'default-src']) expect(directive(csp, other)!.filter((s) => MEDIA.includes(s)), `${path} ${other}`).toEqual([]);
    }
    // without the setting: the console's own origin only, never a wildcard
    const plain = helmetHeaders(SECURITY_OPTIONS({ script: [], style: [] }))['content-security-policy'];
    expect(directive(plain, 'connect-src')).toEqual(["'self'"]);
    expect(directive(plain, 'media-src')).toEqual(["'self'", 'blob:']);
    expect(plain).not.toMatch(/(connect|media)-src[^;]*(\*|https?:(\s|;|$))/);
  });

  it('MEDIA_ORIGINS takes http(s) origins only: a wildcard, a path or another scheme is refused at start', () => {
    expect(mediaOriginsFromEnv(undefined)).toEqual([]);
    expect(mediaOriginsFromEnv('')).toEqual([]);
    expect(mediaOriginsFromEnv('https://media.example.cn/,https://media.example.cn')).toEqual(['https://media.example.cn']);
    for (const bad of ['*', 'https://*.example.cn', 'https:', 'media.example.cn', 'https://media.example.cn/live', 'ftp://media.example.cn',
      'https://media.example.cn?x=1', 'https://user:pw@media.example.cn', "https://a.cn 'unsafe-inline'", 'data:', 'blob:', "'self'"]) {
      expect(() => mediaOriginsFromEnv(`https://ok.example.cn,${bad}`), bad).toThrow(/MEDIA_ORIGINS/);
    }
  });
});

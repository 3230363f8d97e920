// Issue 12 hardening: security headers from helmet on every answer, the API docs still served.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders, inlineScriptHashes, SECURITY_OPTIONS } from '../../server/http/securityHeaders.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ seed: false }); });
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
});

// Issue 12 hardening: security headers from helmet on every answer, the API docs still served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});

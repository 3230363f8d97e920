import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ seed: false }); });
afterAll(async () => { await server?.close(); });

describe('GET /v1/health', () => {
  it('answers 200 with the envelope while the database is reachable', async () => {
    const res = await fetch(`${server.url}/v1/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status_code: 200, data: { database: 'up' } });
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const res = await fetch(`${server.url}/v1/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status_code: 404, data: null });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await fetch(`${server.url}/docs/json`);
    const doc = await res.json();
    expect(doc.paths['/v1/health']).toBeDefined();
  });
});

describe('who before what', () => {
  it('answers 401 to a request without a token even when its body is bad', async () => {
    const res = await fetch(`${server.url}/v1/config/org`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"path": 5}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status_code: 401, data: null });
  });
});

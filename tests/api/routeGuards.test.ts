// Role guards declared on routes (config.guard) run with the power check, before the body is validated: a caller
// without the standing gets 403 whatever he sent, and learns nothing from validation messages (issue 14).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

let server: TestServer;
let purchaser: Session;
let supplier: Session;
beforeAll(async () => {
  server = await startTestServer();
  purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
  supplier = await signIn(server, DEMO.supplier);
});
afterAll(async () => { await server?.close(); });

describe('route guards before validation', () => {
  it.each([
    ['POST', '/v4/mall/product'],
    ['PUT', '/v4/mall/sku'],
    ['POST', '/v4/mall/route'],
    ['POST', '/v1/datetime/holidays'],
  ])('%s %s: a purchaser with a malformed body is refused for who he is (403), not for the body (400)', async (method, path) => {
    const res = await call(server, method, path, { token: purchaser.token, key: purchaser.key, body: { unexpected: true } });
    expect(res.status).toBe(403);
  });

  it('the supplier with the same malformed body gets the validation error', async () => {
    const res = await call(server, 'POST', '/v4/mall/product', { token: supplier.token, key: supplier.key, body: { unexpected: true } });
    expect(res.status).toBe(400);
  });
});

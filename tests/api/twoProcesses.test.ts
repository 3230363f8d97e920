// Issue 12, scale beyond one machine: two server processes on one database, no sticky sessions. A change made
// through one reaches the consoles of the other (LISTEN/NOTIFY), sign-in and tickets of one are good at the
// other, and the password throttle counts the guesses made at both.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DEMO_PASSWORD, type TestServer } from '../support/testServer.ts';
import { freePort } from '../../server/store/database.ts';
import pg from 'pg';
import { CAPTCHA_GATE, SIGN_IN_THROTTLE } from '../../domain/signInThrottle.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, newProduct, purchaserGroups, type Price } from './mallApi.ts';
import { openLiveFeed } from './liveClient.ts';
import { LIVE_LIMITS } from '../../domain/liveAudience.ts';

interface Process { url: string; child: ChildProcess }

/** `node server/main.ts` on the shared database, as `npm run serve` starts it; resolves once it listens. */
async function startProcess(databaseUrl: string): Promise<Process> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', STATIC_DIR: '/nonexistent', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.slice(-2000)}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('console and API on')) { clearTimeout(timer); resolve(); }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${output.slice(-2000)}`)); });
  });
  // keep draining its request log, or a full pipe would stall it
  child.stdout!.resume();
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stopProcess(p: Process | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill('SIGTERM');
  await exited;
}

let a: Process;
let b: Process;
let databaseUrl: string;
// the helpers call a server by its url only
const at = (p: Process) => ({ url: p.url }) as TestServer;

beforeAll(async () => {
  databaseUrl = await createTestDatabase('seeded');
  [a, b] = await Promise.all([startProcess(databaseUrl), startProcess(databaseUrl)]);
}, 120_000);
afterAll(async () => { await Promise.all([stopProcess(a), stopProcess(b)]); });

describe('two server processes on one database', () => {
  it("a price submitted at A reaches the bureau's console at B; its approval at A reaches the school's console at B", async () => {
    const supplier = await signIn(at(a), DEMO.supplier);
    const bureauAtA = await signIn(at(a), DEMO.bureau);
    const bureauAtB: Session = { ...bureauAtA }; // the same token and key, used at the other process
    const school = await signIn(at(b), DEMO.purchaser, SCHOOL_A);
    const { withApproval } = await purchaserGroups(at(a), supplier);
    const { skuIds: [skuId] } = await newProduct(at(a), supplier, '两进程彩椒', 1);

    const bureauFeed = await openLiveFeed(at(b), bureauAtB);
    const schoolFeed = await openLiveFeed(at(b), school);
    try {
      const submitted = await call<{ rows: Price[] }>(at(a), 'POST', '/v5/mall/sku/price', {
        ...auth(supplier), body: { skuPrice: [{ skuId, price: 7.7, roleGroupId: withApproval.roleGroupId }] },
      });
      expect(submitted.status).toBe(200);
      expect(await bureauFeed.next('SkuPriceCreated')).toMatchObject({ type: 'SkuPriceCreated' });

      const approved = await call(at(a), 'PUT', '/v5/mall/sku/price', {
        ...auth(bureauAtA), body: { isCheckPrice: true, skuPrice: [{ id: submitted.body.data.rows[0].id, isCheck: 1 }] },
      });
      expect(approved.status).toBe(200);
      expect(await schoolFeed.next('SkuPriceDecided')).toMatchObject({ orgId: school.orgApp!.orgId, type: 'SkuPriceDecided' });
    } finally {
      bureauFeed.close();
      schoolFeed.close();
    }
  });

  it('a session\'s live streams are capped across both processes, and logout at A ends its stream at B within 5 s (issue 27)', async () => {
    const s = await signIn(at(a), DEMO.salesman);
    const feeds = [await openLiveFeed(at(a), s)];
    try {
      while (feeds.length < LIVE_LIMITS.streamsPerSession) feeds.push(await openLiveFeed(at(b), s));
      for (const p of [a, b]) {
        const more = await call(at(p), 'POST', '/v1/live/ticket', auth(s));
        expect(more.status).toBe(429);
      }
      expect((await call(at(a), 'POST', '/v2/passport/logout', { token: s.token })).status).toBe(200);
      for (const feed of feeds) expect(await feed.ended(5_000)).toBe(true);
    } finally {
      for (const f of feeds) f.close();
    }
  });

  it('the password throttle counts wrong passwords made at both processes', async () => {
    // issue 15: past CAPTCHA_GATE.afterFailures failures a try carries the account's captcha (drawn at that
    // process, its answer read where the server keeps it): the throttle still counts every wrong password
    const captchaAt = async (p: Process) => {
      const { id } = (await call<{ id: string }>(at(p), 'GET', `/v1/passport/captcha?username=${DEMO.dietitian}`)).body.data;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try { return (await client.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [id])).rows[0].answer; } finally { await client.end(); }
    };
    const login = async (p: Process, password: string, i: number) => call(at(p), 'POST', '/v1/passport/login', {
      body: { username: DEMO.dietitian, password, ...(i >= CAPTCHA_GATE.afterFailures && { captcha: await captchaAt(p) }) },
    });
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccountAndAddress; i += 1) {
      expect((await login(i % 2 === 0 ? a : b, `wrong-${i}`, i)).status).toBe(400);
    }
    expect((await login(a, DEMO_PASSWORD, 0)).status).toBe(429);
    expect((await login(b, DEMO_PASSWORD, 0)).status).toBe(429);
  });
});

// The server's LISTEN connection comes back after the database drops it: open live feeds get a resync
// message, then the next change's notice as before; a stopped listener stays stopped.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_RESYNC } from '../../domain/live.ts';
import { liveFeed } from '../../server/modules/live/liveFeed.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { openLiveFeed } from './liveClient.ts';

let server: TestServer;
let admin: Session;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const createNotice = async (title: string) => {
  const res = await call(server, 'POST', '/v1/notices', { token: admin.token, key: admin.key, body: { title } });
  expect(res.status).toBe(200);
};

/** Ends the backends of this test's database that are LISTENing (the pool's own query is a SELECT). */
async function terminateListeners(pool: pg.Pool, where = 'TRUE'): Promise<number> {
  const res = await pool.query<{ pid: number }>(
    `SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND ${where}`,
  );
  return res.rowCount ?? 0;
}

const listeningBackends = async (pool: pg.Pool, appName: string) =>
  Number((await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND query ILIKE 'LISTEN%'`, [appName],
  )).rows[0].n);

describe('live feed after the LISTEN connection is lost', () => {
  it('reconnects, tells open feeds to resync, and delivers the next change', async () => {
    const feed = await openLiveFeed(server, admin);
    try {
      await createNotice('断线前');
      expect(await feed.next('NoticeCreated')).toMatchObject({ orgId: admin.orgApp!.orgId, type: 'NoticeCreated' });

      expect(await terminateListeners(server.store.pool)).toBe(1);
      expect(await feed.next(LIVE_RESYNC)).toMatchObject({ orgId: admin.orgApp!.orgId, type: LIVE_RESYNC });

      await createNotice('重连后');
      expect(await feed.next('NoticeCreated')).toMatchObject({ orgId: admin.orgApp!.orgId, type: 'NoticeCreated' });

      // and again, as quickly: the successful reconnect reset the backoff (first pause 0.5 s)
      expect(await terminateListeners(server.store.pool)).toBe(1);
      const started = Date.now();
      expect(await feed.next(LIVE_RESYNC)).not.toBeNull();
      expect(Date.now() - started).toBeLessThan(5_000);
      await createNotice('再次重连后');
      expect(await feed.next('NoticeCreated')).not.toBeNull();
    } finally {
      feed.close();
    }
  });

  it('keeps trying while the database refuses, starts the backoff over once back, and stops for good when told to', async () => {
    const appName = `live-stop-${process.pid}`;
    const pool = new pg.Pool({ connectionString: server.store.connectionString, application_name: appName, max: 2 });
    // the first two reconnect attempts are refused
    let refuse = 0;
    const flaky = {
      connect: () => (refuse-- > 0 ? Promise.reject(new Error('the database system is starting up')) : pool.connect()),
    } as unknown as pg.Pool;
    const logs: string[] = [];
    const attempts: number[] = [];
    const delay = (attempt: number) => {
      attempts.push(attempt);
      return 100;
    };
    try {
      const stop = await liveFeed.listen(flaky, { delay, log: (m) => logs.push(m) });
      expect(await listeningBackends(server.store.pool, appName)).toBe(1);

      // lost, refused twice, back
      refuse = 2;
      expect(await terminateListeners(server.store.pool, `application_name = '${appName}'`)).toBe(1);
      await expect.poll(() => logs.some((m) => m.includes('re-established')), { timeout: 5_000, interval: 50 }).toBe(true);
      expect(await listeningBackends(server.store.pool, appName)).toBe(1);
      expect(attempts).toEqual([0, 1, 2]);
      expect(logs.filter((m) => m.includes('reconnect failed'))).toHaveLength(2);

      // lost again: the pauses start over
      expect(await terminateListeners(server.store.pool, `application_name = '${appName}'`)).toBe(1);
      await expect.poll(() => logs.filter((m) => m.includes('re-established')).length, { timeout: 5_000, interval: 50 }).toBe(2);
      expect(attempts).toEqual([0, 1, 2, 0]);

      // lost once more, stopped during the pause: nothing comes back
      expect(await terminateListeners(server.store.pool, `application_name = '${appName}'`)).toBe(1);
      await expect.poll(() => logs.filter((m) => m.includes('lost')).length, { timeout: 5_000, interval: 10 }).toBe(3);
      await stop();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await listeningBackends(server.store.pool, appName)).toBe(0);
      expect(logs.filter((m) => m.includes('re-established'))).toHaveLength(2);
      expect(attempts).toEqual([0, 1, 2, 0, 0]);

      // a clean stop of a healthy listener gives its connection back without LISTEN
      const stop2 = await liveFeed.listen(pool, { delay, log: (m) => logs.push(m) });
      expect(await listeningBackends(server.store.pool, appName)).toBe(1);
      await stop2();
      expect(await listeningBackends(server.store.pool, appName)).toBe(0);
    } finally {
      await pool.end();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { appendToStream, ConcurrencyError, readAll, streamVersion, type Tx } from '../../server/store/eventStore.ts';
import { runCommand } from '../../server/store/command.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ seed: false }); });
afterAll(async () => { await server?.close(); });

const meta = { time: new Date().toISOString(), route: 'test' };
const append = (tx: Tx, streamId: string, expectedVersion: number | 'any', type = 'TestHappened') =>
  appendToStream(tx, { orgId: 'org-test', streamId, streamType: 'test', expectedVersion, events: [{ type, data: { streamId } }], meta });

describe('event store', () => {
  it('lets exactly one of two concurrent appends at the same expected version win', async () => {
    const db = server.store.db;
    await runCommand(db, (tx) => append(tx, 'test-a', 0));
    const results = await Promise.allSettled([1, 2].map(() => runCommand(db, (tx) => append(tx, 'test-a', 1))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(ConcurrencyError);
    expect(await streamVersion(db, 'test-a')).toBe(2);
  });

  it('lets only one of two concurrent creators of a new stream win', async () => {
    const db = server.store.db;
    const results = await Promise.allSettled([1, 2].map(() => runCommand(db, (tx) => append(tx, 'test-new', 0))));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    const rows = await db.selectFrom('events').select('stream_version').where('stream_id', '=', 'test-new').execute();
    expect(rows.map((r) => Number(r.stream_version))).toEqual([1]);
  });

  it('never reads past an event of a still-open transaction', async () => {
    const db = server.store.db;
    const start = (await readAll(db, 0)).at(-1)?.position ?? 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let appended!: () => void;
    const inFlight = new Promise<void>((resolve) => { appended = resolve; });
    const slow = runCommand(db, async (tx) => {
      await append(tx, 'test-slow', 0, 'SlowHappened');
      appended();
      await gate;
    });
    await inFlight;
    await runCommand(db, (tx) => append(tx, 'test-fast', 0, 'FastHappened'));
    // The later commit has a higher position than the open one's, yet must not be read yet.
    const committed = await db.selectFrom('events').select(['type']).where('position', '>', String(start)).execute();
    expect(committed.map((r) => r.type)).toEqual(['FastHappened']);
    expect((await readAll(db, start)).map((e) => e.type)).toEqual([]);
    release();
    await slow;
    expect((await readAll(db, start)).map((e) => e.type)).toEqual(['SlowHappened', 'FastHappened']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { appendToStream, appendToStreams, ConcurrencyError, readAll, streamVersion, type AppendInput, type Tx } from '../../server/store/eventStore.ts';
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
    // the last committed position, read directly: readAll holds back behind the cluster's oldest open transaction
    // (pg_snapshot_xmin spans every database of the server, and other test files run beside this one)
    const last = await db.selectFrom('events').select((eb) => eb.fn.max('position').as('max')).executeTakeFirst();
    const start = Number(last?.max ?? 0);
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
    try {
      await runCommand(db, (tx) => append(tx, 'test-fast', 0, 'FastHappened'));
      // The later commit has a higher position than the open one's, yet must not be read yet.
      const committed = await db.selectFrom('events').select(['type']).where('position', '>', String(start)).execute();
      expect(committed.map((r) => r.type)).toEqual(['FastHappened']);
      expect((await readAll(db, start)).map((e) => e.type)).toEqual([]);
    } finally {
      // an open transaction left behind would hold the pool, and the server would never close
      release();
      await slow;
    }
    // both, in position order, once no transaction anywhere on the server is older than them
    await expect.poll(async () => (await readAll(db, start)).map((e) => e.type), { timeout: 30_000 }).toEqual(['SlowHappened', 'FastHappened']);
  });

  describe('many streams in one append', () => {
    const input = (streamId: string, expectedVersion: number | 'any', n = 1): AppendInput => ({
      orgId: 'org-test', streamId, streamType: 'test', expectedVersion, meta,
      events: Array.from({ length: n }, (_, i) => ({ type: 'BatchHappened', data: { streamId, i } })),
    });
    const versions = async (ids: string[]) => Promise.all(ids.map((id) => streamVersion(server.store.db, id)));

    it('checks every expectation, numbers each stream from its own version and keeps the order of the input', async () => {
      const db = server.store.db;
      await runCommand(db, (tx) => appendToStreams(tx, [input('b-old', 0, 2), input('b-any', 'any')]));
      const stored = await runCommand(db, (tx) => appendToStreams(tx, [input('b-new', 0, 3), input('b-old', 2, 2), input('b-any', 'any'), input('b-fresh-any', 'any')]));
      expect(stored.map((e) => `${e.streamId}@${e.streamVersion}`)).toEqual(['b-new@1', 'b-new@2', 'b-new@3', 'b-old@3', 'b-old@4', 'b-any@2', 'b-fresh-any@1']);
      expect(stored.map((e) => e.position)).toEqual([...stored.map((e) => e.position)].sort((a, b) => a - b));
      expect(await versions(['b-new', 'b-old', 'b-any', 'b-fresh-any'])).toEqual([3, 4, 2, 1]);
      const rows = await db.selectFrom('events').select(['stream_id', 'stream_version', 'position']).where('stream_id', '=', 'b-new').orderBy('position').execute();
      expect(rows.map((r) => [Number(r.stream_version), Number(r.position)])).toEqual(stored.slice(0, 3).map((e) => [e.streamVersion, e.position]));
    });

    it('writes nothing when one stream is not where the caller expected', async () => {
      const db = server.store.db;
      await runCommand(db, (tx) => appendToStreams(tx, [input('c-1', 0), input('c-2', 0)]));
      const before = await db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      for (const batch of [
        [input('c-3', 0), input('c-1', 0)], // c-1 exists
        [input('c-4', 0), input('c-2', 5)], // c-2 is at 1
      ]) {
        await expect(runCommand(db, (tx) => appendToStreams(tx, batch))).rejects.toBeInstanceOf(ConcurrencyError);
      }
      const after = await db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
      expect(await versions(['c-1', 'c-2', 'c-3', 'c-4'])).toEqual([1, 1, 0, 0]);
    });

    it('appends to the same stream twice in one call in order', async () => {
      const stored = await runCommand(server.store.db, (tx) => appendToStreams(tx, [input('d-1', 0), input('d-1', 1, 2)]));
      expect(stored.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    });

    it('lets one of two concurrent batches over a shared stream win', async () => {
      const db = server.store.db;
      await runCommand(db, (tx) => append(tx, 'e-shared', 0));
      const results = await Promise.allSettled(['x', 'y'].map((k) => runCommand(db, (tx) => appendToStreams(tx, [input(`e-${k}`, 0), input('e-shared', 1)]))));
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await versions(['e-shared'])).toEqual([2]);
      expect((await versions(['e-x', 'e-y'])).sort()).toEqual([0, 1]);
    });
  });
});

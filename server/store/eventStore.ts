// Appends events with per-stream optimistic concurrency and applies inline projections in the same
// transaction (ARCHITECTURE.md "Data"; modelled on Emmett's PostgreSQL store).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import { applyProjectionsBatch } from './projections.ts';

export interface EventMeta {
  userId?: string;
  username?: string;
  appId?: string;
  requestId?: string;
  time: string;
  [k: string]: unknown;
}

export interface NewEvent<T = Record<string, unknown>> {
  type: string;
  data: T;
}

export interface StoredEvent<T = Record<string, unknown>> extends NewEvent<T> {
  position: number;
  orgId: string;
  streamId: string;
  streamVersion: number;
  meta: EventMeta;
}

/** Thrown when the stream is not at the expected version: someone else appended first. */
export class ConcurrencyError extends Error {
  constructor(readonly streamId: string, readonly expected: number | 'any') {
    super(`该数据已被他人修改，请刷新后重试 (stream ${streamId}, expected version ${expected})`);
  }
}

export type Tx = Transaction<Database>;

export interface AppendInput {
  orgId: string;
  streamId: string;
  /** the stream's type, e.g. 'user', 'org', 'role' (first part of streamId by convention) */
  streamType: string;
  /** version the caller read; 0 = the stream must not exist; 'any' = no check (idempotent commands only) */
  expectedVersion: number | 'any';
  events: NewEvent[];
  meta: EventMeta;
}

export type Committed = { orgId: string; streamId: string; types: string[] };

/** Append inside an open transaction; projections run there too, so all or nothing is written. */
export async function appendToStream(tx: Tx, input: AppendInput): Promise<StoredEvent[]> {
  return appendToStreams(tx, [input]);
}

// PostgreSQL takes at most 65,535 parameters a statement; an event row binds six.
const EVENT_ROWS_PER_INSERT = 5000;

/**
 * Appends to many streams with a constant number of round trips (one per expectation kind for the stream
 * positions, one insert per 5,000 events, batched projections, one notice per org), so a 10,000-price import
 * is not 40,000 statements. Same rules as one append: each stream's expectation is checked, and the first
 * conflict throws ConcurrencyError for the whole transaction.
 */
export async function appendToStreams(tx: Tx, inputs: AppendInput[]): Promise<StoredEvent[]> {
  const work = inputs.filter((i) => i.events.length > 0);
  if (work.length === 0) return [];
  if (new Set(work.map((i) => i.streamId)).size !== work.length) {
    // the same stream twice: its second expectation depends on the first append, so go one by one
    const out: StoredEvent[] = [];
    for (const input of work) out.push(...(await appendToStreams(tx, [input])));
    return out;
  }
  const from = await reserveVersions(tx, work);
  const rows = work.flatMap((input) => input.events.map((e, i) => ({
    org_id: input.orgId,
    stream_id: input.streamId,
    stream_version: from.get(input.streamId)! + i + 1,
    type: e.type,
    data: JSON.stringify(e.data),
    meta: JSON.stringify(input.meta),
  })));
  const positions: number[] = [];
  for (let i = 0; i < rows.length; i += EVENT_ROWS_PER_INSERT) {
    // RETURNING follows the order of VALUES, so positions line up with rows
    const inserted = await tx.insertInto('events').values(rows.slice(i, i + EVENT_ROWS_PER_INSERT)).returning('position').execute();
    positions.push(...inserted.map((r) => Number(r.position)));
  }
  let n = 0;
  const stored: StoredEvent[] = work.flatMap((input) => input.events.map((e, i) => ({
    ...e,
    position: positions[n++],
    orgId: input.orgId,
    streamId: input.streamId,
    streamVersion: from.get(input.streamId)! + i + 1,
    meta: input.meta,
  })));
  await applyProjectionsBatch(tx, stored);
  // Live updates: delivered to listeners only when the transaction commits (NOTIFY is transactional).
  // One stream keeps its own id; a batch sends one notice per org naming the stream type.
  const notices = new Map<string, { orgId: string; streamId: string; types: Set<string> }>();
  for (const input of work) {
    const streamId = work.length === 1 ? input.streamId : input.streamType;
    const notice = notices.get(input.orgId) ?? { orgId: input.orgId, streamId, types: new Set<string>() };
    for (const e of input.events) notice.types.add(e.type);
    notices.set(input.orgId, notice);
  }
  const payloads = [...notices.values()].map((v) => JSON.stringify({ orgId: v.orgId, streamId: v.streamId, types: [...v.types] }));
  await sql`SELECT pg_notify('events', p) FROM unnest(${payloads}::text[]) AS p`.execute(tx);
  return stored;
}

/**
 * Moves each stream's position past its new events, checking the caller's expectation, and returns the
 * version each stream stood at. The first statement is raw SQL: import dry runs stop at it (importRoutes.ts).
 */
async function reserveVersions(tx: Tx, work: AppendInput[]): Promise<Map<string, number>> {
  const from = new Map<string, number>();
  const fresh = work.filter((i) => i.expectedVersion === 0);
  const any = work.filter((i) => i.expectedVersion === 'any');
  const known = work.filter((i) => typeof i.expectedVersion === 'number' && i.expectedVersion !== 0);
  const cols = (list: AppendInput[]) => ({
    ids: list.map((i) => i.streamId), orgs: list.map((i) => i.orgId), types: list.map((i) => i.streamType), counts: list.map((i) => i.events.length),
  });
  if (fresh.length) {
    const c = cols(fresh);
    const { rows } = await sql<{ stream_id: string }>`
      INSERT INTO streams (stream_id, org_id, stream_type, stream_position)
      SELECT * FROM unnest(${c.ids}::text[], ${c.orgs}::text[], ${c.types}::text[], ${c.counts}::bigint[])
      ON CONFLICT (org_id, stream_id) DO NOTHING RETURNING stream_id`.execute(tx);
    if (rows.length !== fresh.length) {
      const made = new Set(rows.map((r) => r.stream_id));
      throw new ConcurrencyError(fresh.find((i) => !made.has(i.streamId))!.streamId, 0);
    }
    for (const i of fresh) from.set(i.streamId, 0);
  }
  if (known.length) {
    // Under READ COMMITTED a concurrent updater waits for the row lock, then re-checks the WHERE
    // against the committed row: the loser updates nothing and gets the conflict.
    const c = cols(known);
    const expected = known.map((i) => i.expectedVersion as number);
    const { rows } = await sql<{ stream_id: string }>`
      UPDATE streams s SET stream_position = s.stream_position + v.n
      FROM unnest(${c.ids}::text[], ${c.orgs}::text[], ${expected}::bigint[], ${c.counts}::bigint[]) AS v(id, org_id, expected, n)
      WHERE s.org_id = v.org_id AND s.stream_id = v.id AND s.stream_position = v.expected RETURNING s.stream_id`.execute(tx);
    if (rows.length !== known.length) {
      const moved = new Set(rows.map((r) => r.stream_id));
      const lost = known.find((i) => !moved.has(i.streamId))!;
      throw new ConcurrencyError(lost.streamId, lost.expectedVersion);
    }
    for (const [k, i] of known.entries()) from.set(i.streamId, expected[k]);
  }
  if (any.length) {
    const c = cols(any);
    const { rows } = await sql<{ stream_id: string; stream_position: string }>`
      INSERT INTO streams (stream_id, org_id, stream_type, stream_position)
      SELECT * FROM unnest(${c.ids}::text[], ${c.orgs}::text[], ${c.types}::text[], ${c.counts}::bigint[])
      ON CONFLICT (org_id, stream_id) DO UPDATE SET stream_position = streams.stream_position + excluded.stream_position
      RETURNING stream_id, stream_position`.execute(tx);
    const counts = new Map(any.map((i) => [i.streamId, i.events.length]));
    for (const r of rows) from.set(r.stream_id, Number(r.stream_position) - counts.get(r.stream_id)!);
  }
  return from;
}

/** The current version of a stream (0 when it does not exist). */
export async function streamVersion(db: Kysely<Database> | Tx, streamId: string): Promise<number> {
  const row = await db.selectFrom('streams').select('stream_position').where('stream_id', '=', streamId).executeTakeFirst();
  return row ? Number(row.stream_position) : 0;
}

/** The current version of each stream in one read (0 for a stream that does not exist). */
export async function streamVersions(db: Kysely<Database> | Tx, streamIds: string[]): Promise<Map<string, number>> {
  const rows = streamIds.length ? await db.selectFrom('streams').select(['stream_id', 'stream_position']).where('stream_id', 'in', streamIds).execute() : [];
  const found = new Map(rows.map((r) => [r.stream_id, Number(r.stream_position)]));
  return new Map(streamIds.map((id) => [id, found.get(id) ?? 0]));
}

/**
 * Reads the global log after `after`, never past an event whose transaction may still be open:
 * positions are handed out before commit, so a bare `position > n` read could skip a late committer.
 */
export async function readAll(db: Kysely<Database>, after: number, limit = 1000): Promise<StoredEvent[]> {
  const { rows } = await sql<{
    position: number; org_id: string; stream_id: string; stream_version: number; type: string; data: Record<string, unknown>; meta: EventMeta;
  }>`
    SELECT position, org_id, stream_id, stream_version, type, data, meta FROM events
    WHERE position > ${after} AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY position LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    position: Number(r.position), orgId: r.org_id, streamId: r.stream_id, streamVersion: Number(r.stream_version),
    type: r.type, data: r.data, meta: r.meta,
  }));
}

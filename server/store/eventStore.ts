// Appends events with per-stream optimistic concurrency and applies inline projections in the same
// transaction (ARCHITECTURE.md "Data"; modelled on Emmett's PostgreSQL store).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import { applyProjections } from './projections.ts';

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
  const { orgId, streamId, streamType, expectedVersion, events, meta } = input;
  if (events.length === 0) return [];
  let from: number;
  if (expectedVersion === 'any') {
    const row = await sql<{ stream_position: number }>`
      INSERT INTO streams (stream_id, org_id, stream_type, stream_position)
      VALUES (${streamId}, ${orgId}, ${streamType}, ${events.length})
      ON CONFLICT (stream_id) DO UPDATE SET stream_position = streams.stream_position + ${events.length}
      RETURNING stream_position`.execute(tx);
    from = Number(row.rows[0].stream_position) - events.length;
  } else if (expectedVersion === 0) {
    const row = await sql`
      INSERT INTO streams (stream_id, org_id, stream_type, stream_position)
      VALUES (${streamId}, ${orgId}, ${streamType}, ${events.length})
      ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id`.execute(tx);
    if (row.rows.length === 0) throw new ConcurrencyError(streamId, expectedVersion);
    from = 0;
  } else {
    // Under READ COMMITTED a concurrent updater waits for the row lock, then re-checks the WHERE
    // against the committed row: the loser updates nothing and gets the conflict.
    const row = await sql`
      UPDATE streams SET stream_position = stream_position + ${events.length}
      WHERE stream_id = ${streamId} AND stream_position = ${expectedVersion} RETURNING stream_id`.execute(tx);
    if (row.rows.length === 0) throw new ConcurrencyError(streamId, expectedVersion);
    from = expectedVersion;
  }
  const inserted = await tx
    .insertInto('events')
    .values(events.map((e, i) => ({
      org_id: orgId,
      stream_id: streamId,
      stream_version: from + i + 1,
      type: e.type,
      data: JSON.stringify(e.data),
      meta: JSON.stringify(meta),
    })))
    .returning(['position', 'stream_version'])
    .execute();
  const stored: StoredEvent[] = events.map((e, i) => ({
    ...e,
    position: Number(inserted[i].position),
    orgId,
    streamId,
    streamVersion: Number(inserted[i].stream_version),
    meta,
  }));
  for (const event of stored) await applyProjections(tx, event);
  // Live updates: delivered to listeners only when the transaction commits (NOTIFY is transactional).
  await sql`SELECT pg_notify('events', ${JSON.stringify({ orgId, streamId, types: events.map((e) => e.type) })})`.execute(tx);
  return stored;
}

/** The current version of a stream (0 when it does not exist). */
export async function streamVersion(db: Kysely<Database> | Tx, streamId: string): Promise<number> {
  const row = await db.selectFrom('streams').select('stream_position').where('stream_id', '=', streamId).executeTakeFirst();
  return row ? Number(row.stream_position) : 0;
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

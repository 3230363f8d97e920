// The one write path (ARCHITECTURE.md "Data", STYLE.md decider): load the aggregate's state and version
// together, let its pure decider decide, append at the version loaded. A command runs in one transaction, so a
// refusal or any throw leaves nothing half-written, and an append whose stream moved since the load fails.
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { appendToStream, appendToStreams, ConcurrencyError, type EventMeta, type StoredEvent, type Tx } from './eventStore.ts';
import { fold, isRefusal, type Decider, type DomainEvent, type Refusal } from '../../domain/decider.ts';
import { refusalError } from '../http/refusal.ts';
import { conflict } from '../http/errors.ts';

export function runCommand<T>(db: Kysely<Database>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

/** Who, when, where: stored with every event and shown by the operation log. */
export function metaOf(request: FastifyRequest, now: Date): EventMeta {
  return {
    userId: request.user?.userId,
    username: request.user?.username,
    appId: request.orgApp?.appId,
    requestId: request.id,
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
    time: now.toISOString(),
  };
}

/**
 * The version of the aggregate the client edited: `version` in the body or an `If-Match` header (a bare
 * number or an ETag such as `"3"` / `W/"3"`). Undefined when the client sent none.
 */
export function clientVersion(request: FastifyRequest): number | undefined {
  const body = request.body as { version?: unknown } | undefined;
  if (body && typeof body === 'object' && typeof body.version === 'number') return body.version;
  const header = request.headers['if-match'];
  const match = typeof header === 'string' ? /^(?:W\/)?"?(\d{1,15})"?$/.exec(header.trim()) : null;
  return match ? Number(match[1]) : undefined;
}

export interface Loaded<S> {
  state: S;
  version: number;
}

export interface CommandSpec<C, S, E extends DomainEvent> {
  orgId: string;
  streamId: string;
  streamType: string;
  decider: Decider<C, S, E>;
  command: C;
  meta: EventMeta;
  /** the version the client read; when it is not the version loaded, the command is refused with 409 */
  expectedVersion?: number;
  /**
   * Loads state and version from elsewhere than the stream's events (a projection row and the stream's
   * version), for aggregates whose older events predate their decider. Default: fold the stream.
   */
  load?: (tx: Tx) => Promise<Loaded<S>>;
}

export interface CommandResult<S, E> {
  events: StoredEvent[];
  /** the decided events as the decider typed them */
  decided: E[];
  /** the state after the new events, and the version it stands at */
  state: S;
  version: number;
}

/** Folds the stream's events with the decider; version 0 and the initial state when it does not exist. */
export async function loadStream<S, E extends DomainEvent>(tx: Tx, streamId: string, decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>): Promise<Loaded<S>> {
  const rows = await tx.selectFrom('events').select(['type', 'data', 'stream_version']).where('stream_id', '=', streamId).orderBy('stream_version').execute();
  const events = rows.map((r) => ({ type: r.type, data: r.data }) as E);
  return { state: fold(decider, events), version: rows.length ? Number(rows[rows.length - 1].stream_version) : 0 };
}

/**
 * State kept in projection rows, read consistently with the stream's version: the stream's row is locked
 * first, so no append to it can commit between reading the version and reading the rows. A stream that does
 * not exist yet has nothing to lock; its first append (at version 0) fails if another one made it meanwhile.
 */
export async function loadLocked<S>(tx: Tx, orgId: string, streamId: string, read: () => Promise<S>): Promise<Loaded<S>> {
  const row = await tx.selectFrom('streams').select('stream_position').where('org_id', '=', orgId).where('stream_id', '=', streamId).forUpdate().executeTakeFirst();
  return { state: await read(), version: row ? Number(row.stream_position) : 0 };
}

/**
 * Serialises, until the transaction ends, the commands that check a fact spanning many streams (a name unique in
 * an org): each one reads what the others committed before deciding.
 */
export async function lockKey(tx: Tx, scope: string, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`.execute(tx);
}

/** 409 naming who changed the aggregate since the version the client read, and when. */
async function staleVersion(tx: Tx, streamId: string, read: number): Promise<Error> {
  const later = await tx.selectFrom('events').select(['type', 'meta']).where('stream_id', '=', streamId)
    .where('stream_version', '>', String(read)).orderBy('stream_version', 'desc').limit(1).execute();
  return staleText(later[0]);
}

function staleText(event: { type: string; meta: unknown } | undefined): Error {
  const last = event?.meta as EventMeta | undefined;
  if (!event || !last) return conflict('该数据已被他人修改，请刷新后重试');
  const when = last.time ? new Date(last.time).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '';
  return conflict(`该数据已被${last.username ? ` ${last.username} ` : '他人'}于 ${when} 修改（${event.type}），请刷新后重试`);
}

/**
 * 409 for a record that shares its stream with others (an org's contacts) and keeps the stream version of its own
 * last change: names who made that change (the event at `changedAt`) and when.
 */
export async function staleRecord(tx: Tx, orgId: string, streamId: string, changedAt: number): Promise<Error> {
  const event = await tx.selectFrom('events').select(['type', 'meta']).where('org_id', '=', orgId).where('stream_id', '=', streamId)
    .where('stream_version', '=', String(changedAt)).executeTakeFirst();
  return staleText(event);
}

/**
 * Inside an open transaction: load, decide, append at the version loaded. A refusal throws its HTTP error; a
 * stale client version throws 409; a concurrent append between the load and the append throws ConcurrencyError.
 * `dryRun` decides without appending (import previews).
 */
export async function decideAndAppend<C, S, E extends DomainEvent>(tx: Tx, spec: CommandSpec<C, S, E>, dryRun = false): Promise<CommandResult<S, E>> {
  const loaded = spec.load ? await spec.load(tx) : await loadStream(tx, spec.streamId, spec.decider);
  if (spec.expectedVersion !== undefined && spec.expectedVersion !== loaded.version) throw await staleVersion(tx, spec.streamId, spec.expectedVersion);
  const decision = spec.decider.decide(spec.command, loaded.state);
  if (isRefusal(decision)) throw refusalError(decision);
  const state = decision.reduce(spec.decider.evolve, loaded.state);
  if (dryRun || decision.length === 0) return { events: [], decided: decision, state, version: loaded.version };
  const events = await appendToStream(tx, {
    orgId: spec.orgId, streamId: spec.streamId, streamType: spec.streamType, expectedVersion: loaded.version,
    events: decision.map((e) => ({ type: e.type, data: e.data as Record<string, unknown> })), meta: spec.meta,
  });
  return { events, decided: decision, state, version: loaded.version + decision.length };
}

const ATTEMPTS = 3;

/**
 * Runs `fn` in a transaction; when it lost a race (ConcurrencyError) and `retry` holds — no client named the
 * version it read — it runs again on the state the winner left, so nothing is decided twice on one state.
 */
export async function runDecisions<T>(db: Kysely<Database>, fn: (tx: Tx) => Promise<T>, retry = true): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runCommand(db, fn);
    } catch (e) {
      if (!(e instanceof ConcurrencyError) || !retry || attempt === ATTEMPTS) throw e;
    }
  }
}

/**
 * One command in its own transaction. Without a client version, a lost race is decided again on the state
 * the winner left (never twice on the same state); with one, the loser gets the 409.
 */
export function handleCommand<C, S, E extends DomainEvent>(db: Kysely<Database>, spec: CommandSpec<C, S, E>): Promise<CommandResult<S, E>> {
  return runDecisions(db, (tx) => decideAndAppend(tx, spec), spec.expectedVersion === undefined);
}

/** One command of a batch, with the state and version its caller loaded in bulk (projection rows with versions). */
export interface BatchItem<C, S> {
  orgId: string;
  streamId: string;
  streamType: string;
  command: C;
  loaded: Loaded<S>;
}

export interface BatchDecision<E> {
  /** the events of each item that was decided, to append at the version it was decided on */
  decided: { orgId: string; streamId: string; streamType: string; version: number; events: E[] }[];
  /** the refusals, by the item's index */
  refusals: { index: number; refusal: Refusal }[];
}

/**
 * Decides a batch (imports, a supplier's thousands of prices) without appending: the caller reports every refused
 * row at once, or appends them all with `appendDecided`. A dry run stops here.
 */
export function decideEach<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, items: BatchItem<C, S>[]): BatchDecision<E> {
  const out: BatchDecision<E> = { decided: [], refusals: [] };
  // a stream named again is decided on the state its earlier commands left, at the version they reach
  const running = new Map<string, Loaded<S>>();
  for (const [index, item] of items.entries()) {
    const loaded = running.get(item.streamId) ?? item.loaded;
    const decision = decider.decide(item.command, loaded.state);
    if (isRefusal(decision)) { out.refusals.push({ index, refusal: decision }); continue; }
    if (!decision.length) continue;
    out.decided.push({ orgId: item.orgId, streamId: item.streamId, streamType: item.streamType, version: loaded.version, events: decision });
    running.set(item.streamId, { state: decision.reduce(decider.evolve, loaded.state), version: loaded.version + decision.length });
  }
  return out;
}

/**
 * The versions of many streams of one org, their rows locked until the transaction ends, so projection rows read
 * after this are the state at those versions (the batch form of loadLocked). 0 for a stream not yet made.
 */
export async function lockVersions(tx: Tx, orgId: string, streamIds: string[]): Promise<Map<string, number>> {
  const rows = streamIds.length
    ? await tx.selectFrom('streams').select(['stream_id', 'stream_position']).where('org_id', '=', orgId).where('stream_id', 'in', streamIds).orderBy('stream_id').forUpdate().execute()
    : [];
  const found = new Map(rows.map((r) => [r.stream_id, Number(r.stream_position)]));
  return new Map(streamIds.map((id) => [id, found.get(id) ?? 0]));
}

/** Appends a decided batch in a few statements, each stream at the version it was decided on. */
export async function appendDecided<E extends DomainEvent>(tx: Tx, decided: BatchDecision<E>['decided'], meta: EventMeta): Promise<StoredEvent[]> {
  return appendToStreams(tx, decided.map((d) => ({
    orgId: d.orgId, streamId: d.streamId, streamType: d.streamType, expectedVersion: d.version, meta,
    events: d.events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown> })),
  })));
}

/** The parts of a command spec every request supplies: its org, and who, when and where for the meta. */
export const requestCommand = (request: FastifyRequest, now: Date) => ({
  orgId: request.orgApp!.orgId,
  meta: metaOf(request, now),
  expectedVersion: clientVersion(request),
});

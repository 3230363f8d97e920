// A command runs in one transaction: validate against current state, append events, project inline.
// Any throw rolls everything back, so nothing is half-written.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { appendToStream, streamVersion, type EventMeta, type NewEvent, type Tx } from './eventStore.ts';

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
 * Appends for the request's org with its meta, at the version the caller read (`expected`) or, when none, the
 * stream's version now (still checked against a concurrent append inside the transaction).
 */
export const requestAppender = (clock: () => Date) => async (tx: Tx, request: FastifyRequest, streamId: string, streamType: string, events: NewEvent[], expected?: number) =>
  appendToStream(tx, {
    orgId: request.orgApp!.orgId, streamId, streamType, expectedVersion: expected ?? await streamVersion(tx, streamId), events, meta: metaOf(request, clock()),
  });

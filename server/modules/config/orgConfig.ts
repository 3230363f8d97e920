// Reading and writing org config by path (§3 org config; §7 GET/PUT /v1/config/org).
// A row holds a top-level path (e.g. 'nutritiousmeals'); a dotted path ('nutritiousmeals.semester') reads
// and writes inside the stored row it starts with, so both spellings always agree.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { decideAndAppend, loadLocked, metaOf } from '../../store/command.ts';
import { streams } from '../users/streams.ts';
import { getIn, orgConfigDecider } from '../../../domain/aggregates/orgConfig.ts';

type Db = Kysely<Database> | Tx;

/** The stored rows of an org-app: its own, falling back to the org-wide rows (app_id ''). */
export async function configRows(db: Db, orgId: string, appId: string): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('org_config').select(['app_id', 'path', 'value'])
    .where('org_id', '=', orgId).where('app_id', 'in', [appId, '']).execute();
  const out = new Map<string, unknown>();
  for (const r of rows.filter((r) => r.app_id === '')) out.set(r.path, r.value);
  for (const r of rows.filter((r) => r.app_id !== '')) out.set(r.path, r.value);
  return out;
}

/** The stored path a requested path lives in: the path itself, else its longest stored prefix. */
function storedPathOf(rows: Map<string, unknown>, path: string): string | undefined {
  if (rows.has(path)) return path;
  const parts = path.split('.');
  for (let n = parts.length - 1; n > 0; n--) {
    const prefix = parts.slice(0, n).join('.');
    if (rows.has(prefix)) return prefix;
  }
  return undefined;
}

export function readPath(rows: Map<string, unknown>, path: string): unknown {
  const stored = storedPathOf(rows, path);
  if (stored === undefined) return undefined;
  const rest = path === stored ? [] : path.slice(stored.length + 1).split('.');
  return getIn(rows.get(stored), rest);
}

/** {path: value} for the requested paths (null when unset); every stored path when none are asked for. */
export async function readConfig(db: Db, orgId: string, appId: string, paths: string[]): Promise<Record<string, unknown>> {
  const rows = await configRows(db, orgId, appId);
  if (paths.length === 0) return Object.fromEntries(rows);
  return Object.fromEntries(paths.map((p) => [p, readPath(rows, p) ?? null]));
}

/** Sets a path as a command: the value at the stored path is read under the stream's lock, decided, appended. */
/**
 * The version of the settings document a path lives in (its stored path's stream; 0 before the first write): a GET
 * answers it as `ETag: "n"`, a write takes it back as If-Match and answers 409 when it moved (docs/versions.md).
 */
export async function configVersion(db: Db, target: { orgId: string; appId: string }, path: string): Promise<number> {
  const stored = storedPathOf(await configRows(db, target.orgId, target.appId), path) ?? path;
  const row = await db.selectFrom('streams').select('stream_position').where('org_id', '=', target.orgId)
    .where('stream_id', '=', streams.config(target.orgId, target.appId, stored)).executeTakeFirst();
  return row ? Number(row.stream_position) : 0;
}

/** PUT /v2/config/org writes several paths: their next versions, as JSON {path: n}, in this header (ETag names one). */
export const CONFIG_VERSIONS_HEADER = 'config-versions';

/** Answers the settings document's version of `path` as the ETag an editor sends back as If-Match. */
export async function configETag(reply: FastifyReply, db: Db, target: { orgId: string; appId: string }, path: string): Promise<void> {
  reply.header('etag', `"${await configVersion(db, target, path)}"`);
}

/** `expectedVersion`: the settings document's version the editor read (If-Match); a stale one is a 409. */
export async function writeConfig(tx: Tx, request: FastifyRequest, now: Date, target: { orgId: string; appId: string }, path: string, value: unknown, expectedVersion?: number): Promise<void> {
  const stored = storedPathOf(await configRows(tx, target.orgId, target.appId), path) ?? path;
  const streamId = streams.config(target.orgId, target.appId, stored);
  await decideAndAppend(tx, {
    orgId: target.orgId, streamId, streamType: 'config', decider: orgConfigDecider, meta: metaOf(request, now), expectedVersion,
    command: { type: 'SetConfig', appId: target.appId, storedPath: stored, keys: stored === path ? [] : path.slice(stored.length + 1).split('.'), value },
    load: () => loadLocked(tx, target.orgId, streamId, async () => ({ value: (await configRows(tx, target.orgId, target.appId)).get(stored) })),
  });
}

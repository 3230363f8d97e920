// Reading and writing org config by path (§3 org config; §7 GET/PUT /v1/config/org).
// A row holds a top-level path (e.g. 'nutritiousmeals'); a dotted path ('nutritiousmeals.semester') reads
// and writes inside the stored row it starts with, so both spellings always agree.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { appendToStream, streamVersion, type Tx } from '../../store/eventStore.ts';
import { metaOf } from '../../store/command.ts';
import { streams } from '../users/streams.ts';
import type { OrgConfigSet } from './projection.ts';

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

function getIn(value: unknown, keys: string[]): unknown {
  let v = value;
  for (const k of keys) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

function setIn(value: unknown, keys: string[], next: unknown): unknown {
  if (keys.length === 0) return next;
  const base = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const [k, ...rest] = keys;
  return { ...base, [k]: setIn(base[k], rest, next) };
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

/** Sets a path as a command: appends OrgConfigSet at the version read, so concurrent writers of one path conflict. */
export async function writeConfig(tx: Tx, request: FastifyRequest, now: Date, target: { orgId: string; appId: string }, path: string, value: unknown): Promise<void> {
  const rows = await configRows(tx, target.orgId, target.appId);
  const stored = storedPathOf(rows, path) ?? path;
  const next = stored === path ? value : setIn(rows.get(stored), path.slice(stored.length + 1).split('.'), value);
  const streamId = streams.config(target.orgId, target.appId, stored);
  const data: OrgConfigSet = { appId: target.appId, path: stored, value: next };
  await appendToStream(tx, {
    orgId: target.orgId, streamId, streamType: 'config', expectedVersion: await streamVersion(tx, streamId),
    events: [{ type: 'OrgConfigSet', data: { ...data } }], meta: metaOf(request, now),
  });
}

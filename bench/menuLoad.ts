// Requests per second and latency of GET /v2/permission/user/menu under 50 concurrent connections, beside the
// same two queries (caller, menu) through bare `pg` + JSON in a process of their own (bench/bareMenuServer.ts),
// measured in the same run: the ratio is the server's overhead (framework, validation, hooks, logging) and is
// what the goal of issue 12 names (≥ 0.7). Also the server's CPU time per request (node + PostgreSQL) and the
// load average: on a shared machine requests per second halve when others' tests run, CPU per request does not.
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { callerQuery } from '../server/http/auth.ts';
import { menuStatement, seesEverything } from '../server/modules/permissions/menu.ts';
import type { Database } from '../server/store/schema.ts';
import { freePort } from '../server/store/database.ts';
import { apiSession, percentile, treeCpuMs, type BenchServer } from './serverProcess.ts';

const CONNECTIONS = 50;
const DURATION_MS = 10_000;
const WARMUP_MS = 2_000;
const ROUNDS = 2;
const PATH = '/v2/permission/user/menu?groupName=pcMenu';

/** 50 keep-alive connections asking `url` as fast as answers come, for `ms`: each answer's latency. */
async function load(url: string, headers: Record<string, string>, ms: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const { hostname, port } = new URL(url);
  const get = () => new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ hostname, port, agent, path: PATH, headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
  const latencies: number[] = [];
  const until = performance.now() + ms;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < until) latencies.push(await get());
  }));
  agent.destroy();
  return latencies;
}

/** One measured run: requests per second, p50/p99, CPU per request of the processes `pids` (with children). */
async function measure(url: string, headers: Record<string, string>, pids: number[]) {
  await load(url, headers, WARMUP_MS);
  const cpu = () => pids.reduce<number | undefined>((sum, pid) => (sum === undefined ? undefined : (treeCpuMs(pid) ?? NaN) + sum), 0);
  const cpuBefore = cpu();
  const started = performance.now();
  const latencies = await load(url, headers, DURATION_MS);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpu();
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: +percentile(latencies, 50).toFixed(1),
    p99Ms: +percentile(latencies, 99).toFixed(1),
    cpuMsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? null : +((cpuAfter - cpuBefore) / latencies.length).toFixed(2),
  };
}

/** The SQL and parameters the endpoint runs for this caller, compiled by the server's own query builders. */
async function endpointQueries(databaseUrl: string, token: string, key: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    const caller = callerQuery(token, key).compile(db);
    const { rows: [row] } = await pool.query<{ org_id: string; app_id: string; roles: { roleId: string; name: string; code: string }[] }>(caller.sql, [...caller.parameters]);
    const roleIds = seesEverything(row.roles) ? 'all' as const : row.roles.map((r) => r.roleId);
    const menu = menuStatement(db, { orgId: row.org_id, appId: row.app_id, groupName: 'pcMenu', roleIds });
    return { caller: { sql: caller.sql, parameters: caller.parameters }, menu };
  } finally {
    await db.destroy();
  }
}

async function startBareServer(databaseUrl: string, queries: object) {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/bareMenuServer.ts', String(port)], {
    env: { ...process.env, BARE_MENU: JSON.stringify({ databaseUrl, ...queries }) }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    proc.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('ready')) resolve(); });
  });
  return {
    url: `http://127.0.0.1:${port}`, pid: proc.pid!,
    async stop() { const exited = new Promise((r) => proc.once('exit', r)); proc.kill('SIGTERM'); await exited; },
  };
}

export async function benchMenuLoad(server: BenchServer) {
  const { token, key } = await apiSession(server, '13800000002');
  const headers = { accesstoken: token, key, platform: 'web' };
  const bare = await startBareServer(server.databaseUrl, await endpointQueries(server.databaseUrl, token, key));
  try {
    // alternate, so a burst of someone else's load on this machine falls on both; keep each one's best round
    const runs: { which: string; run: Awaited<ReturnType<typeof measure>> }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // the server's PostgreSQL is its child: the bare run's CPU counts it too
      runs.push({ which: 'server (Fastify)', run: await measure(server.url, headers, [server.proc.pid!]) });
      runs.push({ which: 'bare pg + JSON', run: await measure(bare.url, headers, [bare.pid, server.proc.pid!]) });
    }
    const best = (which: string) => runs.filter((r) => r.which === which).map((r) => r.run).sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)[0];
    const fastify = best('server (Fastify)');
    const baseline = best('bare pg + JSON');
    return {
      'server (Fastify)': { connections: CONNECTIONS, ...fastify },
      'bare pg + JSON': { connections: CONNECTIONS, ...baseline },
      ratio: { requestsPerSecond: +(fastify.requestsPerSecond / baseline.requestsPerSecond).toFixed(2), loadAverage1m: +os.loadavg()[0].toFixed(1) },
    };
  } finally {
    await bare.stop();
  }
}

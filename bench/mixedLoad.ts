// Issue 32: 200 signed-in people looping over the menu, their powers, contacts departments and the first 50 prices,
// with one category write (POST once, then PUT at the version read) in ten requests, against the server in its own
// process. Prints requests/s, p50/p99, errors, and the CPU milliseconds per request of the Node server process alone
// and of its embedded PostgreSQL (the server's child processes), both from /proc/<pid>/stat: nothing in the server
// reports its own clock.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { apiSession, percentile, treeCpuMs, type BenchServer } from './serverProcess.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 20_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 5_000);
const READS = ['/v2/permission/user/menu?groupName=pcMenu', '/v2/roles/user/permission', '/v3/contacts/department', '/v5/mall/sku/price?$limit=50'];
/**
 * The demo accounts the people sign in as, in turn (each person a session of his own): the school admin (admin roles
 * pass the §6 powers on their roles, and he edits categories) and the school purchaser (his powers come from his
 * roles' permissions, looked up per request; he may not edit categories). The admin's people write one request in
 * five and the purchaser's none: one write in ten overall.
 */
const ACCOUNTS: { username: string; org?: string; writes: boolean }[] = [
  { username: '13800000008', writes: true }, { username: '13800000002', writes: false },
];

interface Person { token: string; key: string; categoryId: string; version: number; n: number; writes: boolean }

/** CPU ms of one process (utime + stime), from /proc. */
function ownCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

export async function benchMixedLoad(server: BenchServer) {
  const { hostname, port } = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: PEOPLE });
  const send = (person: Person, method: string, path: string, body?: unknown) => new Promise<{ status: number; data: unknown }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({
      hostname, port, agent, path, method,
      headers: { platform: 'web', accesstoken: person.token, key: person.key, ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let parsed: { status_code?: number; data?: unknown } = {};
        try { parsed = JSON.parse(Buffer.concat(chunks).toString()); } catch { /* counted as an error below */ }
        resolve({ status: res.statusCode === 200 && parsed.status_code === 200 ? 200 : (res.statusCode ?? 0), data: parsed.data });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });

  // which accounts can do every call (probe once), then 200 sessions over them, each with a category of its own
  const usable: typeof ACCOUNTS = [];
  const refused: string[] = [];
  for (const account of ACCOUNTS) {
    try {
      const s = await apiSession(server, account.username, account.org);
      const probe: Person = { token: s.token, key: s.key, categoryId: '', version: 0, n: 0, writes: account.writes };
      const made = account.writes ? await send(probe, 'POST', '/v2/category', { groupName: 'mallProduct', list: [{ name: `压测探针${account.username}` }] }) : { status: 200 };
      const codes = [made.status, ...(await Promise.all(READS.map((p) => send(probe, 'GET', p)))).map((r) => r.status)];
      if (codes.every((c) => c === 200)) usable.push(account); else refused.push(`${account.username}: ${codes.join(',')}`);
    } catch (e) { refused.push(`${account.username}: ${(e as Error).message}`); }
  }
  if (!usable.length) throw new Error(`no demo account can make every call: ${refused.join('; ')}`);
  const people: Person[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const account = usable[i % usable.length];
    const s = await apiSession(server, account.username, account.org);
    const person: Person = { token: s.token, key: s.key, categoryId: '', version: 0, n: i, writes: account.writes };
    people.push(person);
    if (!account.writes) continue;
    const made = await send(person, 'POST', '/v2/category', { groupName: 'mallProduct', list: [{ name: `压测分类${i}` }] });
    const row = (made.data as { rows: { id: string; version: number }[] }).rows[0];
    person.categoryId = row.id;
    person.version = row.version;
  }

  let recording = false;
  const latencies: number[] = [];
  let errors = 0;
  const errorKinds = new Map<string, number>();
  let writes = 0;
  const step = async (p: Person) => {
    p.n += 1;
    const write = p.writes && p.n % 5 === 0;
    const started = performance.now();
    const res = write
      ? await send(p, 'PUT', `/v2/category/${p.categoryId}`, { name: `压测分类${p.n}`, version: p.version })
      : await send(p, 'GET', READS[p.n % READS.length]);
    const ms = performance.now() - started;
    if (write && res.status === 200) p.version = (res.data as { version: number }).version;
    if (!recording) return;
    latencies.push(ms);
    if (write) writes += 1;
    if (res.status !== 200) {
      errors += 1;
      const k = `${write ? 'PUT category' : READS[p.n % READS.length]} → ${res.status}`;
      errorKinds.set(k, (errorKinds.get(k) ?? 0) + 1);
    }
  };
  // PG_STAT_STATEMENTS=true: the server's PostgreSQL counts statements (the server reads the same variable), and the
  // run prints what each statement cost per request; its timing adds a little to PostgreSQL's CPU
  const statements = process.env.PG_STAT_STATEMENTS === 'true' ? new pg.Client({ connectionString: server.databaseUrl }) : null;
  if (statements) {
    await statements.connect();
    await statements.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  }
  let stop = false;
  const loops = Promise.all(people.map(async (p) => { while (!stop) await step(p); }));
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const pid = server.proc.pid!;
  const nodeBefore = ownCpuMs(pid);
  const treeBefore = treeCpuMs(pid)!;
  const load1 = os.loadavg()[0];
  if (statements) await statements.query('SELECT pg_stat_statements_reset()');
  const benchBefore = process.cpuUsage();
  recording = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, DURATION_MS));
  recording = false;
  const seconds = (performance.now() - started) / 1000;
  const nodeMs = ownCpuMs(pid) - nodeBefore;
  const pgMs = treeCpuMs(pid)! - treeBefore - nodeMs;
  const benchCpu = process.cpuUsage(benchBefore);
  const topStatements = statements ? (await statements.query<{ query: string; calls: string; plans: string; exec_ms: number; plan_ms: number }>(
    `SELECT query, calls, plans, total_exec_time AS exec_ms, total_plan_time AS plan_ms FROM pg_stat_statements
     WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time + total_plan_time DESC LIMIT 15`)).rows : [];
  await statements?.end();
  stop = true;
  await loops;
  agent.destroy();
  const n = latencies.length;
  if (topStatements.length) {
    console.log('PostgreSQL statements during the count (pg_stat_statements), costliest first:');
    console.table(topStatements.map((r) => ({
      perRequest: +(Number(r.calls) / n).toFixed(2), execUs: Math.round((r.exec_ms * 1000) / Number(r.calls)),
      planned: `${Math.round((100 * Number(r.plans)) / Number(r.calls))}%`, planUs: Math.round((r.plan_ms * 1000) / Math.max(1, Number(r.plans))),
      msPerRequest: +((r.exec_ms + r.plan_ms) / n).toFixed(3), query: r.query.replace(/\s+/g, ' ').slice(0, 80),
    })));
  }
  return {
    mixed: {
      people: PEOPLE, accounts: usable.map((a) => a.username).join(' '), seconds: +seconds.toFixed(1),
      requests: n, writes, requestsPerSecond: Math.round(n / seconds),
      p50Ms: +percentile(latencies, 50).toFixed(1), p99Ms: +percentile(latencies, 99).toFixed(1),
      errors, nodeCpuMsPerRequest: +(nodeMs / n).toFixed(2), postgresCpuMsPerRequest: +(pgMs / n).toFixed(2),
      // the load generator shares the two cores: what it costs per request bounds requests/s on a quiet machine too
      benchCpuMsPerRequest: +((benchCpu.user + benchCpu.system) / 1000 / n).toFixed(2),
      loadAverage1mBefore: +load1.toFixed(2), loadAverage1mAfter: +os.loadavg()[0].toFixed(2),
    },
    ...(refused.length && { leftOut: { accounts: refused.join('; ') } }),
    ...(errorKinds.size && { errorKinds: Object.fromEntries(errorKinds) }),
  };
}

// Starts `server/main.ts` as its own process on a temporary data directory (demo data seeded), so the
// load generator never shares an event loop with the server it measures.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/store/database.ts';

/** The built console the bench serves and weighs: dist/ unless BENCH_DIST names another build (e.g. .tmp/dist-<name>). */
export const BENCH_DIST = process.env.BENCH_DIST ?? 'dist';

export interface BenchServer {
  url: string;
  /** its embedded PostgreSQL (the bare-`pg` baseline of bench/menuLoad.ts queries it directly) */
  databaseUrl: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

export async function startServerProcess(staticDir = BENCH_DIST): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meal-bench-'));
  const port = await freePort();
  const pgPort = await freePort();
  const proc = spawn(process.execPath, [
    // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (node --cpu-prof)
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []),
    '--import', 'tsx', 'server/main.ts'], {
    // no camera health rounds unless asked: no bench measures them, and the devices bench's thousands of made-up play
    // URLs must not be fetched from outside this machine
    env: { DEVICE_HEALTH_EVERY_MS: '0', ...process.env, PORT: String(port), PG_PORT: String(pgPort), DATA_DIR: dataDir, STATIC_DIR: staticDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    proc.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('ready in')) resolve(); });
  });
  proc.stdout!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    // the password server/store/database.ts gives its embedded cluster
    databaseUrl: `postgresql://postgres:embedded@127.0.0.1:${pgPort}/postgres`,
    proc,
    async stop() {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function api<T>(url: string, init: RequestInit & { token?: string; key?: string } = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json', platform: 'web',
      ...(init.token ? { accesstoken: init.token } : {}), ...(init.key ? { key: init.key } : {}),
    },
  });
  const body = await res.json();
  if (body.status_code !== 200) throw new Error(`${url}: ${res.status} ${body.status_text}`);
  return body.data as T;
}

/**
 * CPU time (ms) used so far by a process and its descendants (the server and its embedded PostgreSQL), from
 * /proc; undefined where /proc is missing. Per request it is a figure other processes' load barely moves,
 * unlike requests per second on a shared machine.
 */
export function treeCpuMs(rootPid: number): number | undefined {
  const CLOCK_TICKS_PER_SECOND = 100;
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  const procs: { pid: number; ppid: number; ticks: number }[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      // state ppid … utime(12) stime(13) cutime(14) cstime(15): the last two are children that exited and were
      // reaped (PostgreSQL backends of closed pool connections), whose time would otherwise drop out of the sum
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.push({ pid: Number(d), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch { /* exited meanwhile */ }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) if (!tree.has(p.pid) && tree.has(p.ppid)) { tree.add(p.pid); grew = true; }
  }
  return procs.filter((p) => tree.has(p.pid)).reduce((ms, p) => ms + (p.ticks * 1000) / CLOCK_TICKS_PER_SECOND, 0);
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * Signs a demo user in, picks the org-app of `orgId` (else the first) and returns a caller bound to that
 * token and key: the same three requests the console makes before any screen.
 */
export async function apiSession(server: BenchServer, username: string, orgId?: string) {
  const password = process.env.DEMO_PASSWORD ?? 'demo1234';
  const { accesstoken: token } = await api<{ accesstoken: string }>(`${server.url}/v1/passport/login`, { method: 'POST', body: JSON.stringify({ username, password }) });
  const apps = await api<{ rows: { orgId: string; appId: string }[] }>(`${server.url}/v2/users/org/app`, { token });
  const app = apps.rows.find((o) => o.orgId === orgId) ?? apps.rows[0];
  const { key } = await api<{ key: string }>(`${server.url}/v1/token/orgappkey/encrypt`, { method: 'POST', token, body: JSON.stringify({ orgId: app.orgId, appId: app.appId }) });
  const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) => api<T>(`${server.url}${path}`, {
    method: init.method ?? 'GET', token, key, ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  return Object.assign(call, { token, key });
}

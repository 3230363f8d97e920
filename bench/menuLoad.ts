// Requests per second and latency of GET /v2/permission/user/menu under 50 concurrent connections.
import http from 'node:http';
import { api, percentile, type BenchServer } from './serverProcess.ts';
import type { LoginResult, ListResult, OrgApp } from '../domain/types.ts';

const CONNECTIONS = 50;
const DURATION_MS = 10_000;
const WARMUP_MS = 2_000;

export async function benchMenuLoad(server: BenchServer) {
  const login = await api<LoginResult>(`${server.url}/v1/passport/login`, {
    method: 'POST', body: JSON.stringify({ username: '13800000002', password: process.env.DEMO_PASSWORD ?? 'demo1234' }),
  });
  const orgApps = await api<ListResult<OrgApp>>(`${server.url}/v2/users/org/app`, { token: login.accesstoken });
  const first = orgApps.rows[0];
  const { key } = await api<{ key: string }>(`${server.url}/v1/token/orgappkey/encrypt`, {
    method: 'POST', token: login.accesstoken, body: JSON.stringify({ orgId: first.orgId, appId: first.appId }),
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const { hostname, port } = new URL(server.url);
  const get = () => new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const req = http.get({
      hostname, port, agent, path: '/v2/permission/user/menu?groupName=pcMenu',
      headers: { accesstoken: login.accesstoken, key, platform: 'web' },
    }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
  const run = async (ms: number) => {
    const latencies: number[] = [];
    const until = performance.now() + ms;
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) latencies.push(await get());
    }));
    return latencies;
  };
  await run(WARMUP_MS);
  const started = performance.now();
  const latencies = await run(DURATION_MS);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    connections: CONNECTIONS,
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: +percentile(latencies, 50).toFixed(1),
    p99Ms: +percentile(latencies, 99).toFixed(1),
  };
}

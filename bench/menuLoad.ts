// Requests per second and latency of GET /v2/permission/user/menu under 50 concurrent connections, with the
// server's CPU time per request (node + PostgreSQL) and the load average: on a shared machine requests per
// second halve when others' tests run, CPU per request does not.
import http from 'node:http';
import os from 'node:os';
import { apiSession, percentile, treeCpuMs, type BenchServer } from './serverProcess.ts';

const CONNECTIONS = 50;
const DURATION_MS = 10_000;
const WARMUP_MS = 2_000;

export async function benchMenuLoad(server: BenchServer) {
  const { token, key } = await apiSession(server, '13800000002');
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const { hostname, port } = new URL(server.url);
  const get = () => new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const req = http.get({
      hostname, port, agent, path: '/v2/permission/user/menu?groupName=pcMenu',
      headers: { accesstoken: token, key, platform: 'web' },
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
  const cpuBefore = treeCpuMs(server.proc.pid!);
  const started = performance.now();
  const latencies = await run(DURATION_MS);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = treeCpuMs(server.proc.pid!);
  agent.destroy();
  return {
    connections: CONNECTIONS,
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: +percentile(latencies, 50).toFixed(1),
    p99Ms: +percentile(latencies, 99).toFixed(1),
    serverCpuMsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? null : +((cpuAfter - cpuBefore) / latencies.length).toFixed(2),
    loadAverage1m: +os.loadavg()[0].toFixed(1),
  };
}

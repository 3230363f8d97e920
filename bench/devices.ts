// Bright kitchens at district scale (issue 33): 200 schools × 10 cameras in the bureau's area, each with a week of
// health behind it (online, offline, never checked) and some open tickets, written straight into the tables the
// device and inspection events project to. Then the bureau's area view, the §7 video device orgs list with each
// school's health (GET /v1/device/orgs?$limit=10000&disabled=0$n), and the list of all the area's cameras with
// uptime (GET /v1/device), ROUNDS times each: p50/p95 (goal: the area view under 300 ms p95).
// Run alone: node --import tsx bench/devices.ts
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiSession, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import type { DeviceList, DeviceOrgList } from '../contracts/devices.ts';

const SCHOOLS = 200;
const PER_SCHOOL = 10;
const ROUNDS = 30;

const stats = (xs: number[]) => ({ p50Ms: +percentile(xs, 50).toFixed(1), p95Ms: +percentile(xs, 95).toFixed(1) });

export async function fillDevices(databaseUrl: string, schools = SCHOOLS, perSchool = PER_SCHOOL): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('BEGIN');
    await client.query(`INSERT INTO orgs (org_id, name, org_type, kind, area, created_at)
      SELECT 'bench-school-' || s, '压测学校' || lpad(s::text, 3, '0'), 'formal', 'school', '城东区', now() FROM generate_series(1, $1::int) s`, [schools]);
    // a tenth offline for an hour, a twentieth never checked, the rest online for a week with an hour's outage
    await client.query(`INSERT INTO video_devices (org_id, id, name, type_id, area, play_url, protocol, enabled, company_id, online, since, online_ms, offline_ms, created_at, updated_at)
      SELECT 'bench-school-' || s, 'bench-dev-' || s || '-' || k, '摄像头' || k, '', '烹饪区', 'https://media.example.cn/live/' || s || '-' || k || '.m3u8', 'hls', k <> 9, 'company-azgs',
        CASE WHEN (s + k) % 20 = 0 THEN NULL WHEN (s + k) % 10 = 1 THEN false ELSE true END,
        CASE WHEN (s + k) % 20 = 0 THEN NULL WHEN (s + k) % 10 = 1 THEN now() - interval '1 hour' ELSE now() - interval '3 days' END,
        CASE WHEN (s + k) % 20 = 0 THEN 0 ELSE 4 * 86400000 END, CASE WHEN (s + k) % 20 = 0 THEN 0 ELSE 3600000 END, now(), now()
      FROM generate_series(1, $1::int) s CROSS JOIN generate_series(0, $2::int - 1) k`, [schools, perSchool]);
    await client.query(`INSERT INTO inspections (org_id, id, device_id, device_name, source, description, status, company_id, company_org_id, company_name, opened_by, opened_at, updated_at)
      SELECT 'bench-school-' || s, 'bench-insp-' || s || '-' || k, 'bench-dev-' || s || '-' || k, '摄像头' || k, 'health', '设备离线', 
        CASE k % 3 WHEN 0 THEN 'assigned' WHEN 1 THEN 'fixed' ELSE 'verified' END, 'company-azgs', 'org-azgs', '安心智能安装工程有限公司', 'system', now() - interval '2 hours', now()
      FROM generate_series(1, $1::int) s CROSS JOIN generate_series(1, 3) k`, [schools]);
    await client.query('COMMIT');
    await client.query('ANALYZE orgs; ANALYZE video_devices; ANALYZE inspections');
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

export async function benchDevices(server: BenchServer, opts: { schools?: number } = {}) {
  const schools = opts.schools ?? SCHOOLS;
  const bureau = await apiSession(server, '13800000005', 'org-cdjyj');
  const fillSeconds = await fillDevices(server.databaseUrl, schools);
  const calls = {
    areaView: () => bureau<DeviceOrgList>('/v1/device/orgs?$limit=10000&disabled=0$n'),
    areaCameras: () => bureau<DeviceList>('/v1/device'),
  };
  const runs: Record<string, number[]> = { areaView: [], areaCameras: [] };
  const counted: Record<string, number> = {};
  for (let r = 0; r < ROUNDS + 2; r++) {
    for (const [name, call] of Object.entries(calls)) {
      const t = performance.now();
      const list = await call();
      // the first two rounds warm the server up
      if (r >= 2) runs[name]!.push(performance.now() - t);
      counted[name] = list.count;
    }
  }
  return {
    'filled schools × cameras': { value: `${schools} × ${PER_SCHOOL}`, seconds: +fillSeconds.toFixed(1) },
    'area view (orgs with health)': { rows: counted.areaView, ...stats(runs.areaView!) },
    'area cameras (each with uptime)': { rows: counted.areaCameras, ...stats(runs.areaCameras!) },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.table(await benchDevices(server));
  } finally {
    await server.stop();
  }
}

// Purchase plans (issue 11): GET /v4/mall/recipe/purchaseplan for every week of the demo's published four-week
// cycle of each of the two demo schools, ROUNDS times: p50/p95 per school and the plan's size. No browser.
// Run alone: node --import tsx bench/purchasePlan.ts
import { fileURLToPath } from 'node:url';
import { apiSession, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import type { PurchasePlan } from '../contracts/purchasePlans.ts';
import type { RecipeCycleList } from '../contracts/recipeCycles.ts';

const ROUNDS = 10;
const SCHOOLS = ['org-ygsy', 'org-mdzx'];

export async function benchPurchasePlan(server: BenchServer) {
  const out: Record<string, unknown>[] = [];
  for (const orgId of SCHOOLS) {
    const purchaser = await apiSession(server, '13800000002', orgId);
    const cycle = (await purchaser<RecipeCycleList>('/v4/mall/recipe/cycle?status=published')).rows.find((c) => c.weeks === 4);
    if (!cycle) throw new Error(`${orgId}: no published four-week cycle`);
    const times: number[] = [];
    let lines = 0;
    let unmatched = 0;
    for (let r = 0; r < ROUNDS; r++) {
      for (let week = 1; week <= 4; week++) {
        const t = performance.now();
        const plan = await purchaser<PurchasePlan>(`/v4/mall/recipe/purchaseplan?cycleId=${cycle.id}&week=${week}`);
        times.push(performance.now() - t);
        if (r === 0) { lines += plan.lines.length; unmatched += plan.unmatched.length; }
      }
    }
    out.push({ school: orgId, weeks: 4, requests: times.length, lines, unmatched, p50Ms: +percentile(times, 50).toFixed(1), p95Ms: +percentile(times, 95).toFixed(1) });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try { console.table(await benchPurchasePlan(server)); } finally { await server.stop(); }
}

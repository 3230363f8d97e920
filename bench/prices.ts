// SKU prices at scale (§9 price upload batches of 60): the supplier imports 10,000 prices through
// POST /v5/mall/sku/importprice in batches of 60, as the console's progress bar does; then the store is filled
// to 100,000 pending prices and the bureau's approval queue is listed (first page with count, a category
// filter, a deep page) and a school reads its effective prices. Run alone: node --import tsx bench/prices.ts
import { fileURLToPath } from 'node:url';
import { apiSession, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import type { ListResult } from '../domain/types.ts';
import { BATCH } from '../domain/constants.ts';

const IMPORTED = 10_000;
const QUEUE = 100_000;
const SKUS_PER_PRODUCT = 100;
const FILL_BATCH = 1000;
const ROUNDS = 20;


const stats = (xs: number[]) => ({ p50Ms: +percentile(xs, 50).toFixed(1), p95Ms: +percentile(xs, 95).toFixed(1) });

export async function benchPrices(server: BenchServer, opts: { imported?: number; queue?: number } = {}) {
  const imported = opts.imported ?? IMPORTED;
  const queue = opts.queue ?? QUEUE;
  const supplier = await apiSession(server, '13800000003', 'org-xfsp');
  const bureau = await apiSession(server, '13800000005', 'org-cdjyj');
  const school = await apiSession(server, '13800000002', 'org-ygsy');
  const groups = await supplier<ListResult<{ roleGroupId: string; priceApprovalEnable: boolean }>>('/v4/mall/rolegroup/config');
  // both purchaser groups need approval, so every filled price waits in the queue (two keys per SKU)
  for (const g of groups.rows) {
    await bureau(`/v4/mall/rolegroup/config/${g.roleGroupId}`, { method: 'PUT', body: { priceApprovalEnable: true, priceModifyLimitEnable: false } });
  }
  const groupIds = groups.rows.map((g) => g.roleGroupId);
  const categories = await supplier<ListResult<{ id: string }>>('/v2/category?groupName=mallProduct');

  // SKUs: enough for `queue` distinct (SKU, role group) pairs
  const skuCount = Math.ceil(queue / groupIds.length);
  const skuIds: string[] = [];
  const skuStarted = performance.now();
  for (let p = 0; skuIds.length < skuCount; p++) {
    const n = Math.min(SKUS_PER_PRODUCT, skuCount - skuIds.length);
    const product = await supplier<{ skus: { skuId: string }[] }>('/v4/mall/product', {
      method: 'POST',
      body: {
        name: `压测商品${p}`, categoryId: categories.rows[p % categories.rows.length].id, unit: '斤',
        skus: Array.from({ length: n }, (_, i) => ({ name: `压测商品${p}-${i}`, unit: '斤' })),
      },
    });
    skuIds.push(...product.skus.map((s) => s.skuId));
  }
  const skuSeconds = (performance.now() - skuStarted) / 1000;

  const row = (i: number) => ({ skuId: skuIds[Math.floor(i / groupIds.length)], roleGroupId: groupIds[i % groupIds.length], price: ((i % 5000) + 100) / 100 });

  // 1. the import as the console does it: batches of 60, one after another
  const batchMs: number[] = [];
  const importStarted = performance.now();
  for (let from = 0; from < imported; from += BATCH.priceUpload) {
    const rows = Array.from({ length: Math.min(BATCH.priceUpload, imported - from) }, (_, j) => row(from + j));
    const t = performance.now();
    await supplier('/v5/mall/sku/importprice', { method: 'POST', body: { skuPrice: rows, remark: '压测导入', eduOrgId: 'org-cdjyj' } });
    batchMs.push(performance.now() - t);
  }
  const importSeconds = (performance.now() - importStarted) / 1000;

  // 2. fill to `queue` pending prices in larger batches (not measured as the console's import)
  const fillStarted = performance.now();
  for (let from = imported; from < queue; from += FILL_BATCH) {
    const rows = Array.from({ length: Math.min(FILL_BATCH, queue - from) }, (_, j) => row(from + j));
    await supplier('/v5/mall/sku/importprice', { method: 'POST', body: { skuPrice: rows } });
  }
  const fillSeconds = (performance.now() - fillStarted) / 1000;

  // 3. the approval queue and the school's view at that size
  const first: number[] = [];
  const byCategory: number[] = [];
  const deep: number[] = [];
  const effective: number[] = [];
  let pending = 0;
  for (let r = 0; r < ROUNDS; r++) {
    let t = performance.now();
    const page = await bureau<ListResult<unknown>>('/v5/mall/sku/price?isCheck=0&$limit=50');
    first.push(performance.now() - t);
    pending = page.count;
    t = performance.now();
    await bureau<ListResult<unknown>>(`/v5/mall/sku/price?isCheck=0&supplierId=org-xfsp&categoryId=${categories.rows[r % categories.rows.length].id}&$limit=50`);
    byCategory.push(performance.now() - t);
    t = performance.now();
    await bureau<ListResult<unknown>>(`/v5/mall/sku/price?isCheck=0&$limit=50&$skip=${Math.floor(queue / 2)}`);
    deep.push(performance.now() - t);
    t = performance.now();
    await school<ListResult<unknown>>('/v5/mall/sku/price/latest-price?$groupby=skuId,roleGroupId');
    effective.push(performance.now() - t);
  }
  return {
    skus: skuIds.length,
    skuCreateSeconds: +skuSeconds.toFixed(1),
    importedPrices: imported,
    importBatches: batchMs.length,
    importSeconds: +importSeconds.toFixed(1),
    importBatchP50Ms: stats(batchMs).p50Ms,
    importBatchP95Ms: stats(batchMs).p95Ms,
    fillSeconds: +fillSeconds.toFixed(1),
    pendingInQueue: pending,
    queueFirstPage: stats(first),
    queueByCategory: stats(byCategory),
    queueDeepPage: stats(deep),
    schoolEffectivePrices: stats(effective),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.log(JSON.stringify(await benchPrices(server), null, 2));
  } finally {
    await server.stop();
  }
}

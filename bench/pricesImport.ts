// The all-or-nothing price import (services/mall/imports.ts, server/modules/mall/importRoutes.ts): 10,000 prices
// staged through an import session in batches of 60 (§9), each batch checked on arrival, then one commit that
// appends all of them in one transaction. Run alone: node --import tsx bench/pricesImport.ts
import { fileURLToPath } from 'node:url';
import { apiSession, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import type { ListResult } from '../domain/types.ts';
import { BATCH } from '../domain/constants.ts';

const IMPORTED = 10_000;
const SKUS_PER_PRODUCT = 100;


/** Imports `imported` prices (default 10,000) through the session path in batches of 60 and reports the timings. */
export async function benchPricesImport(server: BenchServer, opts: { imported?: number } = {}) {
  const imported = opts.imported ?? IMPORTED;
  const supplier = await apiSession(server, '13800000003', 'org-xfsp');
  const groups = await supplier<ListResult<{ roleGroupId: string }>>('/v4/mall/rolegroup/config');
  const groupIds = groups.rows.map((g) => g.roleGroupId);
  const categories = await supplier<ListResult<{ id: string }>>('/v2/category?groupName=mallProduct');
  const skuIds: string[] = [];
  const skuCount = Math.ceil(imported / groupIds.length);
  for (let p = 0; skuIds.length < skuCount; p++) {
    const n = Math.min(SKUS_PER_PRODUCT, skuCount - skuIds.length);
    const product = await supplier<{ skus: { skuId: string }[] }>('/v4/mall/product', {
      method: 'POST',
      body: { name: `导入压测${p}`, categoryId: categories.rows[p % categories.rows.length].id, unit: '斤', skus: Array.from({ length: n }, (_, i) => ({ name: `导入压测${p}-${i}`, unit: '斤' })) },
    });
    skuIds.push(...product.skus.map((s) => s.skuId));
  }
  const row = (i: number) => ({ row: i + 2, skuId: skuIds[Math.floor(i / groupIds.length)], roleGroupId: groupIds[i % groupIds.length], price: ((i % 5000) + 100) / 100 });

  const started = performance.now();
  const { id } = await supplier<{ id: string }>('/v5/mall/sku/importprice/session', { method: 'POST', body: { remark: '压测导入' } });
  const batchMs: number[] = [];
  for (let from = 0; from < imported; from += BATCH.priceUpload) {
    const rows = Array.from({ length: Math.min(BATCH.priceUpload, imported - from) }, (_, j) => row(from + j));
    const t = performance.now();
    await supplier(`/v5/mall/sku/importprice/session/${id}`, { method: 'POST', body: { skuPrice: rows } });
    batchMs.push(performance.now() - t);
  }
  const stagedSeconds = (performance.now() - started) / 1000;
  const c = performance.now();
  const result = await supplier<{ count: number }>(`/v5/mall/sku/importprice/session/${id}/commit`, { method: 'POST', body: {} });
  const commitSeconds = (performance.now() - c) / 1000;
  return {
    importedPrices: result.count,
    batches: batchMs.length,
    batchP50Ms: +percentile(batchMs, 50).toFixed(1),
    batchP95Ms: +percentile(batchMs, 95).toFixed(1),
    stageSeconds: +stagedSeconds.toFixed(1),
    commitSeconds: +commitSeconds.toFixed(1),
    totalSeconds: +((performance.now() - started) / 1000).toFixed(1),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.log(JSON.stringify(await benchPricesImport(server), null, 2));
  } finally {
    await server.stop();
  }
}
